// Custody: keys, shares, sealed boxes, device storage.

// App side.
export {
  type CreateFrameClientParameters,
  createFrameClient,
  FRAME_TIMEOUTS,
  type FrameClient,
  type FrameClientErrorType,
  type FrameClientWindow,
} from './client/createFrameClient.ts'
export {
  type CreateWalletSecretParameters,
  type CreateWalletSecretReturnType,
  createWalletSecret,
} from './custody/createWalletSecret.ts'
export {
  deriveWalletKeys,
  EIP155_DERIVATION_PATH,
  SOLANA_DERIVATION_PATH,
  type WalletAddresses,
  type WalletKeys,
} from './custody/deriveWalletKeys.ts'
export {
  type CreateIndexedDbDeviceShareStoreParameters,
  createEncryptedDeviceShareStore,
  createIndexedDbDeviceShareStore,
  createMemoryDeviceShareStore,
  type DeviceShareStore,
  type StructuredCloneBackend,
} from './custody/deviceShareStore.ts'
export {
  createSealingKeyPair,
  openSealedBox,
  type SealedBox,
  type SealingKeyPair,
  sealToPublicKey,
} from './custody/sealedBox.ts'
export { combineShares, type SplitSecretReturnType, splitSecret } from './custody/splitSecret.ts'
export {
  type SignerAccounts,
  type SolanaSigner,
  type WithSignerErrorType,
  type WithSignerOptions,
  withSigner,
} from './custody/withSigner.ts'
export {
  AccountNotConnectedError,
  AuthApiError,
  BaseError,
  type BaseErrorParameters,
  FrameRequestError,
  IframeLoadFailedError,
  IframeRequestTimeoutError,
  RequestAbortedError,
  SealedBoxOpenError,
  ShareMismatchError,
} from './errors.ts'
// Frame page.
export {
  type AuthApi,
  type CreateHttpAuthApiParameters,
  createHttpAuthApi,
} from './frame/authApi.ts'
export {
  type CreateFrameHostParameters,
  type CreateFrameHostReturnType,
  createFrameHost,
  type FrameHostWindow,
} from './frame/createFrameHost.ts'
export { ensureWallet, loadSignerShares } from './frame/ensureWallet.ts'
export { handleRpcRequest, RpcError } from './frame/handleRpcRequest.ts'
export {
  type CreateSignInMessageParameters,
  createSignInMessage,
  type VerifySignInMessageParameters,
  verifySignInMessage,
} from './frame/siwe.ts'
// Message and HTTP schemas (move to @foyer/protocol later).
export * from './protocol/index.ts'
