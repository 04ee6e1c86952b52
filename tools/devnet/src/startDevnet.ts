import { mkdir, rename, writeFile } from 'node:fs/promises'
import { dirname, resolve } from 'node:path'
import {
  anvilDevAccounts,
  devnetDeployer,
  devnetGalleryAccount,
  devnetOnRampTreasury,
} from './accounts.ts'
import { type DeployWorldErrorType, deployWorld } from './deployWorld.ts'
import { installFarcasterRegistries } from './installFarcasterRegistries.ts'
import { devnetNameGatewaySigner, devnetNameGatewayUrl, devnetNameZone } from './nameGateway.ts'
import { type StartAnvilErrorType, type StartAnvilReturnType, startAnvil } from './startAnvil.ts'
import type { Devnet, DevnetChain, DevnetFarcaster } from './types.ts'

export type DevnetChainConfig = {
  chainId: number
  /** Port on 127.0.0.1; 0 lets the OS pick one. */
  port: number
  /** Default: "Foyer Devnet A", "Foyer Devnet B", … by position. */
  name?: string | undefined
}

export type StartDevnetParameters = {
  /** Default: chain 31337 on port 8545 and chain 31338 on port 8546 (the `npm start` ports). */
  chains?: readonly DevnetChainConfig[] | undefined
  /** Where to write the devnet JSON (see `readDevnet`). */
  outFile?: string | undefined
  /** Also start the Solana devnet (LiteSVM behind JSON-RPC + WebSocket) on this port. */
  solana?: { port: number } | undefined
  /** Also start the Bitcoin regtest devnet (bcoin behind an Esplora REST API) on this port. */
  bitcoin?: { port: number } | undefined
  /** Also start the local Cosmos chain (CometBFT RPC over an in-memory bank) on this port. */
  cosmos?: { port: number } | undefined
  /** Also start the local Polkadot chain (chopsticks from a genesis spec on npm) on this port. */
  polkadot?: { port: number } | undefined
}

export type StartDevnetReturnType = {
  devnet: Devnet
  /** The anvil nodes, in the order of `devnet.chains`. */
  nodes: readonly StartAnvilReturnType[]
  /** Stops every node and resolves once all their processes have exited. */
  stop: () => Promise<void>
}

export type StartDevnetErrorType = StartAnvilErrorType | DeployWorldErrorType

export const defaultDevnetChains: readonly DevnetChainConfig[] = [
  { chainId: 31337, port: 8545 },
  { chainId: 31338, port: 8546 },
]

/**
 * Starts one anvil node per chain and deploys the world on each, all in parallel. If any chain
 * fails, the ones that did start are stopped before the error is thrown.
 */
export async function startDevnet(
  parameters: StartDevnetParameters = {},
): Promise<StartDevnetReturnType> {
  const { chains = defaultDevnetChains, outFile, solana, bitcoin, cosmos, polkadot } = parameters
  const accounts = anvilDevAccounts()

  const started: { stop: () => Promise<void> }[] = []
  const nodes: StartAnvilReturnType[] = []
  let farcaster: DevnetFarcaster | undefined
  const stop = async () => {
    await Promise.all(started.map((node) => node.stop()))
  }

  // Loaded only when asked for, so EVM-only users never load LiteSVM's native module.
  const solanaResult = solana
    ? import('./solana/startSolanaDevnet.ts')
        .then(({ startSolanaDevnet }) => startSolanaDevnet({ port: solana.port }))
        .then((solanaDevnet) => {
          started.push(solanaDevnet)
          return solanaDevnet.devnet
        })
    : Promise.resolve(undefined)
  // Loaded only when asked for, like Solana: bcoin and its native modules stay out otherwise.
  const bitcoinResult = bitcoin
    ? import('./bitcoin/startBitcoinDevnet.ts')
        .then(({ startBitcoinDevnet }) => startBitcoinDevnet({ port: bitcoin.port }))
        .then((bitcoinDevnet) => {
          started.push(bitcoinDevnet)
          return bitcoinDevnet.devnet
        })
    : Promise.resolve(undefined)
  const cosmosResult = cosmos
    ? import('./cosmos/startCosmosDevnet.ts')
        .then(({ startCosmosDevnet }) => startCosmosDevnet({ port: cosmos.port }))
        .then((cosmosDevnet) => {
          started.push(cosmosDevnet)
          return cosmosDevnet.devnet
        })
    : Promise.resolve(undefined)
  const polkadotResult = polkadot
    ? import('./polkadot/startPolkadotDevnet.ts')
        .then(({ startPolkadotDevnet }) => startPolkadotDevnet({ port: polkadot.port }))
        .then((polkadotDevnet) => {
          started.push(polkadotDevnet)
          return polkadotDevnet.devnet
        })
    : Promise.resolve(undefined)
  const [solanaSettled, bitcoinSettled, cosmosSettled, polkadotSettled, ...results] =
    await Promise.allSettled([
      solanaResult,
      bitcoinResult,
      cosmosResult,
      polkadotResult,
      ...chains.map(async (config, index): Promise<DevnetChain> => {
        const anvil = await startAnvil({ chainId: config.chainId, port: config.port })
        started.push(anvil)
        nodes[index] = anvil
        const world = await deployWorld(anvil.rpcUrl, { accounts })
        // Storage writes only (no transaction, no block), so nothing deployWorld made moves.
        farcaster = await installFarcasterRegistries(anvil.rpcUrl)
        return {
          chainId: anvil.chainId,
          name: config.name ?? `Foyer Devnet ${String.fromCharCode(65 + index)}`,
          rpcUrl: anvil.rpcUrl,
          nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
          contracts: world.contracts,
          tokens: world.tokens,
          pools: world.pools,
          ensUniversalResolver: world.contracts.ensUniversalResolver,
          ensNames: world.ensNames,
        }
      }),
    ])
  const failure = [...results, solanaSettled, bitcoinSettled, cosmosSettled, polkadotSettled].find(
    (result) => result.status === 'rejected',
  )
  if (failure) {
    await stop()
    throw failure.reason
  }

  const devnet: Devnet = {
    chains: results.map((result) => (result as PromiseFulfilledResult<DevnetChain>).value),
    accounts,
    deployer: devnetDeployer(),
    onRampTreasury: devnetOnRampTreasury(),
    galleryAccount: devnetGalleryAccount(),
    names: {
      zone: devnetNameZone,
      gatewayUrl: devnetNameGatewayUrl,
      gatewaySigner: devnetNameGatewaySigner(),
    },
    ...(farcaster ? { farcaster } : {}),
    ...(solanaSettled.status === 'fulfilled' && solanaSettled.value
      ? { solana: solanaSettled.value }
      : {}),
    ...(bitcoinSettled.status === 'fulfilled' && bitcoinSettled.value
      ? { bitcoin: bitcoinSettled.value }
      : {}),
    ...(cosmosSettled.status === 'fulfilled' && cosmosSettled.value
      ? { cosmos: cosmosSettled.value }
      : {}),
    ...(polkadotSettled.status === 'fulfilled' && polkadotSettled.value
      ? { polkadot: polkadotSettled.value }
      : {}),
  }
  if (outFile) {
    try {
      await writeDevnet(outFile, devnet)
    } catch (error) {
      await stop()
      throw error
    }
  }
  return { devnet, nodes, stop }
}

/** Writes through a temporary file, so a reader never sees half a file. */
async function writeDevnet(path: string, devnet: Devnet): Promise<void> {
  const target = resolve(path)
  await mkdir(dirname(target), { recursive: true })
  const temporary = `${target}.${process.pid}.tmp`
  await writeFile(temporary, `${JSON.stringify(devnet, null, 2)}\n`)
  await rename(temporary, target)
}
