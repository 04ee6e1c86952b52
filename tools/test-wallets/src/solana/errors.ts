/** A wallet error shaped like a real wallet's: EIP-1193-style `code` and `message`. */
export class SolanaWalletError extends Error {
  override name = 'SolanaWalletError'
  readonly code: number
  constructor(code: number, message: string) {
    super(message)
    this.code = code
  }
}

export const userRejected = () => new SolanaWalletError(4001, 'User rejected the request.')
export const unauthorized = () =>
  new SolanaWalletError(4100, 'The requested account has not been authorized.')
export const unsupportedChain = (chain: string) =>
  new SolanaWalletError(4901, `The wallet does not support ${chain}.`)
