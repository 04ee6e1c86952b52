import { erc20Abi } from '@foyer/devnet'
import { encodeFunctionData, type Hex, parseUnits } from 'viem'
import { describe, expect, it } from 'vitest'
import { UserRejectedError } from '../errors.ts'
import { createTestVisitor } from '../test-utils/createTestVisitor.ts'
import { useLocalChain } from '../test-utils/useLocalChain.ts'
import { handleRpcRequest, type RpcError } from './handleRpcRequest.ts'
import { fromEoaCallsId, toEoaCallsId } from './sendEoaCalls.ts'

// One devnet chain (anvil with the tokens); the EOA needs no bundler.
const local = useLocalChain()

/** A signed-in frame's RPC context over a new wallet with 1 ETH and 100 USDC. */
async function visitor(decide: 'approve' | 'reject' = 'approve') {
  const { context, owner, asked } = await createTestVisitor({ chain: local.chain, decide })
  await local.fund(owner, { ether: '1', usdc: '100' })
  return { context, owner, asked }
}

const spender = () => local.chain.contracts.uniswapV2Router02
const usdc = () => local.chain.contracts.usdc
const approveCall = (amount: bigint) => ({
  to: usdc(),
  data: encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [spender(), amount] }),
})
const transferCall = (to: Hex, amount: bigint) => ({
  to: usdc(),
  data: encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [to, amount] }),
})
const usdcOf = (address: Hex) =>
  local.client.readContract({
    address: usdc(),
    abi: erc20Abi,
    functionName: 'balanceOf',
    args: [address],
  })
const allowanceOf = (owner: Hex) =>
  local.client.readContract({
    address: usdc(),
    abi: erc20Abi,
    functionName: 'allowance',
    args: [owner, spender()],
  })
const receiver = '0x00000000000000000000000000000000000e0a01' as const

type CallsStatus = {
  status: number
  atomic: boolean
  receipts?: { status: Hex; transactionHash: Hex }[]
}

describe('wallet_sendCalls from the EOA', () => {
  it('shows ONE card with every call, then sends them in order as transactions', async () => {
    const { context, owner, asked } = await visitor()
    const nonce = await local.client.getTransactionCount({ address: owner })
    const { id } = (await handleRpcRequest(context, {
      method: 'wallet_sendCalls',
      params: [
        {
          version: '2.0.0',
          from: owner,
          chainId: '0x7a69',
          atomicRequired: false,
          calls: [approveCall(parseUnits('5', 6)), transferCall(receiver, parseUnits('3', 6))],
        },
      ],
    })) as { id: Hex }

    expect(asked).toHaveLength(1)
    const [card] = asked
    expect(card?.request).toMatchObject({ kind: 'evmCalls', from: owner, sequential: true })
    expect(card?.summary.details).toMatchObject({ sequentialTransactions: 2 })
    expect(card?.summary.details).not.toHaveProperty('userOperation')
    expect(card?.summary.account.name).not.toBe('Smart account')
    // Two transactions of the EOA, in order, both on chain.
    expect(await local.client.getTransactionCount({ address: owner })).toBe(nonce + 2)
    expect(await allowanceOf(owner)).toBe(parseUnits('5', 6))
    expect(await usdcOf(owner)).toBe(parseUnits('97', 6))

    const status = (await handleRpcRequest(context, {
      method: 'wallet_getCallsStatus',
      params: [id],
    })) as CallsStatus
    expect(status).toMatchObject({ status: 200, atomic: false, chainId: '0x7a69', id })
    expect(status.receipts).toHaveLength(2)
    const first = await local.client.getTransaction({ hash: status.receipts![0]!.transactionHash })
    const second = await local.client.getTransaction({ hash: status.receipts![1]!.transactionHash })
    expect([first.nonce, second.nonce]).toEqual([nonce, nonce + 1])
    expect(first.to?.toLowerCase()).toBe(usdc().toLowerCase())
    expect(status.receipts!.map((receipt) => receipt.status)).toEqual(['0x1', '0x1'])
  })

  it('batches from the EOA when no account is named and no smart account exists there', async () => {
    const { context, owner } = await visitor()
    const nonce = await local.client.getTransactionCount({ address: owner })
    await handleRpcRequest(context, {
      method: 'wallet_sendCalls',
      params: [
        { version: '2.0.0', calls: [transferCall(receiver, 1n), transferCall(receiver, 2n)] },
      ],
    })
    expect(await local.client.getTransactionCount({ address: owner })).toBe(nonce + 2)
  })

  it('stops at a call that fails and reports the partial result (600)', async () => {
    const { context, owner } = await visitor()
    const nonce = await local.client.getTransactionCount({ address: owner })
    const { id } = (await handleRpcRequest(context, {
      method: 'wallet_sendCalls',
      params: [
        {
          version: '2.0.0',
          from: owner,
          calls: [
            transferCall(receiver, parseUnits('1', 6)),
            // More than the account holds: cannot be sent (its estimate reverts).
            transferCall(receiver, parseUnits('1000', 6)),
            transferCall(receiver, parseUnits('1', 6)),
          ],
        },
      ],
    })) as { id: Hex }
    expect(await local.client.getTransactionCount({ address: owner })).toBe(nonce + 1)
    expect(await usdcOf(owner)).toBe(parseUnits('99', 6))
    const status = (await handleRpcRequest(context, {
      method: 'wallet_getCallsStatus',
      params: [id],
    })) as CallsStatus
    expect(status).toMatchObject({ status: 600, atomic: false })
    expect(status.receipts).toHaveLength(1)
  })

  it('sends nothing when the visitor rejects the card, or the first call cannot be sent', async () => {
    const rejecting = await visitor('reject')
    const nonce = await local.client.getTransactionCount({ address: rejecting.owner })
    const error = await handleRpcRequest(rejecting.context, {
      method: 'wallet_sendCalls',
      params: [{ version: '2.0.0', from: rejecting.owner, calls: [transferCall(receiver, 1n)] }],
    }).catch((reason: unknown) => reason)
    expect(error).toBeInstanceOf(UserRejectedError)
    expect(await local.client.getTransactionCount({ address: rejecting.owner })).toBe(nonce)

    const { context, owner } = await visitor()
    await expect(
      handleRpcRequest(context, {
        method: 'wallet_sendCalls',
        params: [
          { version: '2.0.0', from: owner, calls: [transferCall(receiver, parseUnits('1000', 6))] },
        ],
      }),
    ).rejects.toThrow()
    expect(await local.client.getTransactionCount({ address: owner })).toBe(0)
  })

  it('refuses atomicRequired from the EOA and a call without a 0x target, before any card', async () => {
    const { context, owner, asked } = await visitor()
    const refused = (request: Record<string, unknown>) =>
      handleRpcRequest(context, {
        method: 'wallet_sendCalls',
        params: [
          { version: '2.0.0', from: owner, calls: [transferCall(receiver, 1n)], ...request },
        ],
      }).catch((error: RpcError) => ({ message: error.shortMessage, code: error.code }))
    expect(await refused({ atomicRequired: true })).toEqual({
      message: 'Atomicity not supported',
      code: 5760,
    })
    expect(await refused({ calls: [{ to: receiver.slice(2), data: '0x' }] })).toEqual({
      message: 'Batched-send calls need a 0x-prefixed target address',
      code: -32602,
    })
    expect(asked).toHaveLength(0)
    expect(await local.client.getTransactionCount({ address: owner })).toBe(0)
  })
})

describe('wallet_getCapabilities for the EOA', () => {
  it('reports batches as not atomic on every network of the frame', async () => {
    const { context, owner } = await visitor()
    expect(
      await handleRpcRequest(context, { method: 'wallet_getCapabilities', params: [owner] }),
    ).toEqual({ '0x7a69': { atomic: { status: 'unsupported' } } })
    expect(await handleRpcRequest(context, { method: 'wallet_getCapabilities' })).toEqual({
      '0x7a69': { atomic: { status: 'unsupported' } },
    })
    expect(
      await handleRpcRequest(context, {
        method: 'wallet_getCapabilities',
        params: [owner, ['0x1']],
      }),
    ).toEqual({})
  })
})

describe('EOA batch ids', () => {
  it('round-trips and is never mistaken for a smart account id', () => {
    const hashes = [`0x${'ab'.repeat(32)}`, `0x${'cd'.repeat(32)}`] as Hex[]
    const id = toEoaCallsId({ chainId: 31337, count: 3, hashes })
    expect(fromEoaCallsId(id)).toEqual({ chainId: 31337, count: 3, hashes })
    expect(fromEoaCallsId(`0x${'ab'.repeat(64)}`)).toBeUndefined()
    expect(fromEoaCallsId(`${id}ab`)).toBeUndefined()
    expect(fromEoaCallsId(42)).toBeUndefined()
  })
})
