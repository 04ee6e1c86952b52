export {
  type CreateWalletConnectConnectorParameters,
  createWalletConnectConnector,
  EIP155_EVENTS,
  EIP155_METHODS,
  type PairingUriSource,
  type WalletConnectConnector,
  type WalletConnectMetadata,
} from './createWalletConnectConnector.ts'
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
