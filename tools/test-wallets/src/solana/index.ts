export {
  type CreateSolanaTestWalletParameters,
  createSolanaTestWallet,
  SOLANA_TEST_WALLET_NAME,
  type SolanaTestWallet,
  type SolanaTestWalletBehaviour,
  type SolanaTestWalletChain,
} from './createSolanaTestWallet.ts'
export { SolanaWalletError } from './errors.ts'
export { SOLANA_TEST_WALLET_ICON } from './icon.ts'
export {
  type RegisterSolanaTestWalletParameters,
  type RegisterSolanaTestWalletReturnType,
  registerSolanaTestWallet,
} from './registerSolanaTestWallet.ts'
