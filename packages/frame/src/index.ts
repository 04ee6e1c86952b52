// Custody: keys, shares, sealed boxes, device storage.

// The frame's own UI: its overlay and the approval view.
export * from './approval/index.ts'
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
  createRecoveryKey,
  decryptRecoveryShare,
  deviceRequestCode,
  type EncryptedBlob,
  encryptRecoveryShare,
  MIN_RECOVERY_PASSWORD_LENGTH,
  PASSWORD_KDF_PARAMETERS,
  type RecoveryKey,
  unwrapWithPassword,
  unwrapWithPrf,
  type WrappedKey,
  wrapWithPassword,
  wrapWithPrf,
} from './custody/recoveryKey.ts'
export {
  createSealingKeyPair,
  openSealedBox,
  type SealedBox,
  type SealingKeyPair,
  sealToPublicKey,
} from './custody/sealedBox.ts'
export {
  type ShareSetMessageParameters,
  shareSetMessage,
} from './custody/shareSetMessage.ts'
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
  EmailLoginImportError,
  FrameRequestError,
  IframeLoadFailedError,
  IframeRequestTimeoutError,
  RequestAbortedError,
  SealedBoxOpenError,
  ShareMismatchError,
  UserRejectedError,
  WalletLockedError,
  WrongRecoveryFactorError,
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
export {
  type CreateOverlayPromptsParameters,
  createOverlayPrompts,
} from './frame/createOverlayPrompts.ts'
export {
  type CustodyParameters,
  type EnsureWalletReturnType,
  ensureWallet,
  loadSignerShares,
  recoverWallet,
  type ServerWallet,
} from './frame/ensureWallet.ts'
export {
  createPublicClients,
  handleRpcRequest,
  type RpcContext,
  RpcError,
} from './frame/handleRpcRequest.ts'
export {
  browserPasskeys,
  type CreatePasskeyMethodParameters,
  createPasskeyMethod,
  isPasskeySupported,
  PASSKEY_PRF_INPUT,
  type PasskeyCredentials,
  type PasskeyEnvironment,
  type RecoverWithPasskeyParameters,
  recoverWithPasskey,
} from './frame/passkeyFactor.ts'
export type { FramePrompts } from './frame/prompts.ts'
export {
  type ProofOfWorkChallenge,
  type ProofOfWorkSolution,
  solveProofOfWork,
} from './frame/proofOfWork.ts'
export {
  addPasswordMethod,
  approveOtherDevice,
  type DeviceTransfer,
  type ExportedKeys,
  exportWalletKeys,
  recoverWithPassword,
  requestFromOtherDevice,
  verifyRecoveryPassword,
} from './frame/recoveryFactors.ts'
export {
  type CreateSignInMessageParameters,
  createSignInMessage,
  type VerifySignInMessageParameters,
  verifySignInMessage,
} from './frame/siwe.ts'
// Message and HTTP schemas (move to @foyer/protocol later).
export * from './protocol/index.ts'
export { decodeTimestampTerms } from './smartAccount/caveatTerms.ts'
export { createSmartAccounts } from './smartAccount/createSmartAccounts.ts'
export {
  createSmartAccountClients,
  deleGatorDeployment,
  prepareSmartAccountOperation,
  type SmartAccountNetwork,
  type SmartAccountNetworks,
  sendSignedUserOperation,
  signUserOperation,
} from './smartAccount/delegator.ts'
export {
  type GrantPermissionsParameters,
  type GrantPermissionsReturnType,
  maxSessionSeconds,
  permissionsCapability,
} from './smartAccount/grantPermissions.ts'
export {
  createSessionDelegation,
  decodePermissionsContext,
  delegationHash,
  delegationManagerAbi,
  delegationTypedData,
  encodePermissionsContext,
  hashSessionDelegation,
  type SessionDelegation,
  signSessionDelegation,
} from './smartAccount/sessionDelegation.ts'
export {
  createHttpSessionRegistry,
  type SessionRegistry,
  SessionRegistryError,
} from './smartAccount/sessionRegistry.ts'
export * from './ui/index.ts'
