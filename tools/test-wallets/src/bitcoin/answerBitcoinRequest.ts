import type { BitcoinTestWallet } from './createBitcoinTestWallet.ts'
import { BitcoinWalletError, invalidParams, methodNotFound, SATS_CONNECT_ERRORS } from './errors.ts'

/** The WalletConnect bip122 methods the test wallet answers (WalletConnect Bitcoin RPC). */
export const BITCOIN_WALLETCONNECT_METHODS = [
  'getAccountAddresses',
  'signMessage',
  'signPsbt',
] as const

export type AnswerBitcoinRequestParameters = {
  method: string
  params: unknown
  wallet: BitcoinTestWallet
}
export type AnswerBitcoinRequestReturnType = unknown
export type AnswerBitcoinRequestErrorType = BitcoinWalletError

/** WalletConnect's "user rejected" code. */
const USER_REJECTED = 5000

/**
 * Answers a WalletConnect bip122 request with the test wallet's keys, through its sats-connect
 * provider: `getAccountAddresses` lists the payment and ordinals addresses with their intentions
 * and public keys; `signMessage` signs BIP-322 (ECDSA when asked); `signPsbt` signs the inputs
 * listed per address. Refusals reject with WalletConnect's 5000.
 */
export async function answerBitcoinRequest(
  parameters: AnswerBitcoinRequestParameters,
): Promise<AnswerBitcoinRequestReturnType> {
  const { method, wallet } = parameters
  const input = (parameters.params ?? {}) as Record<string, unknown>
  switch (method) {
    case 'getAccountAddresses': {
      const intentions = Array.isArray(input.intentions) ? input.intentions : ['payment', 'ordinal']
      return [wallet.payment, wallet.ordinal]
        .map((entry) => ({
          address: entry.address,
          publicKey: entry.publicKey,
          intention: entry.purpose === 'ordinals' ? 'ordinal' : 'payment',
        }))
        .filter((entry) => intentions.includes(entry.intention))
    }
    case 'signMessage': {
      const { signature, address } = (await ask(wallet, 'signMessage', {
        address: input.address ?? input.account,
        message: input.message,
        protocol: input.protocol === 'ecdsa' ? 'ECDSA' : 'BIP322',
      })) as { signature: string; address: string }
      return { address, signature }
    }
    case 'signPsbt': {
      if (!Array.isArray(input.signInputs))
        throw invalidParams('signPsbt needs signInputs: [{ address, index }].')
      const signInputs: Record<string, number[]> = {}
      for (const { address, index } of input.signInputs as { address: string; index: number }[])
        signInputs[address] = [...(signInputs[address] ?? []), index]
      return ask(wallet, 'signPsbt', { psbt: input.psbt, signInputs, broadcast: input.broadcast })
    }
    default:
      throw methodNotFound(method)
  }
}

/** A request to the wallet's sats-connect provider, which answers rather than throws. */
async function ask(wallet: BitcoinTestWallet, method: string, params: unknown) {
  // The session's approval is the site's authorisation: the wallet's own prompt approves it.
  if (!wallet.isAuthorized) await wallet.provider.request('getAccounts', {})
  const response = await wallet.provider.request(method, params)
  if ('result' in response) return response.result
  const { code, message } = response.error
  throw new BitcoinWalletError(
    code === SATS_CONNECT_ERRORS.userRejection ? USER_REJECTED : code,
    message,
  )
}
