import {
  connectEmail,
  disconnect,
  estimateSendGas,
  formatUnits,
  getSendTokenBalances,
  reconnect,
  reloadEmbeddedWallet,
  SDK_VERSION,
  sendTransfer,
  setReceiverAddress,
  setSendToken,
  setSendTokenAmount,
  setThemeMode,
  signMessage,
  switchNetwork,
  updateEmail,
  updateEmailPrimaryOtp,
  updateEmailSecondaryOtp,
  verifyDevice,
  verifyOtp,
} from '@foyer/core'
import { anvil } from '@foyer/core/networks'
import { type StartSolanaDevnetReturnType, startSolanaDevnet } from '@foyer/devnet/solana'
import {
  buildTransferTransaction,
  createSolanaLocalnet,
  sendWireTransaction,
  solanaAdapter,
  waitForSignature,
} from '@foyer/solana'
import { ed25519 } from '@noble/curves/ed25519.js'
import { base58 } from '@scure/base'
import {
  type Address,
  createKeyPairFromBytes,
  createSolanaRpc,
  generateKeyPairSigner,
  getTransactionDecoder,
  getTransactionEncoder,
  lamports,
  type Rpc,
  type Signature,
  type SolanaRpcApi,
  signTransaction,
} from '@solana/kit'
import { toHex, verifyMessage, verifyTypedData } from 'viem'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { appMessageType } from '../protocol/messages.ts'
import { createEmbeddedTestWorld, type TestPage } from './createEmbeddedTestWorld.ts'

afterEach(() => {
  vi.useRealTimers()
})

/** Connected: `verifyOtp` did not ask for the device's approval. */
function connected(result: Awaited<ReturnType<typeof verifyOtp>>) {
  if ('action' in result) throw new Error('expected a connection, got VERIFY_DEVICE')
  return result
}

/** Email login; a known email on a new device is approved on the emailed page after the code. */
async function logIn(
  world: ReturnType<typeof createEmbeddedTestWorld>,
  page: TestPage,
  email: string,
) {
  expect((await connectEmail(page.foyer, { email })).action).toBe('VERIFY_OTP')
  const result = await verifyOtp(page.foyer, { otp: world.lastCode(email) })
  if (!('action' in result)) return result
  const approved = verifyDevice(page.foyer)
  world.server.approveDevice(email)
  return approved
}

describe('embeddedWalletAdapter', () => {
  it('logs in by email and one-time code and connects the wallet address', async () => {
    const world = createEmbeddedTestWorld()
    const page = world.openPage(world.createProfile())
    // The frame is made only when the visitor picks email, never at page load.
    expect(page.appWindow.frames).toHaveLength(0)
    expect(page.foyer.getState().connectors.map((c) => [c.id, c.type])).toEqual([
      ['embedded', 'auth'],
    ])

    const { action } = await connectEmail(page.foyer, { email: 'ada@example.com' })
    expect(action).toBe('VERIFY_OTP')
    expect(page.appWindow.frames).toHaveLength(1)
    const result = connected(
      await verifyOtp(page.foyer, { otp: world.lastCode('ada@example.com') }),
    )

    const stored = [...world.server.database.values()][0]!
    expect(result.address).toBe(stored.addresses.eip155)
    expect(result.caipNetworkId).toBe('eip155:31337')
    const state = page.foyer.getState()
    expect(state.status).toBe('connected')
    expect(state.account.address).toBe(stored.addresses.eip155)
    expect(state.account.user?.accounts).toEqual([{ address: result.address, type: 'eoa' }])
    expect(page.adapter.connector.getEmail()).toBe('ada@example.com')
  })

  it('rejects a wrong code with the server message and stays disconnected', async () => {
    const world = createEmbeddedTestWorld()
    const page = world.openPage(world.createProfile())
    await connectEmail(page.foyer, { email: 'wrong@example.com' })
    const code = world.lastCode('wrong@example.com')
    const wrong = code === '000000' ? '111111' : '000000'
    await expect(verifyOtp(page.foyer, { otp: wrong })).rejects.toThrow('Invalid code')
    expect(page.foyer.getState().status).toBe('disconnected')
  })

  it('reconnects silently after a reload of the page', async () => {
    const world = createEmbeddedTestWorld()
    const profile = world.createProfile()
    const first = world.openPage(profile)
    const { address } = await logIn(world, first, 'reload@example.com')

    const reloaded = world.openPage(profile)
    expect(reloaded.appWindow.frames).toHaveLength(0)
    const restored = await reconnect(reloaded.foyer)
    expect(restored.map((connection) => connection.connectorId)).toEqual(['embedded'])
    expect(reloaded.foyer.getState().account.address).toBe(address)
    expect(reloaded.foyer.getState().status).toBe('connected')
  })

  it('asks a new device for approval after its right code, then gives it the same address', async () => {
    const world = createEmbeddedTestWorld()
    const { address } = await logIn(world, world.openPage(world.createProfile()), 'two@example.com')
    const second = world.openPage(world.createProfile())
    // The same answer as for a new address: the start tells nobody that the account exists.
    expect((await connectEmail(second.foyer, { email: 'two@example.com' })).action).toBe(
      'VERIFY_OTP',
    )
    expect(await verifyOtp(second.foyer, { otp: world.lastCode('two@example.com') })).toEqual({
      action: 'VERIFY_DEVICE',
    })
    expect(second.foyer.getState().status).toBe('disconnected')
    const approved = verifyDevice(second.foyer)
    world.server.approveDevice('two@example.com')
    const result = await approved
    expect(result.address).toBe(address)
    expect(second.foyer.getState().status).toBe('connected')
  })

  it('fails the waiting new device with a clear message after "This wasn\'t me"', async () => {
    const world = createEmbeddedTestWorld()
    await logIn(world, world.openPage(world.createProfile()), 'three@example.com')
    const second = world.openPage(world.createProfile())
    await connectEmail(second.foyer, { email: 'three@example.com' })
    await verifyOtp(second.foyer, { otp: world.lastCode('three@example.com') })
    const waiting = verifyDevice(second.foyer)
    world.server.denyDevice('three@example.com')
    await expect(waiting).rejects.toThrow(/refused from the email/)
    expect(second.foyer.getState().status).toBe('disconnected')
  })

  it("tells the frame the app's name and theme mode once it is made, then every theme change", async () => {
    const world = createEmbeddedTestWorld()
    const page = world.openPage(world.createProfile(), {
      app: {
        metadata: { name: 'Foyer Demo', url: 'http://app.localhost:3000' },
        themeMode: 'light',
      },
    })
    // A theme change before the visitor uses the wallet makes no frame.
    setThemeMode(page.foyer, { themeMode: 'dark' })
    expect(page.appWindow.frames).toHaveLength(0)

    const { address } = await logIn(world, page, 'theme@example.com')
    const frameWindow = page.appWindow.frames[0]!
    const received = (name: string) =>
      frameWindow.received
        .filter((event) => event.data?.type === appMessageType(name as never))
        .map((event) => event.data.payload)
    expect(received('SYNC_DAPP_DATA')).toEqual([
      {
        projectId: 'demo',
        sdkVersion: SDK_VERSION,
        metadata: { name: 'Foyer Demo', url: 'http://app.localhost:3000' },
      },
    ])
    expect(received('SYNC_THEME')).toEqual([{ themeMode: 'dark' }])
    setThemeMode(page.foyer, { themeMode: 'system' })
    await vi.waitFor(() =>
      expect(received('SYNC_THEME')).toEqual([{ themeMode: 'dark' }, { themeMode: 'system' }]),
    )

    // The approval names the app beside its origin.
    await page.adapter.connector.request({
      method: 'personal_sign',
      params: [toHex('hello'), address],
    })
    expect(world.prompts.approvals.at(-1)).toMatchObject({
      kind: 'evmMessage',
      origin: 'http://app.localhost:3000',
      appName: 'Foyer Demo',
    })
  })

  it('signs messages and typed data that viem verifies', async () => {
    const world = createEmbeddedTestWorld()
    const page = world.openPage(world.createProfile())
    const { address } = await logIn(world, page, 'sign@example.com')
    const connector = page.adapter.connector

    const signature = await connector.request({
      method: 'personal_sign',
      params: [toHex('hello foyer'), address],
    })
    expect(
      await verifyMessage({
        address: address as `0x${string}`,
        message: 'hello foyer',
        signature: signature as `0x${string}`,
      }),
    ).toBe(true)
    const viaAbility = await connector.signMessage!({ message: 'second', address })
    expect(
      await verifyMessage({
        address: address as `0x${string}`,
        message: 'second',
        signature: viaAbility as `0x${string}`,
      }),
    ).toBe(true)

    const typedData = {
      domain: { name: 'Foyer', version: '1', chainId: 31337 },
      types: { Mail: [{ name: 'contents', type: 'string' }] },
      primaryType: 'Mail',
      message: { contents: 'hi' },
    } as const
    const typedSignature = await connector.request({
      method: 'eth_signTypedData_v4',
      params: [address, JSON.stringify(typedData)],
    })
    expect(
      await verifyTypedData({
        ...typedData,
        address: address as `0x${string}`,
        signature: typedSignature as `0x${string}`,
      }),
    ).toBe(true)
    expect(await connector.request({ method: 'eth_accounts' })).toEqual([address])
    expect(await connector.request({ method: 'eth_chainId' })).toBe(toHex(31337))
  })

  it('signs out within 3 s when the frame no longer answers, and forgets the login', async () => {
    const world = createEmbeddedTestWorld()
    const profile = world.createProfile()
    const page = world.openPage(profile)
    await logIn(world, page, 'bye@example.com')
    page.killFrame()

    vi.useFakeTimers()
    let settled = false
    const signingOut = disconnect(page.foyer).then(() => {
      settled = true
    })
    await vi.advanceTimersByTimeAsync(2_900)
    expect(settled).toBe(false)
    await vi.advanceTimersByTimeAsync(100)
    await signingOut
    expect(settled).toBe(true)
    vi.useRealTimers()

    expect(page.foyer.getState().status).toBe('disconnected')
    expect(page.foyer.getState().account.address).toBeUndefined()
    expect(page.adapter.connector.getEmail()).toBeUndefined()
    // The stopped frame was dropped: no late 'Embedded Wallet Request Timed Out' follows.
    expect(page.foyer.getState().alerts).toEqual([])
  })

  it('signs out while the server is unreachable and is disconnected after a reload', async () => {
    const world = createEmbeddedTestWorld()
    const profile = world.createProfile()
    const page = world.openPage(profile)
    await logIn(world, page, 'offline@example.com')
    world.server.setReachable(false)
    await disconnect(page.foyer)
    expect(page.foyer.getState().status).toBe('disconnected')
    world.server.setReachable(true)
    const reloaded = world.openPage(profile)
    expect(await reconnect(reloaded.foyer)).toEqual([])
  })

  it('reloadEmbeddedWallet: after a sign-out in another tab, this tab is disconnected too', async () => {
    const world = createEmbeddedTestWorld()
    const profile = world.createProfile()
    const first = world.openPage(profile)
    const { address } = await logIn(world, first, 'tabs@example.com')
    const second = world.openPage(profile)
    await reconnect(second.foyer)
    expect(second.foyer.getState().account.address).toBe(address)

    await disconnect(first.foyer)
    // The second tab's frame still holds what it loaded, until it reloads.
    expect(second.foyer.getState().status).toBe('connected')
    expect(await reloadEmbeddedWallet(second.foyer)).toEqual({ isConnected: false })
    expect(second.foyer.getState().status).toBe('disconnected')
    expect(second.foyer.getState().account.address).toBeUndefined()
    expect(second.adapter.connector.getEmail()).toBeUndefined()
  })

  it('reloadEmbeddedWallet keeps a session that is still valid, and makes no frame when none was made', async () => {
    const world = createEmbeddedTestWorld()
    const profile = world.createProfile()
    const page = world.openPage(profile)
    const { address } = await logIn(world, page, 'stays@example.com')
    expect(await reloadEmbeddedWallet(page.foyer)).toEqual({ isConnected: true })
    expect(page.foyer.getState().status).toBe('connected')
    expect(page.foyer.getState().account.address).toBe(address)

    const fresh = world.openPage(world.createProfile())
    expect(await reloadEmbeddedWallet(fresh.foyer)).toEqual({ isConnected: false })
    expect(fresh.appWindow.frames).toHaveLength(0)
  })

  it('changes the email with a code to the current and then to the new address', async () => {
    const world = createEmbeddedTestWorld()
    const page = world.openPage(world.createProfile())
    await logIn(world, page, 'old@example.com')

    expect(await updateEmail(page.foyer, { email: 'new@example.com' })).toEqual({
      action: 'VERIFY_PRIMARY_OTP',
      email: 'new@example.com',
    })
    expect(
      await updateEmailPrimaryOtp(page.foyer, { otp: world.lastCode('old@example.com', 'update') }),
    ).toEqual({ action: 'VERIFY_SECONDARY_OTP' })
    expect(
      await updateEmailSecondaryOtp(page.foyer, {
        otp: world.lastCode('new@example.com', 'update'),
      }),
    ).toEqual({ email: 'new@example.com' })
    expect(page.adapter.connector.getEmail()).toBe('new@example.com')
    // The last-login time was cleared: a new email login is not held back by the cooldown.
    await expect(connectEmail(page.foyer, { email: 'new@example.com' })).resolves.toMatchObject({
      action: 'VERIFY_OTP',
    })
  })

  it('refuses an email change unless connected through the embedded wallet', async () => {
    const world = createEmbeddedTestWorld()
    const page = world.openPage(world.createProfile())
    await expect(updateEmail(page.foyer, { email: 'new@example.com' })).rejects.toThrow(
      'Not connected to email or social',
    )
    await expect(updateEmailPrimaryOtp(page.foyer, { otp: '123456' })).rejects.toThrow(
      'Not connected to email or social',
    )
  })

  it('allows one email login per 30 s: "Please try again after {n} seconds"', async () => {
    vi.useFakeTimers({ toFake: ['Date'] })
    vi.setSystemTime(new Date('2026-01-01T00:00:00Z'))
    const world = createEmbeddedTestWorld()
    const page = world.openPage(world.createProfile())
    await connectEmail(page.foyer, { email: 'wait@example.com' })
    vi.setSystemTime(new Date('2026-01-01T00:00:12Z'))
    await expect(connectEmail(page.foyer, { email: 'wait@example.com' })).rejects.toThrow(
      'Please try again after 18 seconds',
    )
    vi.setSystemTime(new Date('2026-01-01T00:00:30Z'))
    await expect(connectEmail(page.foyer, { email: 'wait@example.com' })).resolves.toMatchObject({
      action: 'VERIFY_OTP',
    })
  })

  it('rejects an invalid email before loading the frame', async () => {
    const world = createEmbeddedTestWorld()
    const page = world.openPage(world.createProfile())
    await expect(connectEmail(page.foyer, { email: 'not-an-email' })).rejects.toThrow(
      'Enter a valid email address',
    )
    expect(page.appWindow.frames).toHaveLength(0)
  })

  it('shows "Network Error - Could not load embedded wallet" when the frame never loads', async () => {
    const world = createEmbeddedTestWorld()
    const page = world.openPage(world.createProfile(), {
      frameUrl: 'http://127.0.0.1:4499/embedded/frame',
      timeouts: { load: 20 },
    })
    await expect(connectEmail(page.foyer, { email: 'down@example.com' })).rejects.toThrow(
      'Network Error - Could not load embedded wallet',
    )
    expect(page.foyer.getState().alerts.map((alert) => alert.shortMessage)).toEqual([
      'Network Error - Could not load embedded wallet',
    ])
  })
})

describe('embeddedWalletAdapter on Solana: the same login, the ed25519 account', () => {
  let devnet: StartSolanaDevnetReturnType
  let localnet: ReturnType<typeof createSolanaLocalnet>
  let rpc: Rpc<SolanaRpcApi>

  beforeAll(async () => {
    devnet = await startSolanaDevnet({ port: 0 })
    localnet = createSolanaLocalnet(devnet.devnet)
    rpc = createSolanaRpc(devnet.devnet.rpcUrl)
  })
  afterAll(async () => {
    await devnet?.stop()
  })

  const lamportsOf = async (address: string) =>
    (await rpc.getBalance(address as Address, { commitment: 'confirmed' }).send()).value

  /** A page whose app has anvil and the local Solana cluster, logged in by email. */
  async function logInOnBothNamespaces(email: string) {
    const world = createEmbeddedTestWorld()
    const page = world.openPage(world.createProfile(), {
      networks: [anvil, localnet],
      adapters: [solanaAdapter({ discover: false })],
    })
    await logIn(world, page, email)
    const stored = [...world.server.database.values()][0]!
    return { world, page, addresses: stored.addresses }
  }

  it('lists one connector per namespace in one group, and email login uses the eip155 one', async () => {
    const world = createEmbeddedTestWorld()
    const page = world.openPage(world.createProfile(), { networks: [anvil, localnet] })
    expect(
      page.foyer.getState().connectors.map((c) => [c.id, c.type, c.namespace, c.group]),
    ).toEqual([
      ['embedded', 'auth', 'eip155', 'embedded'],
      ['embedded:solana', 'auth', 'solana', 'embedded'],
    ])
    // An app without Solana networks gets the eip155 connector alone, as before.
    const evmOnly = world.openPage(world.createProfile())
    expect(evmOnly.foyer.getState().connectors.map((c) => c.id)).toEqual(['embedded'])
  })

  it('connects the Solana account with the email login; switching to Solana needs no new login', async () => {
    const { world, page, addresses } = await logInOnBothNamespaces('both@example.com')
    const state = page.foyer.getState()
    expect(state.activeNamespace).toBe('eip155')
    expect(state.account.address).toBe(addresses.eip155)
    expect(state.connections.solana).toEqual([
      {
        connectorId: 'embedded:solana',
        accounts: [{ address: addresses.solana, type: 'eoa' }],
        status: 'active',
      },
    ])
    const mails = world.server.mailbox.length

    await switchNetwork(page.foyer, { network: localnet })
    const onSolana = page.foyer.getState()
    expect(onSolana.status).toBe('connected')
    expect(onSolana.activeNetwork.caipNetworkId).toBe(localnet.caipNetworkId)
    expect(onSolana.account.address).toBe(addresses.solana)
    expect(onSolana.account.caipAddress).toBe(`${localnet.caipNetworkId}:${addresses.solana}`)
    expect(world.server.mailbox).toHaveLength(mails)
    // The email update works from the Solana account too (same login).
    expect(page.adapter.solanaConnector.getEmail()).toBe('both@example.com')
  })

  it('signs a message with the ed25519 key of the Solana address', async () => {
    const { page, addresses } = await logInOnBothNamespaces('sol-sign@example.com')
    await switchNetwork(page.foyer, { network: localnet })
    const signature = await signMessage(page.foyer, { message: 'hello solana' })
    expect(
      ed25519.verify(
        base58.decode(signature),
        new TextEncoder().encode('hello solana'),
        base58.decode(addresses.solana),
      ),
    ).toBe(true)
    // Another address than the user's is refused before the frame is asked.
    const stranger = (await generateKeyPairSigner()).address
    await expect(
      page.adapter.solanaConnector.signMessage({ message: 'x', address: stranger }),
    ).rejects.toThrow('Address or auth connector not found')
  })

  it('sends Max SOL: the send form leaves exactly the fee the RPC prices, and the transfer confirms', async () => {
    const { page, addresses } = await logInOnBothNamespaces('sol-max@example.com')
    await rpc.requestAirdrop(addresses.solana as Address, lamports(2_000_000_000n)).send()
    await expect.poll(() => lamportsOf(addresses.solana)).toBe(2_000_000_000n)
    await switchNetwork(page.foyer, { network: localnet })
    const receiver = (await generateKeyPairSigner()).address

    const [sol] = await getSendTokenBalances(page.foyer)
    expect(sol).toMatchObject({ symbol: 'SOL', address: undefined })
    expect(sol!.quantity).toEqual({ decimals: '9', numeric: '2' })
    setSendToken(page.foyer, { token: sol })
    setSendTokenAmount(page.foyer, { amount: '2' })
    setReceiverAddress(page.foyer, { address: receiver })
    const estimate = await estimateSendGas(page.foyer)
    // One signature at the cluster's 5000 lamports, as `getFeeForMessage` prices the message.
    expect(estimate).toEqual({
      gas: 1n,
      gasPrice: 5_000n,
      fee: 5_000n,
      formatted: '0.000005',
      symbol: 'SOL',
    })

    setSendTokenAmount(page.foyer, { amount: formatUnits(2_000_000_000n - estimate.fee, 9) })
    const { hash } = await sendTransfer(page.foyer)
    const status = await rpc.getSignatureStatuses([hash as Signature]).send()
    expect(status.value[0]?.err).toBeNull()
    expect(await lamportsOf(receiver)).toBe(2_000_000_000n - 5_000n)
    expect(await lamportsOf(addresses.solana)).toBe(0n)
    expect(page.foyer.getState().pendingTransactions[0]).toMatchObject({
      hash,
      caipNetworkId: localnet.caipNetworkId,
      from: addresses.solana,
      to: receiver,
      symbol: 'SOL',
    })
  })

  it('sends an SPL token built in the app and signed in the frame', async () => {
    const { page, addresses } = await logInOnBothNamespaces('sol-spl@example.com')
    await rpc.requestAirdrop(addresses.solana as Address, lamports(1_000_000_000n)).send()
    await expect.poll(() => lamportsOf(addresses.solana)).toBe(1_000_000_000n)
    const usdc = devnet.devnet.tokens[0]!
    // Dev account 0 gives the embedded account 5 USDC (creating its token account).
    const giver = devnet.devnet.accounts[0]!
    const { transaction } = await buildTransferTransaction({
      network: localnet,
      from: giver.address,
      to: addresses.solana,
      amount: 5_000_000n,
      mint: usdc.address,
    })
    const signed = await signTransaction(
      [await createKeyPairFromBytes(Uint8Array.from(giver.secretKey))],
      getTransactionDecoder().decode(transaction),
    )
    await waitForSignature({
      network: localnet,
      signature: await sendWireTransaction({
        network: localnet,
        transaction: new Uint8Array(getTransactionEncoder().encode(signed)),
      }),
    })

    const receiver = (await generateKeyPairSigner()).address
    const connector = page.adapter.solanaConnector
    await switchNetwork(page.foyer, { network: localnet })
    const signature = await connector.sendTransfer({
      from: addresses.solana,
      to: receiver,
      amount: 1_250_000n,
      mint: usdc.address,
    })
    const accounts = await rpc
      .getTokenAccountsByOwner(
        receiver,
        { mint: usdc.address },
        { encoding: 'jsonParsed', commitment: 'confirmed' },
      )
      .send()
    expect(signature).toMatch(/^[1-9A-HJ-NP-Za-km-z]{64,88}$/)
    expect(accounts.value[0]?.account.data.parsed.info.tokenAmount.amount).toBe('1250000')
  })

  it('reconnects both accounts silently after a reload', async () => {
    const world = createEmbeddedTestWorld()
    const profile = world.createProfile()
    const options = { networks: [anvil, localnet] as const }
    await logIn(world, world.openPage(profile, options), 'sol-reload@example.com')
    const { addresses } = [...world.server.database.values()][0]!

    const reloaded = world.openPage(profile, options)
    await reconnect(reloaded.foyer)
    const state = reloaded.foyer.getState()
    expect(state.status).toBe('connected')
    expect(state.connections.solana?.map((c) => [c.connectorId, c.accounts[0]?.address])).toEqual([
      ['embedded:solana', addresses.solana],
    ])
  })

  it('disconnect signs out once and drops both namespaces', async () => {
    const { page } = await logInOnBothNamespaces('sol-bye@example.com')
    await disconnect(page.foyer)
    const state = page.foyer.getState()
    expect(state.status).toBe('disconnected')
    expect(state.connections.eip155 ?? []).toEqual([])
    expect(state.connections.solana ?? []).toEqual([])
    expect(await page.adapter.solanaConnector.getAccounts()).toEqual([])
    await expect(
      page.adapter.solanaConnector.signMessage({ message: 'x', address: 'any' }),
    ).rejects.toThrow('Address or auth connector not found')
  })
})
