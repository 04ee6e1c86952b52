export {
  devnetPunksAbi,
  devnetTokenAbi,
  ensRegistryAbi,
  erc20Abi,
  erc721Abi,
  erc1271WalletAbi,
  miniUniversalResolverAbi,
  publicResolverAbi,
  reverseRegistrarAbi,
  signedOffchainResolverAbi,
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
  devnetBundlerAccounts,
  devnetDeployer,
  devnetGalleryAccount,
  devnetOnRampTreasury,
} from './accounts.ts'
export { type ArtifactName, readArtifactBytecode } from './artifacts.ts'
export {
  bundlerAccountEther,
  type DeployWorldErrorType,
  type DeployWorldParameters,
  type DeployWorldReturnType,
  deployWorld,
  fundedTokenAmounts,
  galleryAccountEther,
  onRampTreasuryAmounts,
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
export {
  devnetNameGatewaySigner,
  devnetNameGatewayUrl,
  devnetNameZone,
} from './nameGateway.ts'
export {
  deterministicDeployerAddress,
  entryPoint07Address,
  entryPoint07Salt,
  type PlanAccountAbstractionReturnType,
  planAccountAbstraction,
  simpleAccountFactory07Address,
} from './planAccountAbstraction.ts'
export {
  delegationFrameworkSalt,
  type PlanDelegationFrameworkParameters,
  type PlanDelegationFrameworkReturnType,
  planDelegationFramework,
} from './planDelegationFramework.ts'
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
  DevnetAccountAbstractionContracts,
  DevnetChain,
  DevnetContracts,
  DevnetDelegationContracts,
  DevnetEnsContracts,
  DevnetEnsName,
  DevnetNames,
  DevnetPool,
  DevnetToken,
} from './types.ts'
