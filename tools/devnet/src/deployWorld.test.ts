import {
  createPublicClient,
  createWalletClient,
  getContractAddress,
  http,
  type PublicClient,
  parseEther,
  parseUnits,
} from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  devnetPunksAbi,
  erc20Abi,
  erc721Abi,
  uniswapV2FactoryAbi,
  uniswapV2PairAbi,
  uniswapV2Router02Abi,
} from './abis.ts'
import {
  anvilDevAccounts,
  deriveDevAccounts,
  devnetDeployer,
  devnetGalleryAccount,
  devnetOnRampTreasury,
} from './accounts.ts'
import {
  type DeployWorldReturnType,
  deployWorld,
  fundedTokenAmounts,
  galleryAccountEther,
  onRampTreasuryAmounts,
} from './deployWorld.ts'
import { DeployWorldError } from './errors.ts'
import { type StartAnvilReturnType, startAnvil } from './startAnvil.ts'
import { toViemChain } from './toViemChain.ts'

const accounts = anvilDevAccounts()
const [account0, account1] = accounts as [(typeof accounts)[0], (typeof accounts)[0]]

let anvil: StartAnvilReturnType
let world: DeployWorldReturnType
let client: PublicClient

beforeAll(async () => {
  anvil = await startAnvil({ chainId: 31337, port: 0 })
  world = await deployWorld(anvil.rpcUrl)
  client = createPublicClient({ transport: http(anvil.rpcUrl) })
})

afterAll(async () => {
  await anvil?.stop()
})

function decodeDataUri(uri: string, mediaType: string): string {
  const prefix = `data:${mediaType};base64,`
  expect(uri.startsWith(prefix)).toBe(true)
  return Buffer.from(uri.slice(prefix.length), 'base64').toString('utf8')
}

describe('deployWorld', () => {
  it('funds every dev account with 1,000,000 USDC and 1,000,000 DAI and leaves its Ether alone', async () => {
    for (const account of [account0, accounts[9]!]) {
      const [usdc, dai, ether, nonce] = await Promise.all([
        client.readContract({
          address: world.contracts.usdc,
          abi: erc20Abi,
          functionName: 'balanceOf',
          args: [account.address],
        }),
        client.readContract({
          address: world.contracts.dai,
          abi: erc20Abi,
          functionName: 'balanceOf',
          args: [account.address],
        }),
        client.getBalance({ address: account.address }),
        client.getTransactionCount({ address: account.address }),
      ])
      expect(usdc).toBe(parseUnits('1000000', 6))
      expect(dai).toBe(parseUnits('1000000', 18))
      expect(ether).toBe(parseEther('10000'))
      expect(nonce).toBe(0)
    }
  })

  it('funds the on-ramp treasury (index 11, no dev account) with ETH, USDC and DAI', async () => {
    const treasury = devnetOnRampTreasury()
    expect(treasury.address).toBe(deriveDevAccounts({ count: 1, start: 11 })[0]!.address)
    expect([...accounts, devnetDeployer()].map((account) => account.address)).not.toContain(
      treasury.address,
    )
    const balanceOf = (token: `0x${string}`) =>
      client.readContract({
        address: token,
        abi: erc20Abi,
        functionName: 'balanceOf',
        args: [treasury.address],
      })
    expect(await client.getBalance({ address: treasury.address })).toBe(
      parseEther(String(onRampTreasuryAmounts.eth)),
    )
    expect(await balanceOf(world.contracts.usdc)).toBe(
      parseUnits(String(onRampTreasuryAmounts.usdc), 6),
    )
    expect(await balanceOf(world.contracts.dai)).toBe(
      parseUnits(String(onRampTreasuryAmounts.dai), 18),
    )
    expect(await client.getTransactionCount({ address: treasury.address })).toBe(0)
  })

  it('funds the gallery account (index 20, no other account) like a dev account and gives it NFT #4', async () => {
    const gallery = devnetGalleryAccount()
    expect(gallery.address).toBe(deriveDevAccounts({ count: 1, start: 20 })[0]!.address)
    expect(
      [...deriveDevAccounts({ count: 20 }), devnetDeployer()].map((account) => account.address),
    ).not.toContain(gallery.address)
    const balanceOf = (token: `0x${string}`) =>
      client.readContract({
        address: token,
        abi: erc20Abi,
        functionName: 'balanceOf',
        args: [gallery.address],
      })
    expect(await client.getBalance({ address: gallery.address })).toBe(
      parseEther(String(galleryAccountEther)),
    )
    expect(await balanceOf(world.contracts.usdc)).toBe(
      parseUnits(String(fundedTokenAmounts.usdc), 6),
    )
    expect(await balanceOf(world.contracts.dai)).toBe(
      parseUnits(String(fundedTokenAmounts.dai), 18),
    )
    expect(
      await client.readContract({
        address: world.contracts.nft,
        abi: erc721Abi,
        functionName: 'ownerOf',
        args: [4n],
      }),
    ).toBe(gallery.address)
    expect(world.nfts).toContainEqual({ tokenId: 4n, owner: gallery.address })
  })

  it('deploys tokens with the advertised metadata', async () => {
    for (const token of world.tokens) {
      const [name, symbol, decimals] = await Promise.all(
        (['name', 'symbol', 'decimals'] as const).map((functionName) =>
          client.readContract({ address: token.address, abi: erc20Abi, functionName }),
        ),
      )
      expect({ name, symbol, decimals }).toEqual({
        name: token.name,
        symbol: token.symbol,
        decimals: token.decimals,
      })
    }
    expect(world.tokens.map((token) => [token.symbol, token.decimals])).toEqual([
      ['USDC', 6],
      ['DAI', 18],
      ['WETH', 18],
    ])
    expect(world.tokens[0]!.name).toBe('USD Coin (Devnet)')
  })

  it('lists the pools the factory created, with their tokens in pair order', async () => {
    expect(world.pools).toHaveLength(3)
    for (const pool of world.pools) {
      const [fromFactory, token0, token1] = await Promise.all([
        client.readContract({
          address: world.contracts.uniswapV2Factory,
          abi: uniswapV2FactoryAbi,
          functionName: 'getPair',
          args: [pool.token0, pool.token1],
        }),
        client.readContract({
          address: pool.address,
          abi: uniswapV2PairAbi,
          functionName: 'token0',
        }),
        client.readContract({
          address: pool.address,
          abi: uniswapV2PairAbi,
          functionName: 'token1',
        }),
      ])
      expect(fromFactory).toBe(pool.address)
      expect([token0, token1]).toEqual([pool.token0, pool.token1])
    }
  })

  it('prices 1 WETH near 3000 USDC and 3000 DAI, and 1 USDC near 1 DAI', async () => {
    const quote = (path: `0x${string}`[], amountIn: bigint) =>
      client.readContract({
        address: world.contracts.uniswapV2Router02,
        abi: uniswapV2Router02Abi,
        functionName: 'getAmountsOut',
        args: [amountIn, path],
      })
    const { usdc, dai, weth } = world.contracts
    const [wethToUsdc, wethToDai, usdcToDai] = await Promise.all([
      quote([weth, usdc], parseEther('1')),
      quote([weth, dai], parseEther('1')),
      quote([usdc, dai], parseUnits('1', 6)),
    ])
    // The 0.3 % pool fee and the price impact keep each quote just under the pool price.
    expect(wethToUsdc[1]).toBeGreaterThan(parseUnits('2985', 6))
    expect(wethToUsdc[1]).toBeLessThan(parseUnits('3000', 6))
    expect(wethToDai[1]).toBeGreaterThan(parseUnits('2985', 18))
    expect(wethToDai[1]).toBeLessThan(parseUnits('3000', 18))
    expect(usdcToDai[1]).toBeGreaterThan(parseUnits('0.996', 18))
    expect(usdcToDai[1]).toBeLessThan(parseUnits('1', 18))
  })

  it('swaps through the router for exactly the quoted amount', async () => {
    const account = privateKeyToAccount(accounts[2]!.privateKey)
    const chain = toViemChain({
      chainId: 31337,
      name: 'Foyer Devnet A',
      rpcUrl: anvil.rpcUrl,
      nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
      contracts: world.contracts,
      tokens: world.tokens,
      pools: world.pools,
    })
    const wallet = createWalletClient({ account, chain, transport: http(anvil.rpcUrl) })
    const { usdc, dai, uniswapV2Router02: router } = world.contracts
    const amountIn = parseUnits('250', 6)
    const balanceOfDai = () =>
      client.readContract({
        address: dai,
        abi: erc20Abi,
        functionName: 'balanceOf',
        args: [account.address],
      })

    const approval = await wallet.writeContract({
      address: usdc,
      abi: erc20Abi,
      functionName: 'approve',
      args: [router, amountIn],
    })
    await client.waitForTransactionReceipt({ hash: approval })
    const amounts = await client.readContract({
      address: router,
      abi: uniswapV2Router02Abi,
      functionName: 'getAmountsOut',
      args: [amountIn, [usdc, dai]],
    })
    const before = await balanceOfDai()
    const swap = await wallet.writeContract({
      address: router,
      abi: uniswapV2Router02Abi,
      functionName: 'swapExactTokensForTokens',
      args: [amountIn, amounts[1]!, [usdc, dai], account.address, BigInt(2 ** 40)],
      // A fixed limit, not the node's estimate: the estimate may run in a block where the pair's
      // price accumulators need no update, and the mined block (a new second) then runs out of gas.
      gas: 300_000n,
    })
    const receipt = await client.waitForTransactionReceipt({ hash: swap })
    expect(receipt.status).toBe('success')
    expect((await balanceOfDai()) - before).toBe(amounts[1])
  })

  it('mints NFTs whose owner and offline data: tokenURI can be read', async () => {
    const ownerOf = (tokenId: bigint) =>
      client.readContract({
        address: world.contracts.nft,
        abi: erc721Abi,
        functionName: 'ownerOf',
        args: [tokenId],
      })
    const tokenURI = (tokenId: bigint) =>
      client.readContract({
        address: world.contracts.nft,
        abi: erc721Abi,
        functionName: 'tokenURI',
        args: [tokenId],
      })
    expect(await ownerOf(1n)).toBe(account0.address)
    expect(await ownerOf(2n)).toBe(account1.address)
    expect(world.nfts).toContainEqual({ tokenId: 1n, owner: account0.address })

    const metadata = JSON.parse(decodeDataUri(await tokenURI(1n), 'application/json')) as {
      name: string
      image: string
    }
    expect(metadata.name).toBe('Foyer Devnet Punk #1')
    expect(decodeDataUri(metadata.image, 'image/svg+xml')).toMatch(/^<svg[^>]*>.*<\/svg>$/s)

    const [name, symbol] = await Promise.all([
      client.readContract({
        address: world.contracts.nft,
        abi: devnetPunksAbi,
        functionName: 'name',
      }),
      client.readContract({
        address: world.contracts.nft,
        abi: devnetPunksAbi,
        functionName: 'symbol',
      }),
    ])
    expect({ name, symbol }).toEqual({ name: 'Foyer Devnet Punks', symbol: 'FDP' })
  })

  it('deploys from a deployer outside the dev accounts, at addresses fixed by its nonce', () => {
    const deployer = devnetDeployer()
    expect(accounts.map((account) => account.address)).not.toContain(deployer.address)
    const addressAt = (nonce: bigint) => getContractAddress({ from: deployer.address, nonce })
    expect(world.contracts).toMatchObject({
      usdc: addressAt(0n),
      dai: addressAt(1n),
      weth: addressAt(2n),
      uniswapV2Factory: addressAt(3n),
      uniswapV2Router02: addressAt(4n),
      nft: addressAt(5n),
    })
    // ENS follows the 36 transactions that fill the tokens, pools and NFTs.
    expect([
      world.contracts.ensRegistry,
      world.contracts.ensPublicResolver,
      world.contracts.ensReverseRegistrar,
      world.contracts.ensUniversalResolver,
    ]).toEqual([36n, 37n, 38n, 39n].map(addressAt))
  })

  it('reports an unreachable node as a DeployWorldError', async () => {
    await expect(deployWorld('http://127.0.0.1:1')).rejects.toBeInstanceOf(DeployWorldError)
  })
})
