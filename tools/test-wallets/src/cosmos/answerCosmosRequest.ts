import type { StdSignDoc } from '@cosmjs/amino'
import { fromBase64, toBase64 } from '@cosmjs/encoding'
import type { CosmosTestWallet } from './createCosmosTestWallet.ts'
import { KeplrWalletError } from './errors.ts'

/** The WalletConnect cosmos methods the test wallet answers (WalletConnect Cosmos RPC). */
export const COSMOS_WALLETCONNECT_METHODS = [
  'cosmos_getAccounts',
  'cosmos_signDirect',
  'cosmos_signAmino',
] as const

export type AnswerCosmosRequestParameters = {
  method: string
  params: unknown
  /** The chain the request is for (the CAIP-2 reference: `foyer-local-1`). */
  chainId: string
  wallet: CosmosTestWallet
}
export type AnswerCosmosRequestReturnType = unknown
export type AnswerCosmosRequestErrorType = KeplrWalletError & { code?: number }

/** WalletConnect's "user rejected" code. */
const USER_REJECTED = 5000

/**
 * Answers a WalletConnect cosmos request with the test wallet (Keplr's API): `cosmos_getAccounts`
 * with the base64 public key, `cosmos_signDirect` with the sign doc's bytes in base64 both ways,
 * `cosmos_signAmino` as is (ADR-36 docs included). Refusals reject with WalletConnect's 5000.
 */
export async function answerCosmosRequest(
  parameters: AnswerCosmosRequestParameters,
): Promise<AnswerCosmosRequestReturnType> {
  const { method, chainId, wallet } = parameters
  const input = (parameters.params ?? {}) as Record<string, unknown>
  const signer = String(input.signerAddress ?? '')
  // The session's approval is the site's authorisation.
  await wallet.enable(chainId)
  try {
    switch (method) {
      case 'cosmos_getAccounts': {
        const key = await wallet.getKey(chainId)
        return [{ algo: key.algo, address: key.bech32Address, pubkey: toBase64(key.pubKey) }]
      }
      case 'cosmos_signDirect': {
        const doc = (input.signDoc ?? {}) as Record<string, string | undefined>
        const { signature, signed } = await wallet.signDirect(chainId, signer, {
          chainId: doc.chainId,
          accountNumber: BigInt(doc.accountNumber ?? 0),
          bodyBytes: fromBase64(doc.bodyBytes ?? ''),
          authInfoBytes: fromBase64(doc.authInfoBytes ?? ''),
        })
        return {
          signature,
          signed: {
            chainId: signed.chainId,
            accountNumber: signed.accountNumber.toString(),
            bodyBytes: toBase64(signed.bodyBytes),
            authInfoBytes: toBase64(signed.authInfoBytes),
          },
        }
      }
      case 'cosmos_signAmino':
        return await wallet.signAmino(chainId, signer, input.signDoc as StdSignDoc)
      default:
        throw Object.assign(new KeplrWalletError(`Unsupported method ${method}`), { code: 4200 })
    }
  } catch (error) {
    if (error instanceof KeplrWalletError && error.message.startsWith('Request rejected'))
      throw Object.assign(error, { code: USER_REJECTED })
    throw error
  }
}
