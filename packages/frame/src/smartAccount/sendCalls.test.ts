import { devnetBundlerAccounts, erc20Abi } from '@foyer/devnet'
import { encodeFunctionData, type Hex, parseUnits } from 'viem'
import { describe, expect, it } from 'vitest'
import { UserRejectedError } from '../errors.ts'
import { batchTargetMessage, handleRpcRequest, RpcError } from '../frame/handleRpcRequest.ts'
import { createTestVisitor, type TestVisitor } from '../test-utils/createTestVisitor.ts'
import { useLocalChain } from '../test-utils/useLocalChain.ts'
import { fromCallsId, hybridDeleGatorAbi } from './delegator.ts'

// One devnet chain with ERC-4337 and a real bundler (alto) in front of it.
const local = useLocalChain({ bundler: true })

/** A signed-in frame's RPC context over a new wallet, answering its cards with `decide`. */
const visitor = (decide: 'approve' | 'reject' = 'approve') =>
  createTestVisitor({
    chain: local.chain,
    smartAccountNetwork: local.smartAccountNetwork(),
    decide,
  })

/** Gives the counterfactual account Ether for gas and 100 USDC, before it exists. */
const fund = (address: Hex) => local.fund(address, { ether: '1', usdc: '100' })

const usdcOf = (address: Hex) =>
  local.client.readContract({
    address: local.chain.contracts.usdc,
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

const router = () => local.chain.contracts.uniswapV2Router02
const approveCall = (amount: bigint) => ({
  to: local.chain.contracts.usdc,
  data: encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [router(), amount] }),
})
const transferCall = (to: Hex, amount: bigint) => ({
  to: local.chain.contracts.usdc,
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
          params: [local.devnet.accounts[0]!.address],
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
    const recipient = local.devnet.accounts[8]!.address
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
    const [{ request, summary }] = asked as [TestVisitor['asked'][0]]
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
    const transaction = await local.client.getTransactionReceipt({
      hash: status.receipts![0]!.transactionHash,
    })
    // Sent by the bundler's executor, to the EntryPoint: one handleOps for the whole batch.
    expect(transaction.from.toLowerCase()).toBe(
      devnetBundlerAccounts().executor.address.toLowerCase(),
    )
    expect(transaction.to?.toLowerCase()).toBe(local.chain.contracts.entryPoint07.toLowerCase())
    expect((await usdcOf(recipient)) - before).toBe(parseUnits('10', 6))
    expect(
      await local.client.readContract({
        address: local.chain.contracts.usdc,
        abi: erc20Abi,
        functionName: 'allowance',
        args: [sender, router()],
      }),
    ).toBe(parseUnits('5', 6))
    // The account deployed where the frame said, a HybridDeleGator owned by the visitor's EOA.
    expect(await local.client.getCode({ address: sender })).toMatch(/^0x[0-9a-f]{10,}/)
    expect(
      await local.client.readContract({
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
    expect(await local.client.getCode({ address: sender })).toBeUndefined()
    expect(await usdcOf(sender)).toBe(parseUnits('100', 6))
  })

  it('refuses a batch with a call that has no 0x target (SPEC §5) before anything else', async () => {
    const { context, asked, signed } = await visitor()
    const bare = local.chain.contracts.usdc.slice(2)
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
    expect(await refused({ from: local.devnet.accounts[0]!.address })).toMatchObject({
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
