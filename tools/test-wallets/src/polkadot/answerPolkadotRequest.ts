import type { SignerPayloadJSON } from '@polkadot/types/types'
import { isHex, stringToHex } from '@polkadot/util'
import type { PolkadotTestWallet } from './createPolkadotTestWallet.ts'
import { PolkadotExtensionError } from './errors.ts'

/** The WalletConnect polkadot methods the test wallet answers (WalletConnect Polkadot RPC). */
export const POLKADOT_WALLETCONNECT_METHODS = [
  'polkadot_signTransaction',
  'polkadot_signMessage',
] as const

export type AnswerPolkadotRequestParameters = {
  method: string
  params: unknown
  wallet: PolkadotTestWallet
}
export type AnswerPolkadotRequestReturnType = { id: number; signature: string }
export type AnswerPolkadotRequestErrorType = PolkadotExtensionError & { code?: number }

/** WalletConnect's "user rejected" code. */
const USER_REJECTED = 5000

/**
 * Answers a WalletConnect polkadot request with the test wallet's signer: `polkadot_signMessage`
 * signs the `<Bytes>`-wrapped message (`signRaw`), `polkadot_signTransaction` the extrinsic payload
 * (`signPayload`). Refusals reject with WalletConnect's 5000.
 */
export async function answerPolkadotRequest(
  parameters: AnswerPolkadotRequestParameters,
): Promise<AnswerPolkadotRequestReturnType> {
  const { method, wallet } = parameters
  const input = (parameters.params ?? {}) as Record<string, unknown>
  // The session's approval is the site's authorisation.
  const { signer } = await wallet.enable('WalletConnect')
  try {
    switch (method) {
      case 'polkadot_signMessage': {
        const message = String(input.message ?? '')
        return await signer.signRaw({
          address: String(input.address),
          data: isHex(message) ? message : stringToHex(message),
          type: 'bytes',
        })
      }
      case 'polkadot_signTransaction':
        return await signer.signPayload(input.transactionPayload as SignerPayloadJSON)
      default:
        throw Object.assign(new PolkadotExtensionError(`Unsupported method ${method}`), {
          code: 4200,
        })
    }
  } catch (error) {
    if (error instanceof PolkadotExtensionError && error.message.startsWith('Cancelled'))
      throw Object.assign(error, { code: USER_REJECTED })
    throw error
  }
}
