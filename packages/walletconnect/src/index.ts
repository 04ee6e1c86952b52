export {
  type CreateWalletConnectConnectorParameters,
  createWalletConnectConnector,
  type WalletConnectConnector,
} from './createWalletConnectConnector.ts'
export {
  buildOptionalNamespaces,
  type CreateWalletConnectSessionParameters,
  createWalletConnectSession,
  EIP155_EVENTS,
  EIP155_METHODS,
  type PairingUriSource,
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
  walletConnectAdapter,
} from './walletConnectAdapter.ts'
