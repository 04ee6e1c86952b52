export {
  devnetPunksAbi,
  devnetTokenAbi,
  ensRegistryAbi,
  erc20Abi,
  erc721Abi,
  miniUniversalResolverAbi,
  publicResolverAbi,
  reverseRegistrarAbi,
  uniswapV2FactoryAbi,
  uniswapV2PairAbi,
  uniswapV2Router02Abi,
  weth9Abi,
} from './abis.ts'
export {
  anvilDevAccounts,
  anvilMnemonic,
  type DeriveDevAccountsParameters,
  type DevAccount,
  deriveDevAccounts,
  devnetDeployer,
} from './accounts.ts'
export {
  type DeployWorldErrorType,
  type DeployWorldParameters,
  type DeployWorldReturnType,
  deployWorld,
  fundedTokenAmounts,
} from './deployWorld.ts'
export {
  AnvilBinaryNotFoundError,
  AnvilStartError,
  BaseError,
  type BaseErrorParameters,
  DeployWorldError,
  InvalidDevnetFileError,
  PortInUseError,
} from './errors.ts'
export { type ReadDevnetErrorType, type ReadDevnetReturnType, readDevnet } from './readDevnet.ts'
export {
  type ResolveAnvilBinaryErrorType,
  type ResolveAnvilBinaryReturnType,
  resolveAnvilBinary,
} from './resolveAnvilBinary.ts'
export {
  type StartAnvilErrorType,
  type StartAnvilParameters,
  type StartAnvilReturnType,
  startAnvil,
} from './startAnvil.ts'
export {
  type DevnetChainConfig,
  defaultDevnetChains,
  type StartDevnetErrorType,
  type StartDevnetParameters,
  type StartDevnetReturnType,
  startDevnet,
} from './startDevnet.ts'
export { type ToViemChainReturnType, toViemChain } from './toViemChain.ts'
export type {
  Devnet,
  DevnetChain,
  DevnetContracts,
  DevnetEnsContracts,
  DevnetEnsName,
  DevnetPool,
  DevnetToken,
} from './types.ts'
