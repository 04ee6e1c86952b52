import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { type StartBundlerReturnType, startBundler } from '@foyer/bundler'
import {
  type DevnetChain,
  devnetBundlerAccounts,
  type StartDevnetReturnType,
  startDevnet,
  toViemChain,
} from '@foyer/devnet'
import {
  createHttpSessionRegistry,
  createPublicClients,
  createSmartAccounts,
  createWalletSecret,
  decodePermissionsContext,
  delegationHash,
  delegationManagerAbi,
  handleRpcRequest,
  type RpcContext,
  RpcError,
  type SessionRegistry,
  type SmartAccountNetwork,
  splitSecret,
  withSigner,
} from '@foyer/frame'
import { getSessionsResponse } from '@foyer/protocol'
import type { FastifyInstance } from 'fastify'
import * as v from 'valibot'
import {
  createPublicClient,
  createWalletClient,
  type Hex,
  http,
  type PublicClient,
  parseAbiItem,
  parseEther,
  toHex,
} from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createDatabase } from '../src/db/createDatabase.ts'
import { createServer, devProjectId } from '../src/http/createServer.ts'

// The frame's smart sessions against real registries: the Foyer server up, the same server
// stopped, and one whose database is gone (it answers 500). Real devnet, bundler and accounts.
let directory: string
let devnet: StartDevnetReturnType
let bundler: StartBundlerReturnType
let chain: DevnetChain
let client: PublicClient
let network: SmartAccountNetwork
let live: { app: FastifyInstance; url: string }
let failing: { app: FastifyInstance; url: string }
let stoppedUrl: string

const origin = 'https://app.example.com'
const userOperationEvent = parseAbiItem(
  'event UserOperationEvent(bytes32 indexed userOpHash, address indexed sender, address indexed paymaster, uint256 nonce, bool success, uint256 actualGasCost, uint256 actualGasUsed)',
)

async function listening(database?: Awaited<ReturnType<typeof createDatabase>>) {
  const app = await createServer({
    ...(database ? { database } : { dataDir: 'memory://' }),
    devnetFile: join(directory, 'devnet.json'),
    bundlerUrls: [{ chainId: chain.chainId, url: bundler.url }],
    dev: true,
    logger: false,
    rateLimit: false,
    indexer: { enabled: false },
  })
  const url = await app.listen({ host: '127.0.0.1', port: 0 })
  return { app, url }
}

beforeAll(async () => {
  directory = mkdtempSync(join(tmpdir(), 'foyer-session-registry-'))
  devnet = await startDevnet({
    chains: [{ chainId: 31337, port: 0 }],
    outFile: join(directory, 'devnet.json'),
  })
  chain = devnet.devnet.chains[0]!
  const { executor, utility } = devnetBundlerAccounts()
  bundler = await startBundler({
    rpcUrl: chain.rpcUrl,
    port: 0,
    executorKey: executor.privateKey,
    utilityKey: utility.privateKey,
  })
  client = createPublicClient({ transport: http(chain.rpcUrl) }) as PublicClient
  const { contracts } = chain
  network = {
    bundlerUrl: bundler.url,
    entryPoint: contracts.entryPoint07,
    factory: contracts.simpleFactory,
    implementation: contracts.hybridDeleGatorImpl,
    delegationManager: contracts.delegationManager,
    enforcers: {
      timestamp: contracts.timestampEnforcer,
      allowedTargets: contracts.allowedTargetsEnforcer,
      allowedMethods: contracts.allowedMethodsEnforcer,
      erc20TransferAmount: contracts.erc20TransferAmountEnforcer,
      valueLte: contracts.valueLteEnforcer,
    },
  }
  live = await listening()
  // A server whose database is gone: every registry request fails inside it (HTTP 500).
  const lost = await createDatabase({ dataDir: 'memory://' })
  failing = await listening(lost)
  await lost.destroy()
  // The Foyer server, stopped: nothing listens on its port any more.
  const stopped = await listening()
  stoppedUrl = stopped.url
  await stopped.app.close()
}, 180_000)

afterAll(async () => {
  await Promise.allSettled([live?.app.close(), failing?.app.close()])
  await bundler?.stop()
  await devnet?.stop()
  if (directory) rmSync(directory, { recursive: true, force: true })
})

const registryAt = (baseUrl: string): SessionRegistry =>
  createHttpSessionRegistry({ baseUrl, projectId: devProjectId })

/** A signed-in frame's RPC context of one wallet, whose smart account has gas money. */
async function visitor() {
  const secret = createWalletSecret()
  const { deviceShare, authShare } = await splitSecret(secret.entropy)
  const rpcUrls = { [chain.chainId]: chain.rpcUrl }
  const smartAccounts = createSmartAccounts({
    networks: { [chain.chainId]: network },
    rpcUrls,
    owner: () => secret.addresses.eip155,
  })
  /** The same frame, registering with the registry at `baseUrl`. */
  const contextWith = (baseUrl: string): RpcContext => ({
    origin,
    chainId: chain.chainId,
    rpcUrls,
    address: secret.addresses.eip155,
    solanaAddress: secret.addresses.solana,
    withSigner: (fn) =>
      withSigner([deviceShare, authShare], fn, { expectedAddresses: secret.addresses }),
    approve: async () => {},
    switchChain: () => {},
    getPublicClient: createPublicClients(rpcUrls),
    smartAccounts: smartAccounts.context,
    sessions: registryAt(baseUrl),
  })
  const account = (await smartAccounts.context.get(chain.chainId))!.address
  const funder = createWalletClient({
    account: privateKeyToAccount(devnet.devnet.accounts[4]!.privateKey),
    chain: toViemChain(chain),
    transport: http(chain.rpcUrl),
  })
  await client.waitForTransactionReceipt({
    hash: await funder.sendTransaction({ to: account, value: parseEther('1') }),
  })
  return { contextWith, account }
}

/** What the live server lists for the account. */
async function listed(account: Hex) {
  const response = await fetch(
    `${live.url}/v1/sessions/eip155:${chain.chainId}:${account}?projectId=${devProjectId}`,
  )
  expect(response.status).toBe(200)
  return v.parse(getSessionsResponse, await response.json()).sessions
}

const sessionRequest = () => ({
  chainId: toHex(chain.chainId),
  expiry: Math.floor(Date.now() / 1000) + 3600,
  signer: { type: 'account', data: { address: privateKeyToAccount(generatePrivateKey()).address } },
  permissions: [
    {
      type: 'contract-call',
      data: { address: chain.contracts.usdc, functions: ['transfer(address,uint256)'] },
    },
    {
      type: 'erc20-token-transfer',
      data: { address: chain.contracts.usdc, allowance: toHex(10_000_000n) },
    },
  ],
})

const rpcErrorOf = async (promise: Promise<unknown>) => {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  )
  expect(error).toBeInstanceOf(RpcError)
  return { message: (error as RpcError).shortMessage, code: (error as RpcError).code }
}

const operationsOf = (sender: Hex) =>
  client.getLogs({
    address: chain.contracts.entryPoint07,
    event: userOperationEvent,
    args: { sender },
    fromBlock: 0n,
  })

describe('wallet_grantPermissions when the session registry fails', () => {
  it('fails with the reason when the server is stopped: the app gets no session, none is listed', async () => {
    const { contextWith, account } = await visitor()
    expect(
      await rpcErrorOf(
        handleRpcRequest(contextWith(stoppedUrl), {
          method: 'wallet_grantPermissions',
          params: [sessionRequest()],
        }),
      ),
    ).toEqual({
      message: 'The session was not granted: the session registry could not be reached',
      code: -32603,
    })
    expect(await listed(account)).toEqual([])
  })

  it('fails with the reason when the server answers 500: the app gets no session, none is listed', async () => {
    const { contextWith, account } = await visitor()
    const { message, code } = await rpcErrorOf(
      handleRpcRequest(contextWith(failing.url), {
        method: 'wallet_grantPermissions',
        params: [sessionRequest()],
      }),
    )
    expect(code).toBe(-32603)
    expect(message).toMatch(/^The session was not granted: the session registry answered 500/)
    expect(await listed(account)).toEqual([])
    // The same grant with the registry up: granted and listed.
    const granted = (await handleRpcRequest(contextWith(live.url), {
      method: 'wallet_grantPermissions',
      params: [sessionRequest()],
    })) as { context: Hex }
    expect((await listed(account)).map((session) => session.context)).toEqual([
      granted.context.toLowerCase(),
    ])
  })
})

describe('wallet_revokePermissions when the session registry fails', () => {
  it('says the session is revoked on chain but still listed; revoking again updates the list only', async () => {
    const { contextWith, account } = await visitor()
    const granted = (await handleRpcRequest(contextWith(live.url), {
      method: 'wallet_grantPermissions',
      params: [sessionRequest()],
    })) as { context: Hex }
    const [delegation] = decodePermissionsContext(granted.context)
    const pci = delegationHash(delegation!)
    const disabledOnChain = () =>
      client.readContract({
        address: chain.contracts.delegationManager,
        abi: delegationManagerAbi,
        functionName: 'disabledDelegations',
        args: [pci],
      })
    const revoke = (baseUrl: string) =>
      handleRpcRequest(contextWith(baseUrl), {
        method: 'wallet_revokePermissions',
        params: [{ permissionsContext: granted.context }],
      })

    const { message, code } = await rpcErrorOf(revoke(failing.url))
    expect(code).toBe(-32603)
    expect(message).toMatch(
      /^The session is revoked on chain, but the server still lists it: the session registry answered 500/,
    )
    expect(await disabledOnChain()).toBe(true)
    expect((await listed(account))[0]).toMatchObject({ pci, revokedAt: null })

    expect(await rpcErrorOf(revoke(stoppedUrl))).toEqual({
      message:
        'The session is revoked on chain, but the server still lists it: the session registry could not be reached',
      code: -32603,
    })

    const operations = (await operationsOf(account)).length
    expect(await revoke(live.url)).toEqual({})
    // Only the list changed: no second user operation (the chain had it disabled already).
    expect(await operationsOf(account)).toHaveLength(operations)
    const [session] = await listed(account)
    expect(session).toMatchObject({ pci })
    expect(session!.revokedAt).not.toBeNull()
  })
})
