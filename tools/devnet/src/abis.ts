// ABIs other packages need to talk to the devnet's contracts. The contract-specific ones are
// generated from the committed artifacts by scripts/compile.mjs; the standard ones come from viem.
export { erc20Abi, erc721Abi } from 'viem'
export {
  devnetPunksAbi,
  devnetTokenAbi,
  ensRegistryAbi,
  erc1271WalletAbi,
  miniUniversalResolverAbi,
  publicResolverAbi,
  reverseRegistrarAbi,
  signedOffchainResolverAbi,
  uniswapV2FactoryAbi,
  uniswapV2PairAbi,
  uniswapV2Router02Abi,
  weth9Abi,
} from './generated/abis.ts'
