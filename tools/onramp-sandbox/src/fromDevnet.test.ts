import { type Devnet, type DevnetContracts, devnetOnRampTreasury } from '@foyer/devnet'
import { describe, expect, it } from 'vitest'
import { InvalidOnRampSandboxParametersError } from './errors.ts'
import { onRampSandboxFromDevnet, solanaCaip2 } from './fromDevnet.ts'

const address = (digit: string) => `0x${digit.repeat(40)}` as const
const chain = (chainId: number, name: string) => ({
  chainId,
  name,
  rpcUrl: `http://127.0.0.1:${chainId - 31337 + 8545}`,
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 } as const,
  contracts: {
    usdc: address('1'),
    dai: address('2'),
    weth: address('3'),
    uniswapV2Factory: address('4'),
    uniswapV2Router02: address('5'),
    nft: address('6'),
    ensRegistry: address('7'),
    ensPublicResolver: address('8'),
    ensReverseRegistrar: address('9'),
    ensUniversalResolver: address('a'),
    // Only what the sandbox reads matters here.
  } as DevnetContracts,
  tokens: [
    { address: address('1'), symbol: 'USDC', name: 'USD Coin (Devnet)', decimals: 6 },
    { address: address('2'), symbol: 'DAI', name: 'Dai Stablecoin (Devnet)', decimals: 18 },
    { address: address('3'), symbol: 'WETH', name: 'Wrapped Ether', decimals: 18 },
  ],
  pools: [],
})
const secretKey = Array.from({ length: 64 }, (_, index) => index)
const devnet: Devnet = {
  chains: [chain(31337, 'Foyer Devnet A'), chain(31338, 'Foyer Devnet B')],
  accounts: [],
  deployer: devnetOnRampTreasury(),
  onRampTreasury: devnetOnRampTreasury(),
  solana: {
    rpcUrl: 'http://127.0.0.1:8899',
    wsUrl: 'ws://127.0.0.1:8899',
    genesisHash: 'CmpNeggWJ4JaWJeJ8YKN1Zypmk7uvQq3PECGUCAEMbky',
    tokens: [
      {
        address: '6XB1Ki4QQQqtGDDkfgfqYkLMGSpQy14SizdhkAa3ZqYZ' as never,
        symbol: 'USDC',
        name: 'USD Coin (Devnet)',
        decimals: 6,
      },
    ],
    accounts: [],
    deployer: { address: 'x' as never, secretKey },
    onRampTreasury: { address: 'y' as never, secretKey },
  },
}

describe('onRampSandboxFromDevnet', () => {
  it('names the EVM chains foyer-devnet-a/b, selling USDC and DAI, priced from their pools', () => {
    const { networks, treasury } = onRampSandboxFromDevnet(devnet)
    expect(networks.map((network) => [network.kind, network.name, network.displayName])).toEqual([
      ['evm', 'foyer-devnet-a', 'Foyer Devnet A'],
      ['evm', 'foyer-devnet-b', 'Foyer Devnet B'],
      ['solana', 'foyer-solana-local', 'Solana Localnet'],
    ])
    expect(networks[1]).toMatchObject({
      chainId: 31338,
      rpcUrl: 'http://127.0.0.1:8546',
      uniswapV2: { factory: address('4'), weth: address('3') },
    })
    expect(networks[0]!.tokens.map((token) => token.symbol)).toEqual(['USDC', 'DAI'])
    expect(networks[2]!.tokens).toEqual([
      {
        address: '6XB1Ki4QQQqtGDDkfgfqYkLMGSpQy14SizdhkAa3ZqYZ',
        symbol: 'USDC',
        name: 'USD Coin (Devnet)',
        decimals: 6,
      },
    ])
    expect(treasury.evmPrivateKey).toBe(devnetOnRampTreasury().privateKey)
    expect(treasury.solanaSecretKey).toEqual(new Uint8Array(secretKey))
  })

  it('leaves Solana out when it does not run', () => {
    const { networks, treasury } = onRampSandboxFromDevnet({ ...devnet, solana: undefined })
    expect(networks.map((network) => network.name)).toEqual(['foyer-devnet-a', 'foyer-devnet-b'])
    expect(treasury.solanaSecretKey).toBeUndefined()
  })

  it('needs the devnet’s treasury', () => {
    expect(() => onRampSandboxFromDevnet({ ...devnet, onRampTreasury: undefined })).toThrow(
      InvalidOnRampSandboxParametersError,
    )
  })
})

describe('solanaCaip2', () => {
  it('is solana: and the first 32 characters of the genesis hash', () => {
    expect(solanaCaip2('5eykt4UsFv8P8NJdTREpY1vzqKqZKvdpKuc147dw2N9d')).toBe(
      'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
    )
  })
})
