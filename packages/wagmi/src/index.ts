export { BaseError, WagmiAdapterNotFoundError, WagmiConnectionNotFoundError } from './errors.ts'
export { type FoyerParameters, type FoyerProvider, type FoyerReturnType, foyer } from './foyer.ts'
export { type WagmiAdapter, type WagmiAdapterReturnType, wagmiAdapter } from './wagmiAdapter.ts'
export {
  type WatchWagmiErrorType,
  type WatchWagmiParameters,
  type WatchWagmiReturnType,
  watchWagmi,
} from './watchWagmi.ts'
