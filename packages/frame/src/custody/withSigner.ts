import { ed25519 } from '@noble/curves/ed25519.js'
import { bytesToHex, type LocalAccount } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { BaseError, ShareMismatchError } from '../errors.ts'
import { deriveWalletKeys, type WalletAddresses } from './deriveWalletKeys.ts'
import { combineShares } from './splitSecret.ts'

export type SolanaSigner = {
  address: string
  publicKey: Uint8Array
  /** Ed25519 signature (64 bytes) over `message`. */
  signMessage: (message: Uint8Array) => Uint8Array
}

export type SignerAccounts = {
  eip155: LocalAccount
  solana: SolanaSigner
}

export type WithSignerOptions = {
  /**
   * The addresses the wallet is known by. When given, shares that rebuild another key (a share of
   * another split, a tampered or foreign share) are refused before anything is signed.
   */
  expectedAddresses?: Partial<WalletAddresses>
}

export type WithSignerErrorType = ShareMismatchError | BaseError

/**
 * Rebuilds the wallet from two shares for one operation: derives its keys, runs `fn`, then zeroes
 * every buffer it made and revokes the accounts, so a reference kept by `fn` cannot sign later.
 * (viem keeps the eip155 key as a hex string, which JS cannot wipe; it becomes unreachable.)
 */
export async function withSigner<result>(
  shares: readonly [Uint8Array, Uint8Array],
  fn: (accounts: SignerAccounts) => Promise<result> | result,
  options: WithSignerOptions = {},
): Promise<result> {
  const entropy = await combineShares(shares)
  let keys: ReturnType<typeof deriveWalletKeys> | undefined
  let revoked = false
  try {
    keys = deriveWalletKeys(entropy)
    const { expectedAddresses } = options
    if (
      (expectedAddresses?.eip155 &&
        expectedAddresses.eip155.toLowerCase() !== keys.addresses.eip155.toLowerCase()) ||
      (expectedAddresses?.solana && expectedAddresses.solana !== keys.addresses.solana)
    )
      throw new ShareMismatchError()
    const solanaPrivateKey = keys.solanaPrivateKey
    const guard =
      <args extends unknown[], value>(action: (...a: args) => value) =>
      (...a: args): value => {
        if (revoked) throw new BaseError('Signer used after its operation ended')
        return action(...a)
      }
    const account = privateKeyToAccount(bytesToHex(keys.eip155PrivateKey))
    const eip155: LocalAccount = {
      ...account,
      sign: guard(account.sign),
      signAuthorization: guard(account.signAuthorization),
      signMessage: guard(account.signMessage),
      signTransaction: guard(account.signTransaction),
      signTypedData: guard(account.signTypedData),
    } as LocalAccount
    const solana: SolanaSigner = {
      address: keys.addresses.solana,
      publicKey: keys.solanaPublicKey,
      signMessage: guard((message: Uint8Array) => ed25519.sign(message, solanaPrivateKey)),
    }
    return await fn({ eip155, solana })
  } finally {
    revoked = true
    entropy.fill(0)
    keys?.eip155PrivateKey.fill(0)
    keys?.solanaPrivateKey.fill(0)
  }
}
