import { createHmac, pbkdf2Sync } from 'node:crypto'
import {
  type Address,
  createKeyPairSignerFromPrivateKeyBytes,
  type KeyPairSigner,
} from '@solana/kit'
import { anvilMnemonic } from '../accounts.ts'

export type SolanaDevAccount = {
  address: Address
  /** 64 bytes (private seed then public key): the `solana-keygen` JSON and Phantom import format. */
  secretKey: number[]
}

export type DeriveSolanaDevAccountsParameters = {
  count: number
  start?: number | undefined
  mnemonic?: string | undefined
}

const hardened = 0x8000_0000

/**
 * Derives Solana dev accounts from a mnemonic with SLIP-10 ed25519 on `m/44'/501'/i'/0'`, the path
 * Phantom and Solflare use, so importing the dev mnemonic into a wallet shows the same accounts.
 */
export async function deriveSolanaDevAccounts(
  parameters: DeriveSolanaDevAccountsParameters,
): Promise<{ account: SolanaDevAccount; signer: KeyPairSigner }[]> {
  const { count, start = 0, mnemonic = anvilMnemonic } = parameters
  const seed = pbkdf2Sync(mnemonic.normalize('NFKD'), 'mnemonic', 2048, 64, 'sha512')
  return Promise.all(
    Array.from({ length: count }, async (_, offset) => {
      const privateKey = slip10Ed25519(seed, [44, 501, start + offset, 0])
      const signer = await createKeyPairSignerFromPrivateKeyBytes(privateKey)
      const publicKey = new Uint8Array(
        await crypto.subtle.exportKey('raw', signer.keyPair.publicKey),
      )
      return {
        account: { address: signer.address, secretKey: [...privateKey, ...publicKey] },
        signer,
      }
    }),
  )
}

/** SLIP-10 for ed25519: every level is hardened. Returns the 32-byte private key. */
export function slip10Ed25519(seed: Uint8Array, path: number[]): Uint8Array {
  let digest = createHmac('sha512', 'ed25519 seed').update(seed).digest()
  for (const index of path) {
    const data = Buffer.alloc(37)
    digest.copy(data, 1, 0, 32)
    data.writeUInt32BE((index + hardened) >>> 0, 33)
    digest = createHmac('sha512', digest.subarray(32)).update(data).digest()
  }
  return new Uint8Array(digest.subarray(0, 32))
}
