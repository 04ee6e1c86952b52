import type { Devnet } from '@foyer/devnet'
import { InvalidOnRampSandboxParametersError } from './errors.ts'
import type { SandboxNetwork } from './types.ts'

/** The name of the Solana devnet in the sandbox (Coinbase calls mainnet `solana`). */
export const solanaLocalNetworkName = 'foyer-solana-local'

/** Tokens of the EVM devnet the sandbox sells (WETH is bought as ETH). */
const soldEvmSymbols = ['USDC', 'DAI']

export type OnRampSandboxFromDevnetReturnType = {
  networks: SandboxNetwork[]
  treasury: { evmPrivateKey: `0x${string}`; solanaSecretKey?: Uint8Array | undefined }
}

/**
 * The sandbox's networks and treasury for a running devnet (`startDevnet` or devnet.json): every
 * EVM chain as `foyer-devnet-a`, `foyer-devnet-b`, … (its name in lowercase with dashes) selling
 * ETH, USDC and DAI, with ETH priced from its Uniswap V2 pool; the Solana devnet, when running, as
 * `foyer-solana-local` selling SOL and its USDC; and the devnet's on-ramp treasury.
 */
export function onRampSandboxFromDevnet(devnet: Devnet): OnRampSandboxFromDevnetReturnType {
  if (!devnet.onRampTreasury) {
    throw new InvalidOnRampSandboxParametersError(
      'the devnet has no onRampTreasury; it was started by an older @foyer/devnet, restart it',
    )
  }
  const networks: SandboxNetwork[] = devnet.chains.map((chain) => ({
    kind: 'evm',
    name: chain.name
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, ''),
    displayName: chain.name,
    chainId: chain.chainId,
    rpcUrl: chain.rpcUrl,
    tokens: chain.tokens
      .filter((token) => soldEvmSymbols.includes(token.symbol))
      .map(({ symbol, name, decimals, address }) => ({ symbol, name, decimals, address })),
    uniswapV2: { factory: chain.contracts.uniswapV2Factory, weth: chain.contracts.weth },
  }))
  const solana = devnet.solana
  if (solana?.onRampTreasury) {
    networks.push({
      kind: 'solana',
      name: solanaLocalNetworkName,
      displayName: 'Solana Localnet',
      rpcUrl: solana.rpcUrl,
      tokens: solana.tokens.map(({ symbol, name, decimals, address }) => ({
        symbol,
        name,
        decimals,
        address,
      })),
    })
  }
  return {
    networks,
    treasury: {
      evmPrivateKey: devnet.onRampTreasury.privateKey,
      ...(solana?.onRampTreasury
        ? { solanaSecretKey: new Uint8Array(solana.onRampTreasury.secretKey) }
        : {}),
    },
  }
}

/**
 * The CAIP-2 id of a Solana cluster: `solana:` and the first 32 characters of its genesis hash
 * (CAIP-30), what the Foyer server calls the network.
 */
export function solanaCaip2(genesisHash: string): string {
  return `solana:${genesisHash.slice(0, 32)}`
}
