export {
  type CreateWalletConnectBitcoinConnectorParameters,
  createWalletConnectBitcoinConnector,
  type WalletConnectBitcoinConnector,
} from './createWalletConnectBitcoinConnector.ts'
export {
  type CreateWalletConnectConnectorParameters,
  createWalletConnectConnector,
  type WalletConnectConnector,
} from './createWalletConnectConnector.ts'
export {
  type CreateWalletConnectCosmosConnectorParameters,
  createWalletConnectCosmosConnector,
  type WalletConnectCosmosConnector,
} from './createWalletConnectCosmosConnector.ts'
export {
  type CreateWalletConnectPolkadotConnectorParameters,
  createWalletConnectPolkadotConnector,
  type WalletConnectPolkadotConnector,
} from './createWalletConnectPolkadotConnector.ts'
export {
  BIP122_EVENTS,
  BIP122_METHODS,
  buildOptionalNamespaces,
  COSMOS_METHODS,
  type CreateWalletConnectSessionParameters,
  createWalletConnectSession,
  EIP155_EVENTS,
  EIP155_METHODS,
  type PairingUriSource,
  POLKADOT_METHODS,
  SOLANA_METHODS,
  type WalletConnectMetadata,
  type WalletConnectSession,
  type WalletConnectSessionStruct,
} from './createWalletConnectSession.ts'
export {
  type CreateWalletConnectSolanaConnectorParameters,
  createWalletConnectSolanaConnector,
  type WalletConnectSolanaConnector,
} from './createWalletConnectSolanaConnector.ts'
export { deferredWalletConnectAdapter } from './deferredWalletConnectAdapter.ts'
export {
  BaseError,
  SessionNotFoundError,
  WalletConnectInitError,
} from './errors.ts'
export {
  getPairingUriRefreshDelay,
  type IsPairingUriExpiredParameters,
  isPairingUriExpired,
  type PairingUri,
} from './pairingUri.ts'
export {
  DEFAULT_RELAY_URL,
  type WalletConnectAdapter,
  type WalletConnectAdapterParameters,
  type WalletConnectNamespaceConnector,
  walletConnectAdapter,
} from './walletConnectAdapter.ts'
