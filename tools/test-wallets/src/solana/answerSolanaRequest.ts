import {
  createSolanaRpc,
  getBase58Decoder,
  getBase58Encoder,
  getBase64EncodedWireTransaction,
  getBase64Encoder,
  getSignatureFromTransaction,
  getTransactionDecoder,
  type KeyPairSigner,
  partiallySignTransaction,
  signBytes,
} from '@solana/kit'
import { invalidParams, type SolanaWalletError, unauthorized, unsupportedMethod } from './errors.ts'

/** WalletConnect's Solana methods the test wallets answer (and approve in their sessions). */
export const SOLANA_WALLETCONNECT_METHODS = [
  'solana_signMessage',
  'solana_signTransaction',
  'solana_signAndSendTransaction',
  'solana_getAccounts',
  'solana_requestAccounts',
] as const

export type AnswerSolanaRequestParameters = {
  method: string
  params: unknown
  /** The session's Solana key. */
  signer: KeyPairSigner
  /** Where `solana_signAndSendTransaction` sends (the cluster of the request's chain). */
  rpcUrl: string
}

/** The JSON-RPC result to send back to the dapp. */
export type AnswerSolanaRequestReturnType = unknown

export type AnswerSolanaRequestErrorType = SolanaWalletError

/**
 * Carries out an approved WalletConnect Solana request as a wallet app does (WalletConnect's Solana
 * RPC reference): messages arrive base58-encoded, transactions base64-encoded; signatures go back
 * base58-encoded, a signed transaction base64-encoded. Sent transactions go to `rpcUrl`.
 */
export async function answerSolanaRequest(
  parameters: AnswerSolanaRequestParameters,
): Promise<AnswerSolanaRequestReturnType> {
  const { method, params, signer, rpcUrl } = parameters
  const input = (params ?? {}) as Record<string, unknown>
  const assertSigner = () => {
    const pubkey = input.pubkey ?? input.address
    if (pubkey !== undefined && pubkey !== signer.address) throw unauthorized()
  }
  const readTransaction = () => {
    if (typeof input.transaction !== 'string')
      throw invalidParams(`${method} needs { transaction: base64 }.`)
    const bytes = new Uint8Array(getBase64Encoder().encode(input.transaction))
    // Partially: a transaction may carry other signers (e.g. a new mint) signed by the app.
    return partiallySignTransaction([signer.keyPair], getTransactionDecoder().decode(bytes))
  }

  switch (method) {
    case 'solana_getAccounts':
    case 'solana_requestAccounts':
      return [{ pubkey: signer.address }]
    case 'solana_signMessage': {
      if (typeof input.message !== 'string')
        throw invalidParams('solana_signMessage needs { message: base58, pubkey }.')
      assertSigner()
      const message = new Uint8Array(getBase58Encoder().encode(input.message))
      const signature = await signBytes(signer.keyPair.privateKey, message)
      return { signature: getBase58Decoder().decode(signature) }
    }
    case 'solana_signTransaction': {
      assertSigner()
      const signed = await readTransaction()
      return {
        signature: getSignatureFromTransaction(signed),
        transaction: getBase64EncodedWireTransaction(signed),
      }
    }
    case 'solana_signAndSendTransaction': {
      assertSigner()
      const signed = await readTransaction()
      const options = (input.sendOptions ?? {}) as {
        skipPreflight?: boolean
        preflightCommitment?: 'processed' | 'confirmed' | 'finalized'
        maxRetries?: number
      }
      const signature = await createSolanaRpc(rpcUrl)
        .sendTransaction(getBase64EncodedWireTransaction(signed), {
          encoding: 'base64',
          preflightCommitment: options.preflightCommitment ?? 'confirmed',
          skipPreflight: options.skipPreflight,
          maxRetries: options.maxRetries === undefined ? undefined : BigInt(options.maxRetries),
        })
        .send()
      return { signature }
    }
    default:
      throw unsupportedMethod(method)
  }
}
