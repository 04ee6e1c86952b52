import { erc20Abi } from '@foyer/devnet'
import { encodeFunctionData, type Hex, parseUnits } from 'viem'
import { describe, expect, it } from 'vitest'
import { createFrameClient } from '../client/createFrameClient.ts'
import { createMemoryDeviceShareStore } from '../custody/deviceShareStore.ts'
import { createMemoryAuthServer } from '../test-utils/createMemoryAuthServer.ts'
import { createScriptedPrompts } from '../test-utils/createScriptedPrompts.ts'
import { destroyWhenTestEnds } from '../test-utils/destroyWhenTestEnds.ts'
import { createFakeBrowser } from '../test-utils/fakeBrowser.ts'
import { useLocalChain } from '../test-utils/useLocalChain.ts'
import { createFrameHost } from './createFrameHost.ts'

const APP_ORIGIN = 'http://app.localhost:3000'
const FRAME_ORIGIN = 'http://127.0.0.1:4401'

const local = useLocalChain({ bundler: true })

/** The app page and the frame (served with the devnet's bundler as its smart-account network). */
function setup() {
  const server = createMemoryAuthServer()
  const prompts = createScriptedPrompts()
  const browser = createFakeBrowser()
  browser.servePage(FRAME_ORIGIN, (frameWindow) => {
    destroyWhenTestEnds(
      createFrameHost({
        window: frameWindow as never,
        parentOrigin: APP_ORIGIN,
        allowedOrigins: [APP_ORIGIN],
        authApi: server.connect(),
        deviceShareStore: createMemoryDeviceShareStore(),
        createPrompts: prompts.createPrompts,
        rpcUrls: { [local.chain.chainId]: local.chain.rpcUrl },
        smartAccounts: {
          [local.chain.chainId]: local.smartAccountNetwork(),
        },
        projectId: 'demo',
        devicePollIntervalMs: 5,
        deviceRequestPollMs: 0,
      }),
    )
  })
  const frame = createFrameClient({
    frameUrl: `${FRAME_ORIGIN}/embedded/frame`,
    projectId: 'demo',
    window: browser.openWindow(APP_ORIGIN) as never,
    timeouts: { afterReady: 0, load: 5_000, request: 30_000 },
  })
  return { server, prompts, frame }
}

async function login(context: ReturnType<typeof setup>, email: string) {
  await context.frame.request('CONNECT_EMAIL', { email })
  const otp = context.server.mailbox.findLast((mail) => mail.to === email)?.otp
  await context.frame.request('CONNECT_OTP', { otp: otp! })
}

describe('the frame with a smart-account network', () => {
  it('shows the counterfactual account, batches through it after approval, then reports it deployed', async () => {
    const context = setup()
    await login(context, 'batch@example.com')
    expect(await context.frame.request('GET_SMART_ACCOUNT_ENABLED_NETWORKS', {})).toEqual({
      smartAccountEnabledNetworks: [local.chain.chainId],
    })
    const user = await context.frame.request('GET_USER', {})
    expect(user.smartAccountDeployed).toBe(false)
    const smartAccount = user.smartAccount!.address as Hex
    // Both accounts (SPEC §3), the smart account preferred by default on EVM (SPEC §6).
    expect(user.accounts).toEqual([
      { address: user.address, type: 'eoa' },
      { address: smartAccount, type: 'smartAccount' },
    ])
    expect(user.preferredAccountType).toBe('smartAccount')
    expect(
      (await context.frame.request('GET_USER', { preferredAccountType: 'eoa' }))
        .preferredAccountType,
    ).toBe('eoa')
    expect(await context.frame.request('SET_PREFERRED_ACCOUNT', { type: 'smartAccount' })).toEqual({
      type: 'smartAccount',
      address: smartAccount,
    })
    expect(await context.frame.request('SET_PREFERRED_ACCOUNT', { type: 'eoa' })).toEqual({
      type: 'eoa',
      address: user.address,
    })
    expect(user.smartAccount).toEqual({ address: smartAccount, deployed: false })
    expect(smartAccount).not.toBe(user.address)

    await local.fund(smartAccount, { ether: '0.5', usdc: '20' })

    const recipient = local.devnet.accounts[9]!.address
    const transfer = encodeFunctionData({
      abi: erc20Abi,
      functionName: 'transfer',
      args: [recipient, parseUnits('3', 6)],
    })
    // A call without a 0x target: SPEC's error, no card, nothing sent.
    await expect(
      context.frame.request('RPC_REQUEST', {
        method: 'wallet_sendCalls',
        params: [{ version: '2.0.0', calls: [{ to: recipient.slice(2), data: transfer }] }],
      }),
    ).rejects.toMatchObject({
      shortMessage: 'Batched-send calls need a 0x-prefixed target address',
    })
    expect(context.prompts.approvals).toEqual([])

    const { result } = await context.frame.request('RPC_REQUEST', {
      method: 'wallet_sendCalls',
      params: [
        {
          version: '2.0.0',
          chainId: '0x7a69',
          atomicRequired: true,
          calls: [
            {
              to: local.chain.contracts.usdc,
              data: encodeFunctionData({
                abi: erc20Abi,
                functionName: 'approve',
                args: [local.chain.contracts.uniswapV2Router02, parseUnits('2', 6)],
              }),
            },
            { to: local.chain.contracts.usdc, data: transfer },
          ],
        },
      ],
    })
    expect(context.prompts.approvals).toMatchObject([
      { kind: 'evmCalls', from: smartAccount, owner: user.address, deploysAccount: true },
    ])
    const { id } = result as { id: Hex }
    let status: { status: number; receipts?: unknown[] } = { status: 100 }
    for (let attempt = 0; attempt < 100 && status.status === 100; attempt++) {
      if (attempt) await new Promise((resolve) => setTimeout(resolve, 100))
      status = (
        await context.frame.request('RPC_REQUEST', {
          method: 'wallet_getCallsStatus',
          params: [id],
        })
      ).result as typeof status
    }
    expect(status).toMatchObject({ status: 200, atomic: true, receipts: [{ status: '0x1' }] })

    const after = await context.frame.request('GET_USER', {})
    expect(after.smartAccount).toEqual({ address: smartAccount, deployed: true })
    expect(after.smartAccountDeployed).toBe(true)
    context.frame.destroy()
  })
})
