// `@foyer/frame/connector`: the app-side embedded-wallet adapter. Keeps the frame client out of the
// first load (it is imported on first use).
export {
  type CreateEmbeddedSolanaConnectorParameters,
  EMBEDDED_SOLANA_CONNECTOR_ID,
  type EmbeddedSolanaConnector,
} from './createEmbeddedSolanaConnector.ts'
export {
  EMBEDDED_CONNECTOR_GROUP,
  EMBEDDED_CONNECTOR_ID,
  type EmbeddedSession,
  type EmbeddedUser,
  type EmbeddedWalletAdapter,
  type EmbeddedWalletAdapterParameters,
  embeddedWalletAdapter,
} from './embeddedWalletAdapter.ts'
