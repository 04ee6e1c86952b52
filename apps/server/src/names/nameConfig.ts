import { readFile } from 'node:fs/promises'
import type { Hex } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { normalize } from 'viem/ens'
import { ConfigError, DevnetFileError } from '../errors.ts'

/** Names the server registers and serves (`FOYER_NAME_ZONE`, `FOYER_NAME_GATEWAY_KEY`). */
export type NameOptions = {
  /** The parent name visitors register under, e.g. `foyer.eth`. */
  zone: string
  /**
   * The private key the zone's offchain resolver trusts; the CCIP-read gateway signs with it.
   * Without it names are registered and answered by the API, but ENS clients cannot resolve them.
   */
  gatewayKey?: Hex | undefined
}

/** A zone: a normalized ENS name of at least two labels of letters, digits and hyphens. */
export function parseNameZone(variable: string, value: string): string {
  const zone = value.trim().toLowerCase()
  const labels = zone.split('.')
  let normalized: string | undefined
  try {
    normalized = normalize(zone)
  } catch {
    normalized = undefined
  }
  if (
    labels.length < 2 ||
    labels.some((label) => !/^[a-z0-9-]+$/.test(label)) ||
    normalized !== zone
  )
    throw new ConfigError(
      `${variable} must be a name of two or more labels of letters, digits and hyphens, e.g. foyer.eth, got "${value}"`,
    )
  return zone
}

/** A secp256k1 private key, `0x` + 64 hex characters (the `0x` may be left out). */
export function parseGatewayKey(variable: string, value: string): Hex {
  const text = value.trim()
  const key = (text.startsWith('0x') ? text : `0x${text}`) as Hex
  // The message never quotes the value: it is a secret.
  const refusal = new ConfigError(
    `${variable} must be a private key: 0x followed by 64 hex characters`,
  )
  if (!/^0x[0-9a-fA-F]{64}$/.test(key)) throw refusal
  try {
    privateKeyToAccount(key)
  } catch {
    throw refusal
  }
  return key
}

/**
 * FOYER_NAME_ZONE and FOYER_NAME_GATEWAY_KEY; neither → no names (the devnet file may still
 * bring the local world's). A key without a zone is a mistake and stops the start.
 */
export function readNameOptions(env: Record<string, string | undefined>): NameOptions | undefined {
  const zone = env.FOYER_NAME_ZONE?.trim()
  const key = env.FOYER_NAME_GATEWAY_KEY?.trim()
  if (!zone) {
    if (key)
      throw new ConfigError(
        'FOYER_NAME_GATEWAY_KEY is set without FOYER_NAME_ZONE: set the zone its resolver serves (e.g. foyer.eth)',
      )
    return undefined
  }
  return {
    zone: parseNameZone('FOYER_NAME_ZONE', zone),
    gatewayKey: key ? parseGatewayKey('FOYER_NAME_GATEWAY_KEY', key) : undefined,
  }
}

/**
 * The local world's names from its devnet file (`names`: zone and the dev gateway key its
 * resolvers trust), so `serve --dev` with FOYER_DEVNET_FILE resolves them without more settings.
 */
export async function loadDevnetNames(file: string): Promise<NameOptions | undefined> {
  let devnet: { names?: { zone?: unknown; gatewaySigner?: { privateKey?: unknown } } }
  try {
    devnet = JSON.parse(await readFile(file, 'utf8'))
  } catch (error) {
    throw new DevnetFileError(`Cannot read the devnet file ${file}`, { cause: error })
  }
  const names = devnet.names
  if (!names) return undefined
  const privateKey = names.gatewaySigner?.privateKey
  if (typeof names.zone !== 'string' || typeof privateKey !== 'string')
    throw new DevnetFileError(`The devnet file ${file} is malformed at names`)
  return {
    zone: parseNameZone(`${file} names.zone`, names.zone),
    gatewayKey: parseGatewayKey(`${file} names.gatewaySigner.privateKey`, privateKey),
  }
}
