import { readFile } from 'node:fs/promises'
import * as v from 'valibot'
import { type Address, getAddress } from 'viem'
import { DevnetFileError } from '../errors.ts'
import type { SmartAccountContracts } from './smartAccounts.ts'
import type { BitcoinChainConfig, ChainConfig, SolanaChainConfig } from './types.ts'

const address = v.pipe(
  v.string(),
  v.regex(/^0x[0-9a-fA-F]{40}$/),
  v.transform((value) => getAddress(value) as Address),
)
const base58 = /^[1-9A-HJ-NP-Za-km-z]{32,44}$/
const devnetFile = v.object({
  chains: v.array(
    v.looseObject({
      chainId: v.pipe(v.number(), v.integer(), v.minValue(1)),
      name: v.string(),
      rpcUrl: v.pipe(v.string(), v.url()),
      nativeCurrency: v.object({ name: v.string(), symbol: v.string(), decimals: v.number() }),
      contracts: v.looseObject({
        usdc: address,
        weth: address,
        uniswapV2Router02: v.optional(address),
        uniswapV2Factory: v.optional(address),
        // ERC-4337 v0.7 (devnet files written before it have neither).
        entryPoint07: v.optional(address),
        simpleAccountFactory: v.optional(address),
        // MetaMask's Delegation Framework (devnet files written before it have none).
        delegationManager: v.optional(address),
        hybridDeleGatorImpl: v.optional(address),
        simpleFactory: v.optional(address),
        timestampEnforcer: v.optional(address),
        allowedTargetsEnforcer: v.optional(address),
        allowedMethodsEnforcer: v.optional(address),
        erc20TransferAmountEnforcer: v.optional(address),
        valueLteEnforcer: v.optional(address),
      }),
      tokens: v.array(
        v.object({ address, symbol: v.string(), name: v.string(), decimals: v.number() }),
      ),
      pools: v.array(v.object({ address, token0: address, token1: address })),
      ensUniversalResolver: v.optional(address),
    }),
  ),
  solana: v.optional(
    v.looseObject({
      rpcUrl: v.pipe(v.string(), v.url()),
      genesisHash: v.pipe(v.string(), v.regex(base58, 'genesisHash must be base58')),
      tokens: v.array(
        v.object({
          address: v.pipe(v.string(), v.regex(base58, 'token address must be base58')),
          symbol: v.string(),
          name: v.string(),
          decimals: v.number(),
        }),
      ),
    }),
  ),
  bitcoin: v.optional(
    v.looseObject({
      esploraUrl: v.pipe(v.string(), v.url()),
      genesisHash: v.pipe(
        v.string(),
        v.regex(/^[0-9a-f]{64}$/, 'genesisHash must be 64 lower-case hex characters'),
      ),
    }),
  ),
})
type DevnetFile = v.InferOutput<typeof devnetFile>

/**
 * The devnet's smart-account contracts: ERC-4337's EntryPoint and the Delegation Framework, or
 * none when the file predates either (then the chain has no smart accounts).
 */
function devnetAccountAbstraction(
  contracts: DevnetFile['chains'][number]['contracts'],
): SmartAccountContracts | undefined {
  const {
    entryPoint07,
    simpleFactory,
    hybridDeleGatorImpl,
    delegationManager,
    timestampEnforcer,
    allowedTargetsEnforcer,
    allowedMethodsEnforcer,
    erc20TransferAmountEnforcer,
    valueLteEnforcer,
  } = contracts
  if (
    !entryPoint07 ||
    !simpleFactory ||
    !hybridDeleGatorImpl ||
    !delegationManager ||
    !timestampEnforcer ||
    !allowedTargetsEnforcer ||
    !allowedMethodsEnforcer ||
    !erc20TransferAmountEnforcer ||
    !valueLteEnforcer
  )
    return undefined
  return {
    entryPoint: entryPoint07,
    factory: simpleFactory,
    implementation: hybridDeleGatorImpl,
    delegationManager,
    enforcers: {
      timestamp: timestampEnforcer,
      allowedTargets: allowedTargetsEnforcer,
      allowedMethods: allowedMethodsEnforcer,
      erc20TransferAmount: erc20TransferAmountEnforcer,
      valueLte: valueLteEnforcer,
    },
  }
}

/**
 * Reads the networks of the devnet JSON (written by the local world): RPC, token list, the
 * Uniswap V2 pools used for price discovery against its USDC-like token, and the Uniswap V2
 * router and factory swaps route through.
 */
export async function loadDevnetChains(file: string): Promise<ChainConfig[]> {
  const { chains } = await readDevnetFile(file)
  return chains.map((chain) => ({
    chainId: chain.chainId,
    name: chain.name,
    rpcUrl: chain.rpcUrl,
    nativeCurrency: chain.nativeCurrency,
    tokens: chain.tokens,
    ensUniversalResolver: chain.ensUniversalResolver,
    wrappedNative: chain.contracts.weth,
    pricing: {
      kind: 'uniswap-v2',
      usdToken: chain.contracts.usdc,
      wrappedNative: chain.contracts.weth,
      pools: chain.pools,
    },
    swap:
      chain.contracts.uniswapV2Router02 && chain.contracts.uniswapV2Factory
        ? {
            kind: 'uniswap-v2',
            router: chain.contracts.uniswapV2Router02,
            factory: chain.contracts.uniswapV2Factory,
            wrappedNative: chain.contracts.weth,
          }
        : undefined,
    indexer: { enabled: true, startBlock: 0n },
    testnet: true,
    accountAbstraction: devnetAccountAbstraction(chain.contracts),
  }))
}

/**
 * The local Solana cluster of the devnet JSON, when the world was started with it. Its CAIP-2 id
 * is `solana:` + the first 32 characters of the genesis hash, as `createSolanaLocalnet` of
 * `@foyer/solana` derives it.
 */
export async function loadDevnetSolanaChains(file: string): Promise<SolanaChainConfig[]> {
  const { solana } = await readDevnetFile(file)
  if (!solana) return []
  return [
    {
      caipNetworkId: `solana:${solana.genesisHash.slice(0, 32)}`,
      name: 'Solana Localnet',
      rpcUrl: solana.rpcUrl,
      tokens: solana.tokens.map(({ address, ...token }) => ({ mint: address, ...token })),
    },
  ]
}

/**
 * The local Bitcoin regtest chain of the devnet JSON, when the world was started with it, read
 * through the devnet's Esplora API. Its CAIP-2 id is `bip122:` + the first 32 hex characters of
 * the genesis hash (CAIP-4).
 */
export async function loadDevnetBitcoinChains(file: string): Promise<BitcoinChainConfig[]> {
  const { bitcoin } = await readDevnetFile(file)
  if (!bitcoin) return []
  return [
    {
      caipNetworkId: `bip122:${bitcoin.genesisHash.slice(0, 32)}`,
      name: 'Bitcoin Regtest',
      esploraUrl: bitcoin.esploraUrl,
    },
  ]
}

async function readDevnetFile(file: string): Promise<DevnetFile> {
  let json: unknown
  try {
    json = JSON.parse(await readFile(file, 'utf8'))
  } catch (error) {
    throw new DevnetFileError(`Cannot read the devnet file ${file}`, { cause: error })
  }
  const result = v.safeParse(devnetFile, json)
  if (!result.success) {
    const path = v.getDotPath(result.issues[0]) ?? '(root)'
    throw new DevnetFileError(`The devnet file ${file} is malformed at ${path}`, {
      details: result.issues[0].message,
    })
  }
  return result.output
}
