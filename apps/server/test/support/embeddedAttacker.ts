// An attacker with the operator's access: every embedded_* row (read and write) and every server
// secret. `tryToRebuild` decrypts whatever that opens, feeds every output back in as a key, and
// tries every combination of what it found as shares or as the entropy itself.
import { pbkdf2Sync } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import {
  combineShares,
  EIP155_DERIVATION_PATH,
  openSealedBox,
  type WalletAddresses,
} from '@foyer/frame'
import { HDKey } from '@scure/bip32'
import { entropyToMnemonic } from '@scure/bip39'
import { wordlist } from '@scure/bip39/wordlists/english.js'
import { type Kysely, sql } from 'kysely'
import { bytesToHex, type Hex, hexToBytes } from 'viem'
import { privateKeyToAddress } from 'viem/accounts'
import type { Database } from '../../src/db/schema.ts'
import { createShareCipher } from '../../src/embedded/shareCipher.ts'
import { decryptBlob, unwrapWithPassword, type WrappedKey } from './embeddedCustody.ts'

export type OperatorLoot = {
  /** Every row of every embedded_* table, by table. */
  tables: Record<string, Record<string, unknown>[]>
  /** The dev secrets file (session secret, share key, any recovery secret key). */
  secrets: Record<string, string>
}

/** Reads all the operator holds: the whole embedded-wallet database and the secrets file. */
export async function readEverything(db: Kysely<Database>, dataDir: string): Promise<OperatorLoot> {
  const names = await sql<{ table_name: string }>`
    select table_name from information_schema.tables
    where table_schema = current_schema() and table_name like 'embedded\\_%'`.execute(db)
  const tables: OperatorLoot['tables'] = {}
  for (const { table_name } of names.rows)
    tables[table_name] = (
      await sql<Record<string, unknown>>`select * from ${sql.table(table_name)}`.execute(db)
    ).rows
  const secrets = JSON.parse(
    readFileSync(join(dataDir, 'embedded-secrets.json'), 'utf8'),
  ) as Record<string, string>
  return { tables, secrets }
}

type Box = { iv: Hex; ciphertext: Hex }
type Sealed = { version: 1; ephemeralPublicKey: Hex; iv: Hex; ciphertext: Hex }

export type TryToRebuildOptions = {
  /** Passwords tried against every password-wrapped recovery key (offline guessing). */
  passwordGuesses?: readonly string[] | undefined
  /** Keys the attacker got from elsewhere (positive controls: the routine does find a wallet). */
  extraKeys?: readonly Uint8Array[] | undefined
}

/**
 * True when anything derivable from `loot` (plus the options) rebuilds the wallet at `target`.
 * `material` counts the byte strings it tried.
 */
export async function tryToRebuild(
  loot: OperatorLoot,
  target: WalletAddresses,
  options: TryToRebuildOptions = {},
): Promise<{ rebuilt: boolean; material: number }> {
  const material = new Map<string, Uint8Array>()
  const add = (bytes: Uint8Array) => {
    if (bytes.length > 0) material.set(bytesToHex(bytes), bytes)
  }
  const boxes: Box[] = []
  const sealed: Sealed[] = []
  const wrapped: WrappedKey[] = []

  const walk = (value: unknown) => {
    if (typeof value === 'string') {
      if (/^(0x)?([0-9a-fA-F]{2})+$/.test(value)) add(hexToBytes(`0x${value.replace(/^0x/, '')}`))
      if (/^[A-Za-z0-9_-]{16,}$/.test(value)) add(new Uint8Array(Buffer.from(value, 'base64url')))
      if (/^[A-Za-z0-9+/]{16,}={0,2}$/.test(value))
        add(new Uint8Array(Buffer.from(value, 'base64')))
      // jsonb may come back as text: look inside.
      if (value.startsWith('{') || value.startsWith('['))
        try {
          walk(JSON.parse(value))
        } catch {}
      return
    }
    if (Array.isArray(value)) return value.forEach(walk)
    if (value && typeof value === 'object' && !(value instanceof Date)) {
      const object = value as Record<string, unknown>
      if (typeof object.iv === 'string' && typeof object.ciphertext === 'string') {
        if (typeof object.ephemeralPublicKey === 'string') sealed.push(object as Sealed)
        else if (object.kdf) wrapped.push(object as WrappedKey)
        else boxes.push(object as Box)
      }
      Object.values(object).forEach(walk)
    }
  }
  walk(loot.tables)
  walk(loot.secrets)
  for (const key of options.extraKeys ?? []) add(key)

  // Auth shares at rest: AES-GCM bound to user and share set, under any 32-byte key found.
  const shareSetRows = loot.tables.embedded_share_sets ?? []
  const tryAll = async (attempt: () => Promise<Uint8Array> | Uint8Array) => {
    try {
      add(await attempt())
    } catch {}
  }
  for (const { password, box } of (options.passwordGuesses ?? []).flatMap((password) =>
    wrapped.filter((box) => box.kdf.name === 'scrypt').map((box) => ({ password, box })),
  ))
    await tryAll(() => unwrapWithPassword(box, password))

  // Every output may be a key to something else: try each 32-byte value against everything
  // encrypted, until nothing new opens. What is encrypted does not change, so a value tried once
  // has given all it can.
  const tried = new Set<string>()
  for (;;) {
    const keys = [...material.entries()].filter(
      ([hex, bytes]) => bytes.length === 32 && !tried.has(hex),
    )
    if (keys.length === 0) break
    for (const [hex, key] of keys) {
      tried.add(hex)
      const cipher = createShareCipher(key)
      for (const row of shareSetRows)
        await tryAll(() =>
          cipher.decrypt(
            String(row.auth_share_encrypted),
            `foyer/auth-share/v1:${row.user_id}:${row.share_set_id}`,
          ),
        )
      for (const box of [...boxes, ...wrapped]) await tryAll(() => decryptBlob(key, box))
      for (const box of sealed) await tryAll(() => openSealedBox(box, bytesToHex(key)))
    }
  }

  // The entropy itself (32 bytes), or two shares of one split (33 bytes) that rebuild it.
  const all = [...material.values()]
  for (const candidate of all.filter((bytes) => bytes.length === 32))
    if (eip155AddressOf(candidate) === target.eip155) return { rebuilt: true, material: all.length }
  const shares = all.filter((bytes) => bytes.length === 33)
  for (let i = 0; i < shares.length; i++)
    for (let j = i + 1; j < shares.length; j++) {
      const entropy = await combineShares([shares[i]!, shares[j]!]).catch(() => undefined)
      if (entropy && eip155AddressOf(entropy) === target.eip155)
        return { rebuilt: true, material: all.length }
    }
  return { rebuilt: false, material: all.length }
}

/**
 * The eip155 address a wallet with this entropy has, derived as the frame derives it (BIP-39 seed,
 * BIP-44 path) but with Node's native PBKDF2: the frame's portable derivation takes about 100 ms,
 * and the attacker tries every candidate and every pair of shares the database gives.
 */
function eip155AddressOf(entropy: Uint8Array): Hex | undefined {
  let mnemonic: string
  try {
    mnemonic = entropyToMnemonic(entropy, wordlist)
  } catch {
    return undefined // not a length BIP-39 entropy can have
  }
  const seed = pbkdf2Sync(mnemonic.normalize('NFKD'), 'mnemonic', 2048, 64, 'sha512')
  const privateKey = HDKey.fromMasterSeed(seed).derive(EIP155_DERIVATION_PATH).privateKey
  return privateKey ? privateKeyToAddress(bytesToHex(privateKey)) : undefined
}
