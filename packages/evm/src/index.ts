export {
  type CreateInjectedConnectorParameters,
  createInjectedConnector,
} from './createInjectedConnector.ts'
export { deferredEvmAdapter } from './deferredEvmAdapter.ts'
export { type EvmAdapter, type EvmAdapterParameters, evmAdapter } from './evmAdapter.ts'
export type { Eip1193Provider, ProviderDetail, WalletInfo } from './types.ts'
