import { type StartBundlerReturnType, startBundler } from '@foyer/bundler'
import {
  type DevnetChain,
  devnetBundlerAccounts,
  erc20Abi,
  type StartDevnetReturnType,
  startDevnet,
  toViemChain,
} from '@foyer/devnet'
import {
  createPublicClient,
  createWalletClient,
  encodeFunctionData,
  type Hex,
  http,
  type PublicClient,
  parseEther,
  parseUnits,
} from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { describeApproval } from '../approval/describeApproval.ts'
import type { ApprovalChains, ApprovalRequest, ApprovalSummary } from '../approval/types.ts'
import { createWalletSecret } from '../custody/createWalletSecret.ts'
import { splitSecret } from '../custody/splitSecret.ts'
import { withSigner } from '../custody/withSigner.ts'
import { UserRejectedError } from '../errors.ts'
import {
  batchTargetMessage,
  createPublicClients,
  handleRpcRequest,
  type RpcContext,
  RpcError,
} from '../frame/handleRpcRequest.ts'
import { createSmartAccounts } from './createSmartAccounts.ts'
import { fromCallsId, hybridDeleGatorAbi } from './delegator.ts'
import { smartAccountNetworkOf } from './testNetwork.ts'

// One devnet chain with ERC-4337 and a real bundler (alto) in front of it.
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
  /** Every approval the frame asked for, with the card it would show. */
  asked: { request: ApprovalRequest; summary: ApprovalSummary }[]
  /** How many times the owner key was rebuilt to sign. */
  signed: () => number
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
    networks: {
      [chain.chainId]: smartAccountNetworkOf(chain, bundler.url),
    },
    rpcUrls,
    owner: () => secret.addresses.eip155,
  })
  const asked: Visitor['asked'] = []
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
      // The card the frame shows, built by the real describer against the chain.
      const summary = await describeApproval(request, {
        chains: approvalChains,
        getPublicClient,
      })
      asked.push({ request, summary })
      if (decide === 'reject') throw new UserRejectedError()
    },
    switchChain: () => {},
    getPublicClient,
    smartAccounts: smartAccounts.context,
  }
  return {
    context,
    owner: secret.addresses.eip155,
    asked,
    signed: () => signed,
    smartAccount: async () => (await smartAccounts.context.get(chain.chainId))!.address,
  }
}

const funder = () =>
  createWalletClient({
    account: privateKeyToAccount(devnet.devnet.accounts[3]!.privateKey),
    chain: toViemChain(chain),
    transport: http(chain.rpcUrl),
  })

/** Gives the counterfactual account Ether for gas and 100 USDC, before it exists. */
async function fund(address: Hex) {
  const wallet = funder()
  await client.waitForTransactionReceipt({
    hash: await wallet.sendTransaction({ to: address, value: parseEther('1') }),
  })
  await client.waitForTransactionReceipt({
    hash: await wallet.writeContract({
      address: chain.contracts.usdc,
      abi: erc20Abi,
      functionName: 'transfer',
      args: [address, parseUnits('100', 6)],
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

const rpcErrorOf = async (promise: Promise<unknown>) => {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  )
  expect(error).toBeInstanceOf(RpcError)
  return { message: (error as RpcError).shortMessage, code: (error as RpcError).code }
}

const router = () => chain.contracts.uniswapV2Router02
const approveCall = (amount: bigint) => ({
  to: chain.contracts.usdc,
  data: encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [router(), amount] }),
})
const transferCall = (to: Hex, amount: bigint) => ({
  to: chain.contracts.usdc,
  data: encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [to, amount] }),
})

describe('wallet_getCapabilities', () => {
  it('answers atomic batches and smart-session permissions for the smart account on the networks with a bundler', async () => {
    const { context, owner, smartAccount } = await visitor()
    const supported = {
      '0x7a69': {
        atomic: { status: 'supported' },
        atomicBatch: { supported: true },
        // ERC-7715: what wallet_grantPermissions accepts and what the caveats enforce.
        permissions: {
          supported: true,
          signerTypes: ['account', 'key'],
          keyTypes: ['secp256k1'],
          permissionTypes: ['contract-call', 'erc20-token-transfer'],
          policyTypes: [],
          enforcedPolicies: [
            'expiry',
            'allowed-contracts',
            'allowed-functions',
            'erc20-token-allowance',
          ],
          maxExpirySeconds: 30 * 24 * 60 * 60,
        },
      },
    }
    expect(await handleRpcRequest(context, { method: 'wallet_getCapabilities' })).toEqual(supported)
    expect(
      await handleRpcRequest(context, {
        method: 'wallet_getCapabilities',
        params: [await smartAccount(), ['0x7a69', '0x1']],
      }),
    ).toEqual(supported)
    // The EOA batches one transaction per call (sendEoaCalls.test.ts): never atomically, and
    // grants no sessions (nothing could enforce them on chain).
    expect(
      await handleRpcRequest(context, { method: 'wallet_getCapabilities', params: [owner] }),
    ).toEqual({ '0x7a69': { atomic: { status: 'unsupported' } } })
    expect(
      await handleRpcRequest(context, {
        method: 'wallet_getCapabilities',
        params: [undefined, ['0x1']],
      }),
    ).toEqual({})
    expect(
      await rpcErrorOf(
        handleRpcRequest(context, {
          method: 'wallet_getCapabilities',
          params: [devnet.devnet.accounts[0]!.address],
        }),
      ),
    ).toEqual({ message: 'The address is not the connected account', code: 4100 })
    expect(
      await rpcErrorOf(
        handleRpcRequest({ ...context, address: undefined }, { method: 'wallet_getCapabilities' }),
      ),
    ).toEqual({ message: 'Not connected to email or social', code: 4100 })
  })
})

describe('wallet_sendCalls', () => {
  it('sends approve + transfer as ONE user operation, signed only after the card was confirmed', async () => {
    const { context, owner, asked, signed, smartAccount } = await visitor()
    const sender = await smartAccount()
    await fund(sender)
    const recipient = devnet.devnet.accounts[8]!.address
    const before = await usdcOf(recipient)

    const answer = (await handleRpcRequest(context, {
      method: 'wallet_sendCalls',
      params: [
        {
          version: '2.0.0',
          chainId: '0x7a69',
          from: sender,
          atomicRequired: true,
          calls: [approveCall(parseUnits('5', 6)), transferCall(recipient, parseUnits('10', 6))],
        },
      ],
    })) as { id: Hex }

    // One card, naming the smart account, its owner, both decoded calls and the operation's cost.
    expect(asked).toHaveLength(1)
    const [{ request, summary }] = asked as [Visitor['asked'][0]]
    expect(request).toMatchObject({ kind: 'evmCalls', from: sender, owner, deploysAccount: true })
    expect(summary.title).toBe('Confirm 2 calls')
    expect(summary.account).toMatchObject({ address: sender, name: 'Smart account' })
    expect(summary.details.type).toBe('evmTransaction')
    if (summary.details.type !== 'evmTransaction') throw new Error('unreachable')
    const [approval, transfer] = summary.details.calls
    expect(approval).toMatchObject({
      type: 'erc20Approve',
      token: { symbol: 'USDC', source: 'config' },
      amount: { formatted: '5 USDC' },
    })
    expect(transfer).toMatchObject({
      type: 'erc20Transfer',
      to: { address: recipient },
      amount: { formatted: '10 USDC' },
    })
    expect(summary.details.userOperation).toMatchObject({
      owner: { address: owner },
      deploysAccount: true,
    })
    expect(summary.details.fee.status).toBe('estimated')
    expect(summary.details.balanceChanges).toMatchObject({
      status: 'simulated',
      changes: [{ token: { symbol: 'USDC' }, direction: 'out', amount: { formatted: '10 USDC' } }],
    })
    expect(signed()).toBe(1)

    // One operation on chain: both calls happened, the account now exists.
    expect(fromCallsId(answer.id)?.chainId).toBe(31337)
    let status: { status: number; receipts?: { status: Hex; transactionHash: Hex }[] }
    const deadline = Date.now() + 20_000
    for (;;) {
      status = (await handleRpcRequest(context, {
        method: 'wallet_getCallsStatus',
        params: [answer.id],
      })) as typeof status
      expect([100, 200]).toContain(status.status)
      if (status.status === 200 || Date.now() > deadline) break
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
    expect(status).toMatchObject({
      version: '2.0.0',
      id: answer.id,
      chainId: '0x7a69',
      atomic: true,
      status: 200,
    })
    expect(status.receipts).toHaveLength(1)
    expect(status.receipts![0]!.status).toBe('0x1')
    const transaction = await client.getTransactionReceipt({
      hash: status.receipts![0]!.transactionHash,
    })
    // Sent by the bundler's executor, to the EntryPoint: one handleOps for the whole batch.
    expect(transaction.from.toLowerCase()).toBe(
      devnetBundlerAccounts().executor.address.toLowerCase(),
    )
    expect(transaction.to?.toLowerCase()).toBe(chain.contracts.entryPoint07.toLowerCase())
    expect((await usdcOf(recipient)) - before).toBe(parseUnits('10', 6))
    expect(
      await client.readContract({
        address: chain.contracts.usdc,
        abi: erc20Abi,
        functionName: 'allowance',
        args: [sender, router()],
      }),
    ).toBe(parseUnits('5', 6))
    // The account deployed where the frame said, a HybridDeleGator owned by the visitor's EOA.
    expect(await client.getCode({ address: sender })).toMatch(/^0x[0-9a-f]{10,}/)
    expect(
      await client.readContract({
        address: sender,
        abi: hybridDeleGatorAbi,
        functionName: 'owner',
      }),
    ).toBe(owner)

    // The next batch needs no deployment.
    const second = (await handleRpcRequest(context, {
      method: 'wallet_sendCalls',
      params: [{ version: '2.0.0', calls: [transferCall(recipient, parseUnits('1', 6))] }],
    })) as { id: Hex }
    expect(asked[1]?.request).toMatchObject({ kind: 'evmCalls', deploysAccount: false })
    expect(asked[1]?.summary.title).toBe('Send USDC')
    expect(second.id).not.toBe(answer.id)
  })

  it('signs and sends nothing when the visitor rejects the card', async () => {
    const { context, asked, signed, smartAccount } = await visitor('reject')
    const sender = await smartAccount()
    await fund(sender)
    const error = await handleRpcRequest(context, {
      method: 'wallet_sendCalls',
      params: [{ version: '2.0.0', calls: [transferCall(sender, 1n), approveCall(1n)] }],
    }).catch((reason: unknown) => reason)
    expect(error).toBeInstanceOf(UserRejectedError)
    expect(asked).toHaveLength(1)
    expect(signed()).toBe(0)
    // Nothing reached the chain: the account was never deployed and kept its USDC.
    await new Promise((resolve) => setTimeout(resolve, 500))
    expect(await client.getCode({ address: sender })).toBeUndefined()
    expect(await usdcOf(sender)).toBe(parseUnits('100', 6))
  })

  it('refuses a batch with a call that has no 0x target (SPEC §5) before anything else', async () => {
    const { context, asked, signed } = await visitor()
    const bare = chain.contracts.usdc.slice(2)
    for (const to of [bare, undefined, `0x${bare.slice(2)}`, 42]) {
      expect(
        await rpcErrorOf(
          handleRpcRequest(context, {
            method: 'wallet_sendCalls',
            params: [
              { version: '2.0.0', calls: [approveCall(1n), { to, data: approveCall(1n).data }] },
            ],
          }),
        ),
      ).toEqual({ message: batchTargetMessage, code: -32602 })
    }
    expect(batchTargetMessage).toBe('Batched-send calls need a 0x-prefixed target address')
    expect(asked).toHaveLength(0)
    expect(signed()).toBe(0)
  })

  it('refuses what it cannot send atomically from the smart account', async () => {
    const { context, owner, asked, signed } = await visitor()
    const call = transferCall(owner, 1n)
    const refused = (request: Record<string, unknown>) =>
      rpcErrorOf(
        handleRpcRequest(context, {
          method: 'wallet_sendCalls',
          params: [{ version: '2.0.0', calls: [call], ...request }],
        }),
      )
    expect(await refused({ calls: [] })).toMatchObject({ code: -32602 })
    expect(await refused({ chainId: '0x1' })).toEqual({
      message: 'Unsupported chain id',
      code: 5710,
    })
    expect(await refused({ from: owner, atomicRequired: true })).toEqual({
      message: 'Atomicity not supported',
      code: 5760,
    })
    expect(await refused({ from: devnet.devnet.accounts[0]!.address })).toMatchObject({
      code: 4100,
    })
    expect(await refused({ capabilities: { paymasterService: { url: 'https://x' } } })).toEqual({
      message: 'Unsupported non-optional capability',
      code: 5700,
    })
    expect(await refused({ calls: [{ ...call, value: '12' }] })).toMatchObject({
      message: 'Invalid params',
      code: -32602,
    })
    expect(asked).toHaveLength(0)
    expect(signed()).toBe(0)
    expect(
      await rpcErrorOf(
        handleRpcRequest(context, { method: 'wallet_getCallsStatus', params: ['0x1234'] }),
      ),
    ).toEqual({ message: 'Unknown bundle id', code: 5730 })
  })
})
