import { type StartBundlerReturnType, startBundler } from '@foyer/bundler'
import {
  type DevnetChain,
  devnetBundlerAccounts,
  erc20Abi,
  type StartDevnetReturnType,
  startDevnet,
  toViemChain,
} from '@foyer/devnet'
import { sessionRevokeMessage } from '@foyer/protocol'
import {
  createPublicClient,
  createTestClient,
  createWalletClient,
  encodeFunctionData,
  encodePacked,
  type Hex,
  http,
  maxUint256,
  type PublicClient,
  parseEther,
  parseUnits,
  toHex,
} from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { describeApproval } from '../approval/describeApproval.ts'
import type { ApprovalChains, ApprovalRequest, ApprovalSummary } from '../approval/types.ts'
import { createWalletSecret } from '../custody/createWalletSecret.ts'
import { splitSecret } from '../custody/splitSecret.ts'
import { withSigner } from '../custody/withSigner.ts'
import { UserRejectedError } from '../errors.ts'
import {
  createPublicClients,
  handleRpcRequest,
  type RpcContext,
  RpcError,
} from '../frame/handleRpcRequest.ts'
import { createSmartAccounts } from './createSmartAccounts.ts'
import { executionModes } from './delegator.ts'
import type { GrantPermissionsReturnType } from './grantPermissions.ts'
import {
  decodePermissionsContext,
  delegationHash,
  delegationManagerAbi,
} from './sessionDelegation.ts'
import type { SessionRegistry } from './sessionRegistry.ts'
import { smartAccountNetworkOf } from './testNetwork.ts'

// One devnet chain with ERC-4337, the Delegation Framework and a real bundler (alto).
let devnet: StartDevnetReturnType
let bundler: StartBundlerReturnType
let chain: DevnetChain
let client: PublicClient
const origin = 'https://app.example.com'

beforeAll(async () => {
  devnet = await startDevnet({ chains: [{ chainId: 31337, port: 0 }] })
  chain = devnet.devnet.chains[0]!
  const { executor, utility } = devnetBundlerAccounts()
  bundler = await startBundler({
    rpcUrl: chain.rpcUrl,
    port: 0,
    executorKey: executor.privateKey,
    utilityKey: utility.privateKey,
  })
  client = createPublicClient({ transport: http(chain.rpcUrl) }) as PublicClient
}, 120_000)

afterAll(async () => {
  await bundler?.stop()
  await devnet?.stop()
})

type Visitor = {
  context: RpcContext
  owner: Hex
  asked: { request: ApprovalRequest; summary: ApprovalSummary }[]
  signed: () => number
  registered: Parameters<SessionRegistry['register']>[0][]
  revoked: Parameters<SessionRegistry['revoke']>[0][]
  smartAccount: () => Promise<Hex>
}

/** A signed-in frame's RPC context over a new wallet, answering its cards with `decide`. */
async function visitor(decide: 'approve' | 'reject' = 'approve'): Promise<Visitor> {
  const secret = createWalletSecret()
  const { deviceShare, authShare } = await splitSecret(secret.entropy)
  const rpcUrls = { [chain.chainId]: chain.rpcUrl }
  const getPublicClient = createPublicClients(rpcUrls)
  const approvalChains: ApprovalChains = {
    [chain.chainId]: {
      name: chain.name,
      nativeCurrency: chain.nativeCurrency,
      tokens: chain.tokens,
    },
  }
  const smartAccounts = createSmartAccounts({
    networks: { [chain.chainId]: smartAccountNetworkOf(chain, bundler.url) },
    rpcUrls,
    owner: () => secret.addresses.eip155,
  })
  const asked: Visitor['asked'] = []
  const registered: Visitor['registered'] = []
  const revoked: Visitor['revoked'] = []
  let signed = 0
  const context: RpcContext = {
    origin,
    chainId: chain.chainId,
    rpcUrls,
    address: secret.addresses.eip155,
    solanaAddress: secret.addresses.solana,
    withSigner: (fn) => {
      signed++
      return withSigner([deviceShare, authShare], fn, { expectedAddresses: secret.addresses })
    },
    approve: async (request) => {
      const summary = await describeApproval(request, { chains: approvalChains, getPublicClient })
      asked.push({ request, summary })
      if (decide === 'reject') throw new UserRejectedError()
    },
    switchChain: () => {},
    getPublicClient,
    smartAccounts: smartAccounts.context,
    // What the frame hands the server's registry (its HTTP side is tested with the server).
    sessions: {
      register: async (session) => {
        registered.push(session)
        return { pci: '0x' }
      },
      revoke: async (session) => {
        revoked.push(session)
      },
    },
  }
  return {
    context,
    owner: secret.addresses.eip155,
    asked,
    signed: () => signed,
    registered,
    revoked,
    smartAccount: async () => (await smartAccounts.context.get(chain.chainId))!.address,
  }
}

const funder = () =>
  createWalletClient({
    account: privateKeyToAccount(devnet.devnet.accounts[3]!.privateKey),
    chain: toViemChain(chain),
    transport: http(chain.rpcUrl),
  })

async function fundEther(address: Hex) {
  await client.waitForTransactionReceipt({
    hash: await funder().sendTransaction({ to: address, value: parseEther('1') }),
  })
}

async function fundUsdc(address: Hex, amount: bigint) {
  await client.waitForTransactionReceipt({
    hash: await funder().writeContract({
      address: chain.contracts.usdc,
      abi: erc20Abi,
      functionName: 'transfer',
      args: [address, amount],
    }),
  })
}

const usdcOf = (address: Hex) =>
  client.readContract({
    address: chain.contracts.usdc,
    abi: erc20Abi,
    functionName: 'balanceOf',
    args: [address],
  })

const usdc = (amount: string) => parseUnits(amount, 6)

/** A session key of the app: its own EOA, with Ether for its own gas. */
async function sessionKey() {
  const account = privateKeyToAccount(generatePrivateKey())
  await fundEther(account.address)
  const wallet = createWalletClient({
    account,
    chain: toViemChain(chain),
    transport: http(chain.rpcUrl),
  })
  /**
   * The key redeems the session itself (no wallet, no prompt): `redeemDelegations` with one call.
   * Sent with a fixed gas limit so a refused call is mined and reverts on chain.
   */
  const redeem = async (permissionsContext: Hex, call: { to: Hex; data: Hex; value?: bigint }) => {
    const hash = await wallet.writeContract({
      address: chain.contracts.delegationManager,
      abi: delegationManagerAbi,
      functionName: 'redeemDelegations',
      args: [
        [permissionsContext],
        [executionModes.single],
        [encodePacked(['address', 'uint256', 'bytes'], [call.to, call.value ?? 0n, call.data])],
      ],
      gas: 1_000_000n,
    })
    return (await client.waitForTransactionReceipt({ hash })).status
  }
  return { account, redeem }
}

const transferData = (to: Hex, amount: bigint) =>
  encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [to, amount] })

const rpcErrorOf = async (promise: Promise<unknown>) => {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  )
  expect(error).toBeInstanceOf(RpcError)
  return { message: (error as RpcError).shortMessage, code: (error as RpcError).code }
}

const inOneHour = () => Math.floor(Date.now() / 1000) + 3600

/** A session of `key` limited to `allowance` USDC, calling only USDC's `transfer`. */
const usdcSession = (key: Hex, allowance: bigint, expiry = inOneHour()) => ({
  chainId: toHex(chain.chainId),
  expiry,
  signer: { type: 'key', data: { type: 'secp256k1', id: key } },
  permissions: [
    {
      type: 'contract-call',
      data: { address: chain.contracts.usdc, functions: ['transfer(address,uint256)'] },
    },
    {
      type: 'erc20-token-transfer',
      data: { address: chain.contracts.usdc, allowance: toHex(allowance) },
    },
  ],
})

describe('wallet_grantPermissions', () => {
  it('grants a 10 USDC session the key redeems without a prompt; the chain refuses the rest, and after revoke everything', async () => {
    const { context, owner, asked, signed, registered, revoked, smartAccount } = await visitor()
    const account = await smartAccount()
    await fundEther(account)
    await fundUsdc(account, usdc('100'))
    const { account: key, redeem } = await sessionKey()
    const recipient = devnet.devnet.accounts[8]!.address

    const granted = (await handleRpcRequest(context, {
      method: 'wallet_grantPermissions',
      params: [usdcSession(key.address, usdc('10'))],
    })) as GrantPermissionsReturnType

    // One card: the app, until when, the one contract and function, the limit read as USDC.
    expect(asked).toHaveLength(1)
    const [{ request, summary }] = asked as [Visitor['asked'][0]]
    expect(request).toMatchObject({ kind: 'evmPermissions', account, owner, deploysAccount: true })
    expect(summary).toMatchObject({ title: 'Grant session', approveLabel: 'Grant', origin })
    expect(summary.details).toMatchObject({
      type: 'permissions',
      revoke: false,
      signer: { address: key.address },
      contracts: [
        { contract: { address: chain.contracts.usdc }, functions: ['transfer(address,uint256)'] },
      ],
      tokenLimits: [{ token: { symbol: 'USDC' }, allowance: { formatted: '10 USDC' } }],
      deploysAccount: true,
    })
    // The answer ERC-7715 describes; the account was deployed first (the signature needs ERC-1271).
    expect(granted).toMatchObject({
      chainId: '0x7a69',
      address: account,
      signerMeta: { delegationManager: chain.contracts.delegationManager },
    })
    expect(granted).not.toHaveProperty('accountMeta')
    expect(await client.getCode({ address: account })).toMatch(/^0x[0-9a-f]{10,}/)
    const [delegation] = decodePermissionsContext(granted.context)
    expect(delegation).toMatchObject({ delegator: account, delegate: key.address })
    expect(registered).toEqual([
      {
        chainId: chain.chainId,
        account,
        origin,
        expiry: granted.expiry,
        permissions: granted.permissions,
        context: granted.context,
      },
    ])
    const signedBefore = signed()

    // The key spends within the limit, by itself: no card, no signature by the visitor.
    const before = await usdcOf(recipient)
    expect(
      await redeem(granted.context, {
        to: chain.contracts.usdc,
        data: transferData(recipient, usdc('6')),
      }),
    ).toBe('success')
    expect((await usdcOf(recipient)) - before).toBe(usdc('6'))
    // 6 + 5 is over the 10 USDC in all: refused on chain, nothing moves.
    expect(
      await redeem(granted.context, {
        to: chain.contracts.usdc,
        data: transferData(recipient, usdc('5')),
      }),
    ).toBe('reverted')
    // Another function of the same contract, another contract, Ether: refused.
    expect(
      await redeem(granted.context, {
        to: chain.contracts.usdc,
        data: encodeFunctionData({
          abi: erc20Abi,
          functionName: 'approve',
          args: [key.address, maxUint256],
        }),
      }),
    ).toBe('reverted')
    expect(
      await redeem(granted.context, { to: chain.contracts.dai, data: transferData(recipient, 1n) }),
    ).toBe('reverted')
    expect(await redeem(granted.context, { to: recipient, data: '0x', value: 1n })).toBe('reverted')
    // Up to the limit exactly still goes through.
    expect(
      await redeem(granted.context, {
        to: chain.contracts.usdc,
        data: transferData(recipient, usdc('3')),
      }),
    ).toBe('success')
    expect((await usdcOf(recipient)) - before).toBe(usdc('9'))
    expect(asked).toHaveLength(1)
    expect(signed()).toBe(signedBefore)

    // Revoked: a card, one operation of the account, and the same 1 USDC is refused from then on.
    await handleRpcRequest(context, {
      method: 'wallet_revokePermissions',
      params: [{ permissionsContext: granted.context }],
    })
    expect(asked).toHaveLength(2)
    expect(asked[1]!.summary).toMatchObject({
      title: 'Revoke session',
      details: {
        type: 'permissions',
        revoke: true,
        signer: { address: key.address },
        contracts: [{ functions: ['transfer(address,uint256)'] }],
        tokenLimits: [{ allowance: { formatted: '10 USDC' } }],
      },
    })
    const pci = delegationHash(delegation!)
    expect(
      await client.readContract({
        address: chain.contracts.delegationManager,
        abi: delegationManagerAbi,
        functionName: 'disabledDelegations',
        args: [pci],
      }),
    ).toBe(true)
    expect(
      await redeem(granted.context, {
        to: chain.contracts.usdc,
        data: transferData(recipient, usdc('1')),
      }),
    ).toBe('reverted')
    expect((await usdcOf(recipient)) - before).toBe(usdc('9'))
    // The registry hears of it with the account's own signature (ERC-1271 of the DeleGator).
    expect(revoked).toHaveLength(1)
    expect(revoked[0]).toMatchObject({ chainId: chain.chainId, account, pci })
    expect(
      await client.verifyMessage({
        address: account,
        message: sessionRevokeMessage(pci),
        signature: revoked[0]!.signature,
      }),
    ).toBe(true)
  })

  it('signs and deploys nothing when the visitor rejects the card (4001)', async () => {
    const { context, asked, signed, registered, smartAccount } = await visitor('reject')
    const account = await smartAccount()
    await fundEther(account)
    const error = await handleRpcRequest(context, {
      method: 'wallet_grantPermissions',
      params: [usdcSession(devnet.devnet.accounts[7]!.address, usdc('10'))],
    }).catch((reason: unknown) => reason)
    expect(error).toBeInstanceOf(UserRejectedError)
    expect((error as UserRejectedError).code).toBe(4001)
    expect(asked).toHaveLength(1)
    expect(signed()).toBe(0)
    expect(registered).toHaveLength(0)
    expect(await client.getCode({ address: account })).toBeUndefined()
  })

  it('refuses a session it cannot bound, before any card (-32602)', async () => {
    const { context, asked, signed } = await visitor()
    const key = devnet.devnet.accounts[7]!.address
    const session = usdcSession(key, usdc('10'))
    const now = Math.floor(Date.now() / 1000)
    const refused = (request: Record<string, unknown>) =>
      rpcErrorOf(
        handleRpcRequest(context, { method: 'wallet_grantPermissions', params: [request] }),
      )
    const { expiry: _expiry, ...noExpiry } = session
    expect(await refused(noExpiry)).toEqual({
      message: 'A session needs an expiry (`expiry`, unix seconds)',
      code: -32602,
    })
    expect(await refused({ ...session, expiry: now - 1 })).toMatchObject({
      code: -32602,
      message: 'The session’s expiry is in the past',
    })
    expect(await refused({ ...session, expiry: now + 31 * 86_400 })).toMatchObject({
      code: -32602,
      message: 'A session lasts at most 30 days: `expiry` is too far ahead',
    })
    const tokenOnly = { ...session, permissions: [session.permissions[1]] }
    expect(await refused(tokenOnly)).toEqual({
      message: 'A session must name the contracts it may call (a contract-call permission)',
      code: -32602,
    })
    for (const allowance of [undefined, '0x0', toHex(maxUint256)])
      expect(
        await refused({
          ...session,
          permissions: [
            session.permissions[0],
            { type: 'erc20-token-transfer', data: { address: chain.contracts.usdc, allowance } },
          ],
        }),
      ).toMatchObject({ code: -32602, message: expect.stringMatching(/bounded/) })
    expect(
      await refused({
        ...session,
        permissions: [
          { type: 'contract-call', data: { address: chain.contracts.usdc, functions: [] } },
        ],
      }),
    ).toMatchObject({ code: -32602 })
    expect(await refused({ ...session, signer: { type: 'keys', data: {} } })).toMatchObject({
      code: -32602,
    })
    expect(asked).toHaveLength(0)
    expect(signed()).toBe(0)
  })

  it('ends the session at its expiry, on chain', async () => {
    const { context, smartAccount } = await visitor()
    const account = await smartAccount()
    await fundEther(account)
    await fundUsdc(account, usdc('10'))
    const { account: key, redeem } = await sessionKey()
    const recipient = devnet.devnet.accounts[8]!.address
    const granted = (await handleRpcRequest(context, {
      method: 'wallet_grantPermissions',
      params: [usdcSession(key.address, usdc('10'), Math.floor(Date.now() / 1000) + 600)],
    })) as GrantPermissionsReturnType
    expect(
      await redeem(granted.context, {
        to: chain.contracts.usdc,
        data: transferData(recipient, usdc('1')),
      }),
    ).toBe('success')
    // Last test of the file: the chain's clock moves past the expiry for good.
    const testClient = createTestClient({ mode: 'anvil', transport: http(chain.rpcUrl) })
    await testClient.increaseTime({ seconds: 601 })
    await testClient.mine({ blocks: 1 })
    expect(
      await redeem(granted.context, {
        to: chain.contracts.usdc,
        data: transferData(recipient, usdc('1')),
      }),
    ).toBe('reverted')
    expect(await usdcOf(account)).toBe(usdc('9'))
  })
})
