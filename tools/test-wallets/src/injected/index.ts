export {
  type AnnounceTestWalletTarget,
  announceTestWallet,
  TEST_WALLET_INFO,
} from './announceTestWallet.ts'
export {
  type CreateTestWalletParameters,
  createTestWallet,
  type TestWallet,
  type TestWalletBehaviour,
  type TestWalletChain,
  type TestWalletChainAnswer,
} from './createTestWallet.ts'
export { BaseError, ProviderRpcError } from './errors.ts'
export { TEST_WALLET_ICON } from './icon.ts'
