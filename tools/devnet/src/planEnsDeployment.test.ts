import {
  BaseError,
  type Chain,
  ContractFunctionRevertedError,
  createPublicClient,
  createWalletClient,
  http,
  type PublicClient,
} from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { namehash } from 'viem/ens'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ensRegistryAbi, erc721Abi, publicResolverAbi, reverseRegistrarAbi } from './abis.ts'
import { anvilDevAccounts, devnetDeployer } from './accounts.ts'
import { type DeployWorldReturnType, deployWorld } from './deployWorld.ts'
import { type StartAnvilReturnType, startAnvil } from './startAnvil.ts'
import { toViemChain } from './toViemChain.ts'

const accounts = anvilDevAccounts()
const [alice, bob, carol, dave] = accounts as [
  (typeof accounts)[0],
  (typeof accounts)[0],
  (typeof accounts)[0],
  (typeof accounts)[0],
]

let anvil: StartAnvilReturnType
let world: DeployWorldReturnType
let chain: Chain
let client: PublicClient

beforeAll(async () => {
  anvil = await startAnvil({ chainId: 31337, port: 0 })
  world = await deployWorld(anvil.rpcUrl)
  chain = toViemChain({
    chainId: 31337,
    name: 'Foyer Devnet A',
    rpcUrl: anvil.rpcUrl,
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    contracts: world.contracts,
    tokens: world.tokens,
    pools: world.pools,
  })
  client = createPublicClient({ chain, transport: http(anvil.rpcUrl) }) as PublicClient
})

afterAll(async () => {
  await anvil?.stop()
})

/** The custom error the universal resolver reverted with, as viem decoded it. */
async function revertName(promise: Promise<unknown>): Promise<string | undefined> {
  const error = await promise.then(
    () => undefined,
    (error: unknown) => error,
  )
  expect(error).toBeInstanceOf(BaseError)
  const reverted = (error as BaseError).walk((e) => e instanceof ContractFunctionRevertedError)
  return (reverted as ContractFunctionRevertedError | null)?.data?.errorName
}

describe('ENS on the devnet, through viem', () => {
  it('gives account 0 and account 1 the primary names alice.eth and bob.eth', async () => {
    expect(await client.getEnsName({ address: alice.address })).toBe('alice.eth')
    expect(await client.getEnsName({ address: bob.address })).toBe('bob.eth')
    expect(world.ensNames.map(({ name, address }) => ({ name, address }))).toEqual([
      { name: 'alice.eth', address: alice.address },
      { name: 'bob.eth', address: bob.address },
    ])
  })

  it('resolves the dev names to their accounts', async () => {
    expect(await client.getEnsAddress({ name: 'alice.eth' })).toBe(alice.address)
    expect(await client.getEnsAddress({ name: 'bob.eth' })).toBe(bob.address)
    expect(await client.getEnsResolver({ name: 'alice.eth' })).toBe(
      world.contracts.ensPublicResolver,
    )
  })

  it('answers null for names nobody registered and addresses without a primary name', async () => {
    expect(await client.getEnsAddress({ name: 'nobody.eth' })).toBeNull()
    // A subname is answered only by a wildcard (ENSIP-10) resolver, which the public one is not.
    expect(await client.getEnsAddress({ name: 'sub.alice.eth' })).toBeNull()
    expect(await client.getEnsName({ address: dave.address })).toBeNull()
    expect(await client.getEnsText({ name: 'bob.eth', key: 'avatar' })).toBeNull()
    expect(await client.getEnsAvatar({ name: 'bob.eth' })).toBeNull()
    // The reverts behind those nulls carry the universal resolver's errors, as viem knows them.
    expect(await revertName(client.getEnsAddress({ name: 'nobody.eth', strict: true }))).toBe(
      'ResolverNotFound',
    )
    expect(await revertName(client.getEnsName({ address: dave.address, strict: true }))).toBe(
      'ResolverNotFound',
    )
  })

  it("resolves alice's avatar, an NFT she owns, to its on-chain image without any gateway", async () => {
    const [record] = world.ensNames.map((name) => name.avatar)
    expect(record).toBe(`eip155:31337/erc721:${world.contracts.nft}/1`)
    expect(await client.getEnsText({ name: 'alice.eth', key: 'avatar' })).toBe(record)
    const tokenUri = await client.readContract({
      address: world.contracts.nft,
      abi: erc721Abi,
      functionName: 'tokenURI',
      args: [1n],
    })
    const metadata = JSON.parse(
      Buffer.from(tokenUri.replace('data:application/json;base64,', ''), 'base64').toString(),
    ) as { image: string }
    expect(metadata.image).toMatch(/^data:image\/svg\+xml;base64,/)
    expect(await client.getEnsAvatar({ name: 'alice.eth' })).toBe(metadata.image)
  })

  it('hands each name to its holder and addr.reverse to the reverse registrar', async () => {
    const owner = (name: string) =>
      client.readContract({
        address: world.contracts.ensRegistry,
        abi: ensRegistryAbi,
        functionName: 'owner',
        args: [namehash(name)],
      })
    expect(await owner('alice.eth')).toBe(alice.address)
    expect(await owner(`${alice.address.slice(2).toLowerCase()}.addr.reverse`)).toBe(alice.address)
    expect(await owner('bob.eth')).toBe(bob.address)
    expect(await owner('addr.reverse')).toBe(world.contracts.ensReverseRegistrar)
    expect(await owner('eth')).toBe(devnetDeployer().address)
    // The dev accounts spent no transaction on it.
    expect(await client.getTransactionCount({ address: alice.address })).toBe(0)
  })

  it('takes a primary name only when the name resolves back to the address', async () => {
    const wallet = (privateKey: `0x${string}`) =>
      createWalletClient({
        chain,
        account: privateKeyToAccount(privateKey),
        transport: http(anvil.rpcUrl),
      })
    // carol claims alice.eth through the reverse registrar, as any account can.
    const claim = await wallet(carol.privateKey).writeContract({
      address: world.contracts.ensReverseRegistrar,
      abi: reverseRegistrarAbi,
      functionName: 'setName',
      args: ['alice.eth'],
    })
    expect((await client.waitForTransactionReceipt({ hash: claim })).status).toBe('success')
    expect(await client.getEnsName({ address: carol.address })).toBeNull()
    expect(await revertName(client.getEnsName({ address: carol.address, strict: true }))).toBe(
      'ReverseAddressMismatch',
    )

    // alice holds alice.eth, so she alone can point it at carol; then carol's claim holds.
    const point = await wallet(alice.privateKey).writeContract({
      address: world.contracts.ensPublicResolver,
      abi: publicResolverAbi,
      functionName: 'setAddr',
      args: [namehash('alice.eth'), carol.address],
    })
    expect((await client.waitForTransactionReceipt({ hash: point })).status).toBe('success')
    expect(await client.getEnsName({ address: carol.address })).toBe('alice.eth')
    expect(await client.getEnsName({ address: alice.address })).toBeNull()
  })
})
