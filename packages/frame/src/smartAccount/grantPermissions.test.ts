import { erc20Abi, toViemChain } from '@foyer/devnet'
import { sessionRevokeMessage } from '@foyer/protocol'
import {
  createTestClient,
  createWalletClient,
  encodeFunctionData,
  encodePacked,
  type Hex,
  http,
  maxUint256,
  parseUnits,
  toHex,
} from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { describe, expect, it } from 'vitest'
import { UserRejectedError } from '../errors.ts'
import { handleRpcRequest, RpcError } from '../frame/handleRpcRequest.ts'
import {
  createTestVisitor,
  type TestVisitor,
  testAppOrigin,
} from '../test-utils/createTestVisitor.ts'
import { useLocalChain } from '../test-utils/useLocalChain.ts'
import { executionModes } from './delegator.ts'
import type { GrantPermissionsReturnType } from './grantPermissions.ts'
import {
  decodePermissionsContext,
  delegationHash,
  delegationManagerAbi,
} from './sessionDelegation.ts'
import type { SessionRegistry } from './sessionRegistry.ts'

// One devnet chain with ERC-4337, the Delegation Framework and a real bundler (alto).
const local = useLocalChain({ bundler: true })

/**
 * A signed-in frame's RPC context over a new wallet, answering its cards with `decide`, with the
 * sessions it hands the server's registry (its HTTP side is tested with the server).
 */
async function visitor(decide: 'approve' | 'reject' = 'approve') {
  const registered: Parameters<SessionRegistry['register']>[0][] = []
  const revoked: Parameters<SessionRegistry['revoke']>[0][] = []
  const sessions: SessionRegistry = {
    register: async (session) => {
      registered.push(session)
      return { pci: '0x' }
    },
    revoke: async (session) => {
      revoked.push(session)
    },
  }
  const signedIn = await createTestVisitor({
    chain: local.chain,
    smartAccountNetwork: local.smartAccountNetwork(),
    decide,
    sessions,
  })
  return { ...signedIn, registered, revoked }
}

const fundEther = (address: Hex) => local.fund(address, { ether: '1' })
const fundUsdc = (address: Hex, amount: string) => local.fund(address, { usdc: amount })

const usdcOf = (address: Hex) =>
  local.client.readContract({
    address: local.chain.contracts.usdc,
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
    chain: toViemChain(local.chain),
    transport: http(local.chain.rpcUrl),
  })
  /**
   * The key redeems the session itself (no wallet, no prompt): `redeemDelegations` with one call.
   * Sent with a fixed gas limit so a refused call is mined and reverts on chain.
   */
  const redeem = async (permissionsContext: Hex, call: { to: Hex; data: Hex; value?: bigint }) => {
    const hash = await wallet.writeContract({
      address: local.chain.contracts.delegationManager,
      abi: delegationManagerAbi,
      functionName: 'redeemDelegations',
      args: [
        [permissionsContext],
        [executionModes.single],
        [encodePacked(['address', 'uint256', 'bytes'], [call.to, call.value ?? 0n, call.data])],
      ],
      gas: 1_000_000n,
    })
    return (await local.client.waitForTransactionReceipt({ hash })).status
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
  chainId: toHex(local.chain.chainId),
  expiry,
  signer: { type: 'key', data: { type: 'secp256k1', id: key } },
  permissions: [
    {
      type: 'contract-call',
      data: { address: local.chain.contracts.usdc, functions: ['transfer(address,uint256)'] },
    },
    {
      type: 'erc20-token-transfer',
      data: { address: local.chain.contracts.usdc, allowance: toHex(allowance) },
    },
  ],
})

describe('wallet_grantPermissions', () => {
  it('grants a 10 USDC session the key redeems without a prompt; the chain refuses the rest, and after revoke everything', async () => {
    const { context, owner, asked, signed, registered, revoked, smartAccount } = await visitor()
    const account = await smartAccount()
    await fundEther(account)
    await fundUsdc(account, '100')
    const { account: key, redeem } = await sessionKey()
    const recipient = local.devnet.accounts[8]!.address

    const granted = (await handleRpcRequest(context, {
      method: 'wallet_grantPermissions',
      params: [usdcSession(key.address, usdc('10'))],
    })) as GrantPermissionsReturnType

    // One card: the app, until when, the one contract and function, the limit read as USDC.
    expect(asked).toHaveLength(1)
    const [{ request, summary }] = asked as [TestVisitor['asked'][0]]
    expect(request).toMatchObject({ kind: 'evmPermissions', account, owner, deploysAccount: true })
    expect(summary).toMatchObject({
      title: 'Grant session',
      approveLabel: 'Grant',
      origin: testAppOrigin,
    })
    expect(summary.details).toMatchObject({
      type: 'permissions',
      revoke: false,
      signer: { address: key.address },
      contracts: [
        {
          contract: { address: local.chain.contracts.usdc },
          functions: ['transfer(address,uint256)'],
        },
      ],
      tokenLimits: [{ token: { symbol: 'USDC' }, allowance: { formatted: '10 USDC' } }],
      deploysAccount: true,
    })
    // The answer ERC-7715 describes; the account was deployed first (the signature needs ERC-1271).
    expect(granted).toMatchObject({
      chainId: '0x7a69',
      address: account,
      signerMeta: { delegationManager: local.chain.contracts.delegationManager },
    })
    expect(granted).not.toHaveProperty('accountMeta')
    expect(await local.client.getCode({ address: account })).toMatch(/^0x[0-9a-f]{10,}/)
    const [delegation] = decodePermissionsContext(granted.context)
    expect(delegation).toMatchObject({ delegator: account, delegate: key.address })
    expect(registered).toEqual([
      {
        chainId: local.chain.chainId,
        account,
        origin: testAppOrigin,
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
        to: local.chain.contracts.usdc,
        data: transferData(recipient, usdc('6')),
      }),
    ).toBe('success')
    expect((await usdcOf(recipient)) - before).toBe(usdc('6'))
    // 6 + 5 is over the 10 USDC in all: refused on chain, nothing moves.
    expect(
      await redeem(granted.context, {
        to: local.chain.contracts.usdc,
        data: transferData(recipient, usdc('5')),
      }),
    ).toBe('reverted')
    // Another function of the same contract, another contract, Ether: refused.
    expect(
      await redeem(granted.context, {
        to: local.chain.contracts.usdc,
        data: encodeFunctionData({
          abi: erc20Abi,
          functionName: 'approve',
          args: [key.address, maxUint256],
        }),
      }),
    ).toBe('reverted')
    expect(
      await redeem(granted.context, {
        to: local.chain.contracts.dai,
        data: transferData(recipient, 1n),
      }),
    ).toBe('reverted')
    expect(await redeem(granted.context, { to: recipient, data: '0x', value: 1n })).toBe('reverted')
    // Up to the limit exactly still goes through.
    expect(
      await redeem(granted.context, {
        to: local.chain.contracts.usdc,
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
      await local.client.readContract({
        address: local.chain.contracts.delegationManager,
        abi: delegationManagerAbi,
        functionName: 'disabledDelegations',
        args: [pci],
      }),
    ).toBe(true)
    expect(
      await redeem(granted.context, {
        to: local.chain.contracts.usdc,
        data: transferData(recipient, usdc('1')),
      }),
    ).toBe('reverted')
    expect((await usdcOf(recipient)) - before).toBe(usdc('9'))
    // The registry hears of it with the account's own signature (ERC-1271 of the DeleGator).
    expect(revoked).toHaveLength(1)
    expect(revoked[0]).toMatchObject({ chainId: local.chain.chainId, account, pci })
    expect(
      await local.client.verifyMessage({
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
      params: [usdcSession(local.devnet.accounts[7]!.address, usdc('10'))],
    }).catch((reason: unknown) => reason)
    expect(error).toBeInstanceOf(UserRejectedError)
    expect((error as UserRejectedError).code).toBe(4001)
    expect(asked).toHaveLength(1)
    expect(signed()).toBe(0)
    expect(registered).toHaveLength(0)
    expect(await local.client.getCode({ address: account })).toBeUndefined()
  })

  it('refuses a session it cannot bound, before any card (-32602)', async () => {
    const { context, asked, signed } = await visitor()
    const key = local.devnet.accounts[7]!.address
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
            {
              type: 'erc20-token-transfer',
              data: { address: local.chain.contracts.usdc, allowance },
            },
          ],
        }),
      ).toMatchObject({ code: -32602, message: expect.stringMatching(/bounded/) })
    expect(
      await refused({
        ...session,
        permissions: [
          { type: 'contract-call', data: { address: local.chain.contracts.usdc, functions: [] } },
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
    await fundUsdc(account, '10')
    const { account: key, redeem } = await sessionKey()
    const recipient = local.devnet.accounts[8]!.address
    const granted = (await handleRpcRequest(context, {
      method: 'wallet_grantPermissions',
      params: [usdcSession(key.address, usdc('10'), Math.floor(Date.now() / 1000) + 600)],
    })) as GrantPermissionsReturnType
    expect(
      await redeem(granted.context, {
        to: local.chain.contracts.usdc,
        data: transferData(recipient, usdc('1')),
      }),
    ).toBe('success')
    // Last test of the file: the chain's clock moves past the expiry for good.
    const testClient = createTestClient({ mode: 'anvil', transport: http(local.chain.rpcUrl) })
    await testClient.increaseTime({ seconds: 601 })
    await testClient.mine({ blocks: 1 })
    expect(
      await redeem(granted.context, {
        to: local.chain.contracts.usdc,
        data: transferData(recipient, usdc('1')),
      }),
    ).toBe('reverted')
    expect(await usdcOf(account)).toBe(usdc('9'))
  })
})
