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
  toHex,
} from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ApprovalRequest } from '../approval/types.ts'
import { createWalletSecret } from '../custody/createWalletSecret.ts'
import { splitSecret } from '../custody/splitSecret.ts'
import { withSigner } from '../custody/withSigner.ts'
import { createSmartAccounts } from '../smartAccount/createSmartAccounts.ts'
import { smartAccountNetworkOf } from '../smartAccount/testNetwork.ts'
import { createPublicClients, handleRpcRequest, type RpcContext } from './handleRpcRequest.ts'

// One devnet chain with ERC-4337 and a real bundler (alto) in front of it.
let devnet: StartDevnetReturnType
let bundler: StartBundlerReturnType
let chain: DevnetChain
let client: PublicClient

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

/** A signed-in frame's RPC context whose smart account has 0.5 ETH and 5 USDC; approvals recorded. */
async function visitor() {
  const secret = createWalletSecret()
  const { deviceShare, authShare } = await splitSecret(secret.entropy)
  const rpcUrls = { [chain.chainId]: chain.rpcUrl }
  const smartAccounts = createSmartAccounts({
    networks: { [chain.chainId]: smartAccountNetworkOf(chain, bundler.url) },
    rpcUrls,
    owner: () => secret.addresses.eip155,
  })
  const asked: ApprovalRequest[] = []
  const context: RpcContext = {
    origin: 'https://app.example.com',
    chainId: chain.chainId,
    rpcUrls,
    address: secret.addresses.eip155,
    solanaAddress: secret.addresses.solana,
    withSigner: (fn) =>
      withSigner([deviceShare, authShare], fn, { expectedAddresses: secret.addresses }),
    approve: async (request) => {
      asked.push(request)
    },
    switchChain: () => {},
    getPublicClient: createPublicClients(rpcUrls),
    smartAccounts: smartAccounts.context,
  }
  const smartAccount = (await smartAccounts.context.get(chain.chainId))!.address
  const funder = createWalletClient({
    account: privateKeyToAccount(devnet.devnet.accounts[7]!.privateKey),
    chain: toViemChain(chain),
    transport: http(chain.rpcUrl),
  })
  await client.waitForTransactionReceipt({
    hash: await funder.sendTransaction({ to: smartAccount, value: parseEther('0.5') }),
  })
  await client.waitForTransactionReceipt({
    hash: await funder.writeContract({
      address: chain.contracts.usdc,
      abi: erc20Abi,
      functionName: 'transfer',
      args: [smartAccount, parseUnits('5', 6)],
    }),
  })
  return { context, asked, smartAccount, owner: secret.addresses.eip155 }
}

describe('eth_sendTransaction from the smart account (the active account type)', () => {
  it('becomes one user operation of the smart account and answers the including transaction', async () => {
    const { context, asked, smartAccount, owner } = await visitor()
    const recipient = devnet.devnet.accounts[8]!.address
    const before = await client.readContract({
      address: chain.contracts.usdc,
      abi: erc20Abi,
      functionName: 'balanceOf',
      args: [recipient],
    })

    const hash = (await handleRpcRequest(context, {
      method: 'eth_sendTransaction',
      params: [
        {
          from: smartAccount,
          to: chain.contracts.usdc,
          data: encodeFunctionData({
            abi: erc20Abi,
            functionName: 'transfer',
            args: [recipient, parseUnits('2', 6)],
          }),
        },
      ],
    })) as Hex

    // One card, for the smart account's operation (not an EOA transaction).
    expect(asked).toHaveLength(1)
    expect(asked[0]).toMatchObject({ kind: 'evmCalls', from: smartAccount })
    const receipt = await client.getTransactionReceipt({ hash })
    expect(receipt.status).toBe('success')
    // The bundler sent it to the EntryPoint; the EOA sent nothing.
    expect(receipt.to?.toLowerCase()).toBe(chain.contracts.entryPoint07.toLowerCase())
    expect(await client.getTransactionCount({ address: owner })).toBe(0)
    expect(
      await client.readContract({
        address: chain.contracts.usdc,
        abi: erc20Abi,
        functionName: 'balanceOf',
        args: [recipient],
      }),
    ).toBe(before + parseUnits('2', 6))
  })

  it('signs personal_sign for the smart account: valid for it (ERC-6492 before deployment, ERC-1271 after)', async () => {
    const { context, asked, smartAccount } = await visitor()
    const message = 'Hello from the smart account'
    const sign = () =>
      handleRpcRequest(context, {
        method: 'personal_sign',
        params: [toHex(message), smartAccount],
      }) as Promise<Hex>
    const counterfactual = await sign()
    expect(await client.getCode({ address: smartAccount })).toBeUndefined()
    expect(
      await client.verifyMessage({ address: smartAccount, message, signature: counterfactual }),
    ).toBe(true)
    expect(asked.at(-1)).toMatchObject({ kind: 'evmMessage', address: smartAccount })

    // Its first operation deploys it; then the account itself answers ERC-1271.
    await handleRpcRequest(context, {
      method: 'eth_sendTransaction',
      params: [{ from: smartAccount, to: chain.contracts.usdc, data: '0x18160ddd' }],
    })
    const deployed = await sign()
    expect(await client.getCode({ address: smartAccount })).toMatch(/^0x[0-9a-f]+$/)
    expect(deployed).toMatch(/^0x[0-9a-f]{130}$/)
    expect(
      await client.verifyMessage({ address: smartAccount, message, signature: deployed }),
    ).toBe(true)
    expect(
      await client.verifyMessage({
        address: smartAccount,
        message: 'another',
        signature: deployed,
      }),
    ).toBe(false)
  })
})
