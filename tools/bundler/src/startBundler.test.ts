import { createServer } from 'node:net'
import {
  deriveDevAccounts,
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
  http,
  type PublicClient,
  parseEther,
  parseUnits,
} from 'viem'
import {
  type BundlerClient,
  createBundlerClient,
  entryPoint07Address,
} from 'viem/account-abstraction'
import { privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { BundlerStartError } from './errors.ts'
import { type StartBundlerReturnType, startBundler } from './startBundler.ts'
import { simpleAccountAbi, toSimpleAccount } from './toSimpleAccount.ts'

let devnet: StartDevnetReturnType
let bundler: StartBundlerReturnType
let client: PublicClient
let bundlerClient: BundlerClient

const { executor, utility } = devnetBundlerAccounts()

beforeAll(async () => {
  devnet = await startDevnet({ chains: [{ chainId: 31337, port: 0 }] })
  const chain = devnet.devnet.chains[0]!
  bundler = await startBundler({
    rpcUrl: chain.rpcUrl,
    port: 0,
    entryPoints: [chain.contracts.entryPoint07],
    executorKey: executor.privateKey,
    utilityKey: utility.privateKey,
  })
  const viemChain = toViemChain(chain)
  client = createPublicClient({ chain: viemChain, transport: http(chain.rpcUrl) }) as PublicClient
  bundlerClient = createBundlerClient({
    client,
    chain: viemChain,
    transport: http(bundler.url),
    pollingInterval: 100,
  })
})

afterAll(async () => {
  await bundler?.stop()
  await devnet?.stop()
})

describe('startBundler', () => {
  it('serves ERC-4337 JSON-RPC for the EntryPoint it was given', async () => {
    expect(bundler.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/)
    expect(await bundlerClient.getSupportedEntryPoints()).toEqual([entryPoint07Address])
    expect(await bundlerClient.getChainId()).toBe(31337)
  })

  it('mines a batched user operation of a new SimpleAccount, then a second one', async () => {
    const chain = devnet.devnet.chains[0]!
    const { usdc, uniswapV2Router02: router } = chain.contracts
    // A key far from every devnet role: its account is new on every run.
    const owner = privateKeyToAccount(deriveDevAccounts({ count: 1, start: 41 })[0]!.privateKey)
    const account = await toSimpleAccount({ client, owner })
    const funder = createWalletClient({
      account: privateKeyToAccount(devnet.devnet.accounts[4]!.privateKey),
      chain: toViemChain(chain),
      transport: http(chain.rpcUrl),
    })
    // Counterfactual: Ether for gas and USDC arrive before the account exists.
    expect(await client.getCode({ address: account.address })).toBeUndefined()
    await client.waitForTransactionReceipt({
      hash: await funder.sendTransaction({ to: account.address, value: parseEther('1') }),
    })
    await client.waitForTransactionReceipt({
      hash: await funder.writeContract({
        address: usdc,
        abi: erc20Abi,
        functionName: 'transfer',
        args: [account.address, parseUnits('100', 6)],
      }),
    })
    const recipient = devnet.devnet.accounts[7]!.address
    const usdcOf = (address: `0x${string}`) =>
      client.readContract({
        address: usdc,
        abi: erc20Abi,
        functionName: 'balanceOf',
        args: [address],
      })
    const before = await usdcOf(recipient)

    const started = performance.now()
    const hash = await bundlerClient.sendUserOperation({
      account,
      calls: [
        { to: usdc, abi: erc20Abi, functionName: 'approve', args: [router, parseUnits('5', 6)] },
        {
          to: usdc,
          abi: erc20Abi,
          functionName: 'transfer',
          args: [recipient, parseUnits('10', 6)],
        },
      ],
    })
    const receipt = await bundlerClient.waitForUserOperationReceipt({ hash, timeout: 20_000 })
    expect(receipt.success).toBe(true)
    expect(receipt.sender).toBe(account.address)
    expect(receipt.entryPoint.toLowerCase()).toBe(entryPoint07Address.toLowerCase())
    expect(receipt.receipt.status).toBe('success')
    // Submitted by the bundler's executor, not by the owner (who holds nothing).
    expect(receipt.receipt.from.toLowerCase()).toBe(executor.address.toLowerCase())
    expect(performance.now() - started).toBeLessThan(15_000)

    // Both calls happened in that one operation: the account exists and did both.
    expect(await client.getCode({ address: account.address })).toMatch(/^0x[0-9a-f]{10,}/)
    expect(
      await client.readContract({
        address: account.address,
        abi: simpleAccountAbi,
        functionName: 'owner',
      }),
    ).toBe(owner.address)
    expect((await usdcOf(recipient)) - before).toBe(parseUnits('10', 6))
    expect(
      await client.readContract({
        address: usdc,
        abi: erc20Abi,
        functionName: 'allowance',
        args: [account.address, router],
      }),
    ).toBe(parseUnits('5', 6))
    const operation = await bundlerClient.getUserOperation({ hash })
    expect(await account.decodeCalls?.(operation.userOperation.callData)).toEqual([
      {
        to: usdc,
        value: 0n,
        data: encodeFunctionData({
          abi: erc20Abi,
          functionName: 'approve',
          args: [router, parseUnits('5', 6)],
        }),
      },
      {
        to: usdc,
        value: 0n,
        data: encodeFunctionData({
          abi: erc20Abi,
          functionName: 'transfer',
          args: [recipient, parseUnits('10', 6)],
        }),
      },
    ])
    expect(operation.userOperation.factory?.toLowerCase()).toBe(
      chain.contracts.simpleAccountFactory.toLowerCase(),
    )

    // The deployed account: no initCode this time.
    const second = await bundlerClient.sendUserOperation({
      account,
      calls: [{ to: recipient, value: parseEther('0.01') }],
    })
    const secondReceipt = await bundlerClient.waitForUserOperationReceipt({
      hash: second,
      timeout: 20_000,
    })
    expect(secondReceipt.success).toBe(true)
    // viem keys each operation's nonce by time (parallel operations never collide).
    expect(secondReceipt.nonce).not.toBe(receipt.nonce)
    expect(
      (await bundlerClient.getUserOperation({ hash: second })).userOperation.factory,
    ).toBeUndefined()
  })

  it('refuses a port already in use, and a node it cannot reach, with a BundlerStartError', async () => {
    const blocker = createServer()
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve))
    const port = (blocker.address() as { port: number }).port
    try {
      await expect(
        startBundler({
          rpcUrl: devnet.devnet.chains[0]!.rpcUrl,
          port,
          executorKey: executor.privateKey,
          utilityKey: utility.privateKey,
        }),
      ).rejects.toThrow(`port ${port} is already in use`)
    } finally {
      await new Promise((resolve) => blocker.close(resolve))
    }
    await expect(
      startBundler({
        rpcUrl: 'http://127.0.0.1:1',
        port: 0,
        executorKey: executor.privateKey,
        utilityKey: utility.privateKey,
        timeoutMs: 15_000,
      }),
    ).rejects.toBeInstanceOf(BundlerStartError)
  })
})
