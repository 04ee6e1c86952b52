// `@foyer/frame/connector`: the app-side embedded-wallet adapter. Keeps the frame client out of the
// first load (it is imported on first use).
export {
  EMBEDDED_CONNECTOR_ID,
  type EmbeddedWalletAdapter,
  type EmbeddedWalletAdapterParameters,
  embeddedWalletAdapter,
} from './embeddedWalletAdapter.ts'
