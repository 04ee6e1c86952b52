import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import {
  type Address,
  BaseError,
  type Chain,
  ContractFunctionRevertedError,
  createPublicClient,
  createWalletClient,
  decodeErrorResult,
  decodeFunctionData,
  encodeAbiParameters,
  encodeFunctionResult,
  encodePacked,
  type Hex,
  http,
  keccak256,
  type PublicClient,
  parseAbi,
  zeroAddress,
} from 'viem'
import { privateKeyToAccount, sign } from 'viem/accounts'
import { namehash } from 'viem/ens'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ensRegistryAbi, signedOffchainResolverAbi } from './abis.ts'
import { anvilDevAccounts, devnetDeployer } from './accounts.ts'
import { type DeployWorldReturnType, deployWorld } from './deployWorld.ts'
import { devnetNameGatewaySigner, devnetNameGatewayUrl, devnetNameZone } from './nameGateway.ts'
import { type StartAnvilReturnType, startAnvil } from './startAnvil.ts'
import { toViemChain } from './toViemChain.ts'

/**
 * The devnet's offchain names: `foyer.eth` resolved by the `SignedOffchainResolver` through
 * viem's own CCIP-read and the mini universal resolver, against a minimal gateway written here
 * (the Foyer server's real one is tested in apps/server). It checks the contracts: the batch
 * gateway hop, the signature binding, expiry and the owner's controls.
 */
const accounts = anvilDevAccounts()
const holder = accounts[4]!
const resolverAbi = parseAbi([
  'function resolve(bytes name, bytes data) view returns (bytes result, uint64 expires, bytes sig)',
  'function addr(bytes32 node) view returns (address)',
  'function text(bytes32 node, string key) view returns (string)',
])

type GatewayMode = 'valid' | 'untrusted-signer' | 'expired' | 'wrong-target'

let anvil: StartAnvilReturnType
let world: DeployWorldReturnType
let chain: Chain
let client: PublicClient
let gateway: Server
let gatewayUrl: string
let mode: GatewayMode = 'valid'
const senders: string[] = []

/** DNS wire format → dotted name. */
function decodeDnsName(wire: Hex): string {
  const bytes = Buffer.from(wire.slice(2), 'hex')
  const labels: string[] = []
  for (let offset = 0; bytes[offset] !== 0; offset += bytes[offset]! + 1) {
    labels.push(bytes.subarray(offset + 1, offset + 1 + bytes[offset]!).toString('utf8'))
  }
  return labels.join('.')
}

async function answer(sender: Address, request: Hex): Promise<Hex> {
  const { args } = decodeFunctionData({ abi: resolverAbi, data: request })
  const [nameWire, inner] = args as [Hex, Hex]
  const name = decodeDnsName(nameWire)
  const call = decodeFunctionData({ abi: resolverAbi, data: inner })
  const known = name === `holder.${devnetNameZone}`
  const result =
    call.functionName === 'addr'
      ? encodeFunctionResult({
          abi: resolverAbi,
          functionName: 'addr',
          result: known ? holder.address : zeroAddress,
        })
      : encodeFunctionResult({
          abi: resolverAbi,
          functionName: 'text',
          result: known && call.args[1] === 'avatar' ? 'https://example.com/holder.png' : '',
        })
  const now = Math.floor(Date.now() / 1000)
  const expires = BigInt(mode === 'expired' ? now - 3600 : now + 300)
  const target = mode === 'wrong-target' ? world.contracts.ensUniversalResolver : sender
  const privateKey =
    mode === 'untrusted-signer' ? accounts[9]!.privateKey : devnetNameGatewaySigner().privateKey
  const hash = keccak256(
    encodePacked(
      ['bytes', 'address', 'uint64', 'bytes32', 'bytes32'],
      ['0x1900', target, expires, keccak256(request), keccak256(result)],
    ),
  )
  const signature = await sign({ hash, privateKey, to: 'hex' })
  return encodeAbiParameters(
    [{ type: 'bytes' }, { type: 'uint64' }, { type: 'bytes' }],
    [result, expires, signature],
  )
}

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

  gateway = createServer(async (request, response) => {
    const match = /^\/(0x[0-9a-f]{40})\/(0x[0-9a-f]*)\.json$/.exec(request.url ?? '')
    if (!match) {
      response.writeHead(400).end()
      return
    }
    const [, sender, data] = match as unknown as [string, Address, Hex]
    senders.push(sender)
    const body = await answer(sender, data)
    response.writeHead(200, { 'content-type': 'application/json' })
    response.end(JSON.stringify({ data: body }))
  })
  await new Promise<void>((resolve) => gateway.listen(0, '127.0.0.1', resolve))
  const { port } = gateway.address() as AddressInfo
  gatewayUrl = `http://127.0.0.1:${port}/{sender}/{data}.json`

  const deployer = createWalletClient({
    chain,
    transport: http(anvil.rpcUrl),
    account: privateKeyToAccount(devnetDeployer().privateKey),
  })
  const hash = await deployer.writeContract({
    address: world.contracts.offchainResolver,
    abi: signedOffchainResolverAbi,
    functionName: 'setUrls',
    args: [[gatewayUrl]],
  })
  expect((await client.waitForTransactionReceipt({ hash })).status).toBe('success')
})

afterAll(async () => {
  await new Promise((resolve) => gateway?.close(resolve))
  await anvil?.stop()
})

async function revertName(promise: Promise<unknown>): Promise<string | undefined> {
  const error = await promise.then(
    () => undefined,
    (error: unknown) => error,
  )
  expect(error).toBeInstanceOf(BaseError)
  const reverted = (error as BaseError).walk((e) => e instanceof ContractFunctionRevertedError)
  return (reverted as ContractFunctionRevertedError | null)?.data?.errorName
}

describe('offchain names on the devnet (EIP-3668 through the universal resolver)', () => {
  it('makes foyer.eth, kept by the deployer, resolved by the offchain resolver', async () => {
    const read = (functionName: 'owner' | 'resolver') =>
      client.readContract({
        address: world.contracts.ensRegistry,
        abi: ensRegistryAbi,
        functionName,
        args: [namehash(devnetNameZone)],
      })
    expect(await read('owner')).toBe(devnetDeployer().address)
    expect(await read('resolver')).toBe(world.contracts.offchainResolver)
    const resolver = { address: world.contracts.offchainResolver, abi: signedOffchainResolverAbi }
    expect(
      await client.readContract({
        ...resolver,
        functionName: 'signers',
        args: [devnetNameGatewaySigner().address],
      }),
    ).toBe(true)
    expect(await client.readContract({ ...resolver, functionName: 'owner' })).toBe(
      devnetDeployer().address,
    )
    expect(
      await client.readContract({
        ...resolver,
        functionName: 'supportsInterface',
        args: ['0x9061b923'],
      }),
    ).toBe(true)
  })

  it("starts with the server's gateway URL, which only its owner may change", async () => {
    const fresh = await startAnvil({ chainId: 31337, port: 0 })
    try {
      const freshWorld = await deployWorld(fresh.rpcUrl)
      const freshClient = createPublicClient({ transport: http(fresh.rpcUrl) })
      const resolver = {
        address: freshWorld.contracts.offchainResolver,
        abi: signedOffchainResolverAbi,
      }
      expect(await freshClient.readContract({ ...resolver, functionName: 'urls' })).toEqual([
        devnetNameGatewayUrl,
      ])
      expect(
        await revertName(
          freshClient.simulateContract({
            ...resolver,
            functionName: 'setUrls',
            args: [['http://attacker.example/{data}']],
            account: holder.address,
          }),
        ),
      ).toBe('NotOwner')
    } finally {
      await fresh.stop()
    }
  })

  it("resolves a name's address and text through viem's CCIP-read, asked for the resolver", async () => {
    mode = 'valid'
    senders.length = 0
    expect(await client.getEnsAddress({ name: `holder.${devnetNameZone}` })).toBe(holder.address)
    expect(await client.getEnsText({ name: `holder.${devnetNameZone}`, key: 'avatar' })).toBe(
      'https://example.com/holder.png',
    )
    // The batch gateway hop asks the gateway with the resolver as sender, so it signs for it.
    expect(senders).toEqual([
      world.contracts.offchainResolver.toLowerCase(),
      world.contracts.offchainResolver.toLowerCase(),
    ])
    expect(await client.getEnsResolver({ name: `holder.${devnetNameZone}` })).toBe(
      world.contracts.offchainResolver,
    )
  })

  it('answers null for a name the gateway does not know (zero address, empty text)', async () => {
    mode = 'valid'
    expect(await client.getEnsAddress({ name: `nobody.${devnetNameZone}` })).toBeNull()
    expect(await client.getEnsText({ name: `nobody.${devnetNameZone}`, key: 'avatar' })).toBeNull()
  })

  it('refuses answers signed by another key, for another contract, or expired', async () => {
    for (const [refused, error] of [
      ['untrusted-signer', 'UntrustedSigner'],
      ['wrong-target', 'UntrustedSigner'],
      ['expired', 'SignatureExpired'],
    ] as const) {
      mode = refused
      expect(await client.getEnsAddress({ name: `holder.${devnetNameZone}` })).toBeNull()
      const failure = await client
        .getEnsAddress({ name: `holder.${devnetNameZone}`, strict: true })
        .then(
          () => undefined,
          (e: unknown) => e as BaseError,
        )
      const reverted = failure?.walk((e) => e instanceof ContractFunctionRevertedError) as
        | ContractFunctionRevertedError
        | undefined
      // The universal resolver wraps the resolver's own refusal.
      expect(reverted?.data?.errorName).toBe('ResolverError')
      const inner = decodeErrorResult({
        abi: signedOffchainResolverAbi,
        data: reverted?.data?.args?.[0] as Hex,
      })
      expect(inner.errorName).toBe(error)
    }
    mode = 'valid'
  })
})
