import { startAnvil } from '@foyer/devnet'
import { ed25519 } from '@noble/curves/ed25519.js'
import { base58 } from '@scure/base'
import { SiweMessage } from 'siwe'
import {
  createPublicClient,
  http,
  parseEther,
  recoverMessageAddress,
  recoverTypedDataAddress,
  toHex,
  verifyMessage,
} from 'viem'
import { generateSiweNonce, verifySiweMessage } from 'viem/siwe'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createFrameClient } from '../client/createFrameClient.ts'
import { createMemoryDeviceShareStore } from '../custody/deviceShareStore.ts'
import { appMessageType } from '../protocol/messages.ts'
import { createFakeAuthenticator } from '../test-utils/createFakeAuthenticator.ts'
import { createMemoryAuthServer } from '../test-utils/createMemoryAuthServer.ts'
import { createScriptedPrompts, type ScriptedPrompts } from '../test-utils/createScriptedPrompts.ts'
import { destroyWhenTestEnds } from '../test-utils/destroyWhenTestEnds.ts'
import { createFakeBrowser, type FakeWindow } from '../test-utils/fakeBrowser.ts'
import { createFrameHost } from './createFrameHost.ts'
import { verifySignInMessage } from './siwe.ts'

const APP_ORIGIN = 'http://app.localhost:3000'
const FRAME_ORIGIN = 'http://127.0.0.1:4401'
const CHAIN_ID = 31337

let anvil: Awaited<ReturnType<typeof startAnvil>>
beforeAll(async () => {
  anvil = await startAnvil({ chainId: CHAIN_ID, port: 0 })
})
afterAll(async () => {
  await anvil?.stop()
})

/** One browser profile (its own device store and cookie jar) on the app page, frame served. */
function setup(
  options: {
    authApi?: ReturnType<ReturnType<typeof createMemoryAuthServer>['connect']>
    deviceShareStore?: ReturnType<typeof createMemoryDeviceShareStore>
    server?: ReturnType<typeof createMemoryAuthServer>
    allowedOrigins?: string[]
    prompts?: ScriptedPrompts
    deviceRequestPollMs?: number
    passkeys?: Parameters<typeof createFrameHost>[0]['passkeys']
  } = {},
) {
  const server = options.server ?? createMemoryAuthServer()
  const prompts = options.prompts ?? createScriptedPrompts()
  const browser = createFakeBrowser()
  const deviceShareStore = options.deviceShareStore ?? createMemoryDeviceShareStore()
  const authApi = options.authApi ?? server.connect()
  browser.servePage(FRAME_ORIGIN, (frameWindow) => {
    destroyWhenTestEnds(
      createFrameHost({
        window: frameWindow as never,
        parentOrigin: APP_ORIGIN,
        allowedOrigins: options.allowedOrigins ?? ['http://*.localhost:3000'],
        authApi,
        deviceShareStore,
        createPrompts: prompts.createPrompts,
        rpcUrls: { [CHAIN_ID]: anvil.rpcUrl },
        projectId: 'demo',
        devicePollIntervalMs: 5,
        farcasterPollIntervalMs: 5,
        deviceRequestPollMs: options.deviceRequestPollMs ?? 0,
        passkeys: options.passkeys,
      }),
    )
  })
  const appWindow = browser.openWindow(APP_ORIGIN)
  const client = createFrameClient({
    frameUrl: `${FRAME_ORIGIN}/embedded/frame`,
    projectId: 'demo',
    window: appWindow as never,
    timeouts: { afterReady: 0, load: 5_000, request: 20_000 },
  })
  return { browser, server, client, appWindow, deviceShareStore, authApi, prompts }
}

/** Email login: the code, then (a known email on a new device) approval on the emailed page. */
async function loginByEmail(context: ReturnType<typeof setup>, email: string): Promise<void> {
  expect(await context.client.request('CONNECT_EMAIL', { email })).toEqual({ action: 'VERIFY_OTP' })
  const otp = context.server.mailbox.findLast(
    (mail) => mail.to === email && mail.kind === 'otp',
  )?.otp
  const { action } = await context.client.request('CONNECT_OTP', { otp: otp! })
  if (action === 'VERIFY_DEVICE') {
    const pending = context.client.request('CONNECT_DEVICE', {})
    context.server.approveDevice(email)
    await pending
  }
}

describe('createFrameHost with createFrameClient', () => {
  it('logs a new user in by email code, makes a wallet and signs what viem verifies', async () => {
    const context = setup()
    expect(context.client.getIframe()).toBeUndefined()
    await loginByEmail(context, 'ada@example.com')
    const user = await context.client.request('GET_USER', {})
    expect(user.email).toBe('ada@example.com')
    expect(user.accounts).toEqual([{ address: user.address, type: 'eoa' }])
    const { result: signature } = await context.client.request('RPC_REQUEST', {
      method: 'personal_sign',
      params: [toHex('hello'), user.address],
    })
    expect(
      await verifyMessage({
        address: user.address,
        message: 'hello',
        signature: signature as `0x${string}`,
      }),
    ).toBe(true)
    const typedData = {
      domain: { name: 'Foyer', version: '1', chainId: CHAIN_ID },
      types: { Mail: [{ name: 'contents', type: 'string' }] },
      primaryType: 'Mail',
      message: { contents: 'hi' },
    } as const
    const { result: typedSignature } = await context.client.request('RPC_REQUEST', {
      method: 'eth_signTypedData_v4',
      params: [user.address, JSON.stringify(typedData)],
    })
    expect(
      await recoverTypedDataAddress({ ...typedData, signature: typedSignature as `0x${string}` }),
    ).toBe(user.address)
    expect(context.server.database.get(user.userId)?.addresses.eip155).toBe(user.address)
    expect(await context.deviceShareStore.getShare(user.userId)).not.toBeNull()
    context.client.destroy()
  })

  it('sends a transaction signed in the frame that anvil confirms, and answers reads from the RPC', async () => {
    const context = setup()
    await loginByEmail(context, 'tx@example.com')
    const { address } = await context.client.request('GET_USER', {})
    const chain = createPublicClient({ transport: http(anvil.rpcUrl) })
    await chain.request({
      method: 'anvil_setBalance' as never,
      params: [address, toHex(parseEther('1'))] as never,
    })
    const receiver = '0x000000000000000000000000000000000000dEaD'
    const { result: hash } = await context.client.request('RPC_REQUEST', {
      method: 'eth_sendTransaction',
      params: [{ from: address, to: receiver, value: toHex(parseEther('0.01')) }],
    })
    const receipt = await chain.waitForTransactionReceipt({ hash: hash as `0x${string}` })
    expect(receipt.status).toBe('success')
    expect(receipt.from.toLowerCase()).toBe(address.toLowerCase())
    const { result: balance } = await context.client.request('RPC_REQUEST', {
      method: 'eth_getBalance',
      params: [receiver, 'latest'],
    })
    expect(BigInt(balance as string)).toBe(await chain.getBalance({ address: receiver }))
    expect((await context.client.request('RPC_REQUEST', { method: 'eth_chainId' })).result).toBe(
      toHex(CHAIN_ID),
    )
    await expect(
      context.client.request('RPC_REQUEST', {
        method: 'wallet_switchEthereumChain',
        params: [{ chainId: '0x1' }],
      }),
    ).rejects.toMatchObject({ shortMessage: 'Unrecognized chain', code: 4902 })
    context.client.destroy()
  })

  it('creates a sign-in message both viem and the siwe package verify', async () => {
    const context = setup()
    await loginByEmail(context, 'siwe@example.com')
    const nonce = generateSiweNonce()
    const user = await context.client.request('GET_USER', {
      siweMessageData: {
        domain: 'app.localhost:3000',
        uri: `${APP_ORIGIN}/login`,
        version: '1',
        nonce,
        statement: 'Sign in to the demo',
      },
    })
    const message = user.message!
    const signature = user.signature as `0x${string}`
    expect(await recoverMessageAddress({ message, signature })).toBe(user.address)
    const client = createPublicClient({ transport: http(anvil.rpcUrl) })
    expect(
      await verifySiweMessage(client, { message, signature, domain: 'app.localhost:3000', nonce }),
    ).toBe(true)
    expect(
      await verifySignInMessage({ message, signature, domain: 'app.localhost:3000', nonce }),
    ).toBe(true)
    const checked = await new SiweMessage(message).verify({
      signature,
      domain: 'app.localhost:3000',
      nonce,
    })
    expect(checked.success).toBe(true)
    expect(checked.data.address).toBe(user.address)
    await expect(
      context.client.request('GET_USER', {
        siweMessageData: {
          domain: 'bank.example',
          uri: 'https://bank.example',
          version: '1',
          nonce,
        },
      }),
    ).rejects.toThrow('Sign-in domain does not match the requesting app')
    context.client.destroy()
  })

  it('answers concurrent device checks from one poll, since the server hands out an approval once', async () => {
    const first = setup()
    await loginByEmail(first, 'grace@example.com')
    // Like the real server: a followed approval link is reported approved to one poll only.
    const api = first.server.connect()
    let handedOut = false
    const authApi: typeof api = {
      ...api,
      async checkDeviceApproval(parameters) {
        const answer = await api.checkDeviceApproval(parameters)
        const first = answer.approved && !handedOut
        if (answer.approved) handedOut = true
        return first ? answer : { approved: false }
      },
    }
    const second = setup({ server: first.server, authApi })
    await second.client.request('CONNECT_EMAIL', { email: 'grace@example.com' })
    const otp = second.server.mailbox.findLast((mail) => mail.to === 'grace@example.com')?.otp
    expect(await second.client.request('CONNECT_OTP', { otp: otp! })).toEqual({
      action: 'VERIFY_DEVICE',
    })
    // The dialog's view can ask twice (mounted twice, a retry); both must see the approval.
    const checks = [
      second.client.request('CONNECT_DEVICE', {}),
      second.client.request('CONNECT_DEVICE', {}),
    ]
    second.server.approveDevice('grace@example.com')
    expect(await Promise.all(checks)).toEqual([{}, {}])
    expect((await second.client.request('GET_USER', {})).email).toBe('grace@example.com')
    // Asked again once logged in: answered at once.
    expect(await second.client.request('CONNECT_DEVICE', {})).toEqual({})
  })

  it('shows a device waiting to log in on a signed-in device, whose answer lets it in or blocks it', async () => {
    const first = setup({ deviceRequestPollMs: 10 })
    first.prompts.approveLogins = true
    await loginByEmail(first, 'ivy@example.com')
    const second = setup({ server: first.server })
    await second.client.request('CONNECT_EMAIL', { email: 'ivy@example.com' })
    const otp = () =>
      first.server.mailbox.findLast((mail) => mail.to === 'ivy@example.com' && mail.kind === 'otp')
        ?.otp ?? ''
    expect(await second.client.request('CONNECT_OTP', { otp: otp() })).toEqual({
      action: 'VERIFY_DEVICE',
    })
    // No emailed page needed: the signed-in device asked its visitor, who approved.
    await second.client.request('CONNECT_DEVICE', {})
    expect(first.prompts.askedLogins).toEqual([
      expect.objectContaining({ browser: expect.any(String), os: expect.any(String) }),
    ])
    expect((await second.client.request('GET_USER', {})).email).toBe('ivy@example.com')

    first.prompts.approveLogins = false
    const third = setup({ server: first.server })
    await third.client.request('CONNECT_EMAIL', { email: 'ivy@example.com' })
    await third.client.request('CONNECT_OTP', { otp: otp() })
    await expect(third.client.request('CONNECT_DEVICE', {})).rejects.toThrow(
      /refused from the email/,
    )
    expect(first.prompts.askedLogins).toHaveLength(2)
    for (const context of [first, second, third]) context.client.destroy()
  })

  it('keeps a new device locked after email approval: the server and the inbox alone give no key', async () => {
    const first = setup()
    await loginByEmail(first, 'bob@example.com')
    const { address } = await first.client.request('GET_USER', {})
    const second = setup({ server: first.server })
    await loginByEmail(second, 'bob@example.com')
    const user = await second.client.request('GET_USER', {})
    // The address is known, but this device holds no share and the visitor chose "later".
    expect(user.address).toBe(address)
    expect(user.recovery).toEqual({ methods: [], operatorRecovery: false, locked: true })
    expect(await second.deviceShareStore.getShare(user.userId)).toBeNull()
    await expect(
      second.client.request('RPC_REQUEST', {
        method: 'personal_sign',
        params: [toHex('hi'), address],
      }),
    ).rejects.toMatchObject({ code: 4100 })
    expect(second.prompts.approvals).toEqual([])
    expect(first.server.database.get(user.userId)?.shareSets).toHaveLength(1)
  })

  it('recovers the wallet on a new device with the recovery password: same address, own share set', async () => {
    const prompts = createScriptedPrompts()
    prompts.password = 'correct horse battery'
    const first = setup({ prompts })
    await loginByEmail(first, 'pat@example.com')
    const { address } = await first.client.request('GET_USER', {})
    expect(await first.client.request('SETUP_RECOVERY', {})).toEqual({ methods: ['password'] })

    const wrong = createScriptedPrompts()
    wrong.unlockWith = 'password'
    wrong.password = 'incorrect horse battery'
    const stranger = setup({ server: first.server, prompts: wrong })
    await expect(loginByEmail(stranger, 'pat@example.com')).rejects.toThrow(
      'Wrong recovery password',
    )

    const visitor = createScriptedPrompts()
    visitor.unlockWith = 'password'
    visitor.password = 'correct horse battery'
    const second = setup({ server: first.server, prompts: visitor })
    await loginByEmail(second, 'pat@example.com')
    const user = await second.client.request('GET_USER', {})
    expect(user.address).toBe(address)
    expect(user.recovery?.locked).toBe(false)
    expect(first.server.database.get(user.userId)?.shareSets).toHaveLength(2)
    for (const context of [first, second]) {
      const { result } = await context.client.request('RPC_REQUEST', {
        method: 'personal_sign',
        params: [toHex('same key'), address],
      })
      expect(
        await recoverMessageAddress({ message: 'same key', signature: result as `0x${string}` }),
      ).toBe(address)
      context.client.destroy()
    }
  }, 60_000)

  it('recovers the wallet on a new device with a synced passkey; offers no passkey where it is unsupported', async () => {
    const prompts = createScriptedPrompts()
    prompts.usePasskey = true
    const phone = createFakeAuthenticator()
    const first = setup({ prompts, passkeys: phone.environment('frame.localhost') })
    await loginByEmail(first, 'kay@example.com')
    const { address } = await first.client.request('GET_USER', {})
    expect(await first.client.request('SETUP_RECOVERY', {})).toEqual({ methods: ['passkey'] })
    expect((await first.client.request('GET_USER', {})).recovery?.methods).toEqual(['passkey'])
    expect(prompts.passkeyOffered.setup).toEqual([true])
    expect(phone.ceremonies).toEqual(['create'])

    // A browser without passkeys (or PRF): the frame offers none, to set up or to recover.
    const unsupported = createScriptedPrompts()
    unsupported.unlockWith = 'passkey'
    const elsewhere = setup({
      server: first.server,
      prompts: unsupported,
      passkeys: phone.environment('frame.localhost', async () => false),
    })
    await loginByEmail(elsewhere, 'kay@example.com')
    expect(unsupported.passkeyOffered.unlock).toEqual([false])
    expect((await elsewhere.client.request('GET_USER', {})).recovery?.locked).toBe(true)

    const visitor = createScriptedPrompts()
    visitor.unlockWith = 'passkey'
    const laptop = createFakeAuthenticator()
    laptop.passkeys.push(...phone.passkeys)
    const second = setup({
      server: first.server,
      prompts: visitor,
      passkeys: laptop.environment('frame.localhost'),
    })
    await loginByEmail(second, 'kay@example.com')
    const user = await second.client.request('GET_USER', {})
    expect(visitor.passkeyOffered.unlock).toEqual([true])
    expect(user.address).toBe(address)
    expect(user.recovery).toEqual({ methods: ['passkey'], operatorRecovery: false, locked: false })
    const { result } = await second.client.request('RPC_REQUEST', {
      method: 'personal_sign',
      params: [toHex('passkey device'), address],
    })
    expect(
      await recoverMessageAddress({
        message: 'passkey device',
        signature: result as `0x${string}`,
      }),
    ).toBe(address)
    // Key export re-authenticates with the passkey (no password needed), in the frame.
    visitor.usePasskey = true
    await second.client.request('EXPORT_KEY', {})
    const { privateKeyToAddress } = await import('viem/accounts')
    expect(privateKeyToAddress(visitor.exported[0]!.eip155PrivateKey)).toBe(address)

    const noPasskeys = createScriptedPrompts()
    const third = setup({ prompts: noPasskeys })
    await loginByEmail(third, 'lee@example.com')
    noPasskeys.password = 'a long recovery password'
    noPasskeys.usePasskey = true
    expect(await third.client.request('SETUP_RECOVERY', {})).toEqual({ methods: ['password'] })
    expect(noPasskeys.passkeyOffered.setup).toEqual([false])
    for (const context of [first, elsewhere, second, third]) context.client.destroy()
  }, 60_000)

  it('logs in with a passkey and unlocks a new device in the same ceremony (CONNECT_PASSKEY)', async () => {
    const prompts = createScriptedPrompts()
    prompts.usePasskey = true
    const phone = createFakeAuthenticator()
    const first = setup({ prompts, passkeys: phone.environment('frame.localhost') })
    await loginByEmail(first, 'pia@example.com')
    const { address } = await first.client.request('GET_USER', {})
    await first.client.request('SETUP_RECOVERY', {})

    // A new browser profile with the synced passkey: one assertion, no email, no unlock view.
    const laptop = createFakeAuthenticator()
    laptop.passkeys.push(...phone.passkeys)
    const visitor = createScriptedPrompts()
    const second = setup({
      server: first.server,
      prompts: visitor,
      passkeys: laptop.environment('frame.localhost'),
    })
    expect(await second.client.request('CONNECT_PASSKEY', {})).toEqual({})
    expect(laptop.ceremonies).toEqual(['get'])
    expect(visitor.passkeyOffered.unlock).toEqual([])
    const user = await second.client.request('GET_USER', {})
    expect([user.email, user.address, user.recovery?.locked]).toEqual([
      'pia@example.com',
      address,
      false,
    ])
    const { result } = await second.client.request('RPC_REQUEST', {
      method: 'personal_sign',
      params: [toHex('one tap'), address],
    })
    expect(
      await recoverMessageAddress({ message: 'one tap', signature: result as `0x${string}` }),
    ).toBe(address)

    // Cancelled: 4001 'The passkey was not used'; an unknown passkey or none here: Failed to connect.
    const cancelled = setup({
      server: first.server,
      passkeys: laptop.environment('frame.localhost'),
    })
    laptop.cancelNext()
    await expect(cancelled.client.request('CONNECT_PASSKEY', {})).rejects.toMatchObject({
      code: 4001,
      shortMessage: expect.stringContaining('The passkey was not used'),
    })
    const stranger = createFakeAuthenticator()
    await stranger.credentials.create({
      publicKey: {
        rp: { id: 'frame.localhost', name: 'x' },
        user: { id: new Uint8Array(8), name: 'x', displayName: 'x' },
        challenge: new Uint8Array(8),
        pubKeyCredParams: [{ type: 'public-key', alg: -7 }],
      },
    })
    const unknown = setup({
      server: first.server,
      passkeys: stranger.environment('frame.localhost'),
    })
    await expect(unknown.client.request('CONNECT_PASSKEY', {})).rejects.toMatchObject({
      shortMessage: expect.stringContaining('Failed to connect'),
    })
    const none = setup({ server: first.server })
    await expect(none.client.request('CONNECT_PASSKEY', {})).rejects.toMatchObject({
      shortMessage: expect.stringContaining('Failed to connect'),
    })
    for (const context of [first, second, cancelled, unknown, none]) context.client.destroy()
  }, 60_000)

  it('recovers the wallet on a new device approved from an existing one, both showing the same code', async () => {
    const first = setup({ deviceRequestPollMs: 10 })
    await loginByEmail(first, 'dev@example.com')
    const { address } = await first.client.request('GET_USER', {})
    const visitor = createScriptedPrompts()
    visitor.unlockWith = 'device'
    const second = setup({ server: first.server, prompts: visitor })
    await loginByEmail(second, 'dev@example.com')
    const user = await second.client.request('GET_USER', {})
    expect(user.address).toBe(address)
    expect(user.recovery?.locked).toBe(false)
    expect(visitor.shownCodes).toHaveLength(1)
    expect(first.prompts.askedCodes).toEqual(visitor.shownCodes)
    // The server relayed a sealed box only: what it stored does not contain the recovery key.
    const [request] = [...first.server.deviceRequests.values()]
    expect(request?.sealedKey?.ciphertext).toMatch(/^0x[0-9a-f]+$/)
    const { result } = await second.client.request('RPC_REQUEST', {
      method: 'personal_sign',
      params: [toHex('new device'), address],
    })
    expect(
      await recoverMessageAddress({ message: 'new device', signature: result as `0x${string}` }),
    ).toBe(address)
    first.client.destroy()
    second.client.destroy()
  }, 30_000)

  it('signs nothing the visitor rejects in the frame: 4001, and shows every request first', async () => {
    const context = setup()
    await loginByEmail(context, 'reject@example.com')
    const { address } = await context.client.request('GET_USER', {})
    context.prompts.decide(false)
    await expect(
      context.client.request('RPC_REQUEST', {
        method: 'personal_sign',
        params: [toHex('drain'), address],
      }),
    ).rejects.toMatchObject({ code: 4001, shortMessage: 'User rejected the request.' })
    expect(context.prompts.approvals).toEqual([
      {
        kind: 'evmMessage',
        origin: APP_ORIGIN,
        chainId: CHAIN_ID,
        address,
        message: toHex('drain'),
      },
    ])
    expect(context.prompts.shown).toBe(context.prompts.hidden)
    context.client.destroy()
  })

  it('refuses a sign-in message for another site without asking the visitor', async () => {
    const context = setup()
    await loginByEmail(context, 'phish@example.com')
    const { address } = await context.client.request('GET_USER', {})
    const message = `bank.example wants you to sign in with your Ethereum account:\n${address}\n\nURI: https://bank.example\nVersion: 1\nChain ID: 1\nNonce: abcdefgh12\nIssued At: 2026-01-01T00:00:00.000Z`
    await expect(
      context.client.request('RPC_REQUEST', {
        method: 'personal_sign',
        params: [message, address],
      }),
    ).rejects.toThrow('Sign-in domain does not match the requesting app')
    expect(context.prompts.approvals).toEqual([])
    context.client.destroy()
  })

  it('exports the keys after the recovery password, and they derive the wallet addresses', async () => {
    const context = setup()
    context.prompts.password = 'export me please'
    await loginByEmail(context, 'export@example.com')
    const user = await context.client.request('GET_USER', {})
    await context.client.request('EXPORT_KEY', {})
    const [keys] = context.prompts.exported
    const { privateKeyToAddress } = await import('viem/accounts')
    expect(privateKeyToAddress(keys!.eip155PrivateKey)).toBe(user.address)
    const solana = base58.decode(keys!.solanaSecretKey)
    expect(base58.encode(ed25519.getPublicKey(solana.slice(0, 32)))).toBe(user.addresses.solana)
    context.prompts.password = 'wrong password!'
    await expect(context.client.request('EXPORT_KEY', {})).rejects.toThrow(
      'Wrong recovery password',
    )
    expect(context.prompts.exported).toHaveLength(1)
    context.client.destroy()
  }, 60_000)

  it('is still connected with the same address after the page reloads', async () => {
    const first = setup()
    await loginByEmail(first, 'reload@example.com')
    const { address } = await first.client.request('GET_USER', {})
    first.client.destroy()
    // A new page and frame in the same browser profile: same cookies, same IndexedDB.
    const reloaded = setup({
      server: first.server,
      authApi: first.authApi,
      deviceShareStore: first.deviceShareStore,
    })
    const [connected, user] = await Promise.all([
      reloaded.client.request('IS_CONNECTED', {}),
      reloaded.client.request('GET_USER', {}),
    ])
    expect(connected).toEqual({ isConnected: true })
    expect(user.address).toBe(address)
    expect(first.server.database.get(user.userId)?.shareSets).toHaveLength(1)
    reloaded.client.destroy()
  })

  it('signs a solana message with the ed25519 key of the same wallet', async () => {
    const context = setup()
    await loginByEmail(context, 'sol@example.com')
    const { addresses } = await context.client.request('GET_USER', {})
    const message = new TextEncoder().encode('hello solana')
    const { result } = await context.client.request('RPC_REQUEST', {
      method: 'solana_signMessage',
      params: { message: base58.encode(message), pubkey: addresses.solana },
    })
    const { signature } = result as { signature: string }
    expect(ed25519.verify(base58.decode(signature), message, base58.decode(addresses.solana))).toBe(
      true,
    )
    context.client.destroy()
  })

  it('changes the email with a code to the current and then to the new address', async () => {
    const context = setup()
    await loginByEmail(context, 'old@example.com')
    await context.client.request('UPDATE_EMAIL', { email: 'new@example.com' })
    const primary = context.server.mailbox.findLast((m) => m.to === 'old@example.com')!.otp!
    await context.client.request('UPDATE_EMAIL_PRIMARY_OTP', { otp: primary })
    const secondary = context.server.mailbox.findLast((m) => m.to === 'new@example.com')!.otp!
    expect(await context.client.request('UPDATE_EMAIL_SECONDARY_OTP', { otp: secondary })).toEqual({
      email: 'new@example.com',
    })
    expect((await context.client.request('GET_USER', {})).email).toBe('new@example.com')
    context.client.destroy()
  })

  it('refuses wallet calls before login with the SPEC message', async () => {
    const context = setup()
    await expect(
      context.client.request('UPDATE_EMAIL', { email: 'x@example.com' }),
    ).rejects.toThrow('Not connected to email or social')
    expect(await context.client.request('IS_CONNECTED', {})).toEqual({ isConnected: false })
    context.client.destroy()
  })

  it('signs out with the server stopped, and is then disconnected', async () => {
    const context = setup()
    await loginByEmail(context, 'out@example.com')
    context.server.setReachable(false)
    await context.client.signOut()
    await expect(context.client.request('GET_USER', {})).rejects.toThrow()
    context.client.destroy()
  })

  it('ignores a message from a foreign origin: no reply and no action', async () => {
    const context = setup()
    await context.client.request('SYNC_THEME', { themeMode: 'light' })
    const frameWindow = context.appWindow.frames[0]!
    const evil = context.browser.openWindow('https://evil.example')
    const evilToFrame = context.browser.handle(evil, frameWindow)
    evilToFrame.postMessage(
      {
        type: appMessageType('CONNECT_EMAIL'),
        id: 'evil-1',
        payload: { email: 'victim@example.com' },
      },
      FRAME_ORIGIN,
    )
    // The same message from the real parent gets an answer, so the frame did process its queue.
    await context.client.request('IS_CONNECTED', {})
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect(frameWindow.received.some((event) => event.origin === 'https://evil.example')).toBe(true)
    expect(frameWindow.sent.every((sent) => sent.targetOrigin === APP_ORIGIN)).toBe(true)
    expect(evil.received).toEqual([])
    expect(context.server.mailbox.filter((mail) => mail.to === 'victim@example.com')).toEqual([])
    context.client.destroy()
  })

  it('sends nothing, not even READY, to a parent the allow-list does not match', async () => {
    const context = setup({ allowedOrigins: ['https://shop.example'] })
    const { IframeLoadFailedError } = await import('../errors.ts')
    const client = createFrameClient({
      frameUrl: `${FRAME_ORIGIN}/embedded/frame`,
      projectId: 'demo',
      window: context.appWindow as never,
      timeouts: { load: 50 },
    })
    await expect(client.request('IS_CONNECTED', {})).rejects.toBeInstanceOf(IframeLoadFailedError)
    const frameWindow: FakeWindow | undefined = context.appWindow.frames[0]
    expect(frameWindow?.sent).toEqual([])
  })
})

describe("the frame tells the server's own login pages which app they are for (issue 22)", () => {
  /** The memory server's API, recording the bodies of the login calls that carry the app. */
  const recording = (server: ReturnType<typeof createMemoryAuthServer>) => {
    const api = server.connect()
    const bodies: { verifyEmailOtp: unknown[]; startSocialLogin: unknown[] } = {
      verifyEmailOtp: [],
      startSocialLogin: [],
    }
    return {
      bodies,
      api: {
        ...api,
        verifyEmailOtp: (body: Parameters<typeof api.verifyEmailOtp>[0]) => {
          bodies.verifyEmailOtp.push(body)
          return api.verifyEmailOtp(body)
        },
        startSocialLogin: (body: Parameters<typeof api.startSocialLogin>[0]) => {
          bodies.startSocialLogin.push(body)
          return api.startSocialLogin(body)
        },
      },
    }
  }

  it("sends the app's name (shortened as its cards show it), its mode and the origin it saw with the login", async () => {
    const server = createMemoryAuthServer()
    const { api, bodies } = recording(server)
    const context = setup({ server, authApi: api })
    await context.client.request('SYNC_DAPP_DATA', {
      projectId: 'demo',
      sdkVersion: 'test',
      metadata: { name: `  Foyer Shop ${'y'.repeat(60)}` },
    })
    await context.client.request('SYNC_THEME', { themeMode: 'light' })
    await loginByEmail(context, 'named@example.com')
    expect(bodies.verifyEmailOtp).toEqual([
      expect.objectContaining({
        appOrigin: APP_ORIGIN,
        app: { name: `Foyer Shop ${'y'.repeat(36)}…`, themeMode: 'light' },
      }),
    ])

    await context.client.request('SYNC_THEME', { themeMode: 'system' })
    await context.client.request('GET_SOCIAL_REDIRECT_URI', { provider: 'google' })
    expect(bodies.startSocialLogin).toEqual([
      expect.objectContaining({
        appOrigin: APP_ORIGIN,
        app: { name: `Foyer Shop ${'y'.repeat(36)}…`, themeMode: 'system' },
      }),
    ])
    context.client.destroy()
  })

  it('sends only the mode when the app gave no name', async () => {
    const server = createMemoryAuthServer()
    const { api, bodies } = recording(server)
    const context = setup({ server, authApi: api })
    await context.client.request('SYNC_THEME', { themeMode: 'dark' })
    await context.client.request('GET_SOCIAL_REDIRECT_URI', { provider: 'google' })
    expect(bodies.startSocialLogin).toEqual([
      expect.objectContaining({ appOrigin: APP_ORIGIN, app: { themeMode: 'dark' } }),
    ])
    context.client.destroy()
  })
})

describe('frame errors (SPEC §8)', () => {
  it("answers 'Something went wrong' for a failure it has no words for, never its internals", async () => {
    const server = createMemoryAuthServer()
    const api = server.connect()
    const context = setup({
      server,
      authApi: {
        ...api,
        getSession: () => Promise.reject(new TypeError('secret internal detail')),
      },
    })
    const failure = await context.client.request('IS_CONNECTED', {}).catch((error) => error)
    expect(failure.shortMessage).toBe('Something went wrong')
    expect(failure.message).not.toContain('secret internal detail')
    context.client.destroy()
  })

  it('a RELOAD reads the session from the server again: signed out elsewhere, signed out here', async () => {
    const server = createMemoryAuthServer()
    const deviceShareStore = createMemoryDeviceShareStore()
    const authApi = server.connect()
    const context = setup({ server, authApi, deviceShareStore })
    await loginByEmail(context, 'tabs@example.com')
    // Another tab of the same browser (same cookies) signs out.
    await authApi.signOut({})
    // Until the reload, the frame still answers from what it loaded.
    expect((await context.client.request('GET_USER', {})).email).toBe('tabs@example.com')
    expect(await context.client.request('RELOAD', {})).toEqual({})
    expect(await context.client.request('IS_CONNECTED', {})).toEqual({ isConnected: false })
    await expect(context.client.request('GET_USER', {})).rejects.toThrow(
      'Not connected to email or social',
    )
    context.client.destroy()
  })
})

describe('social and Farcaster login in the frame', () => {
  const loginSocial = async (
    context: ReturnType<typeof setup>,
    subject: string,
    name = 'Ada Lovelace',
  ) => {
    const { uri } = await context.client.request('GET_SOCIAL_REDIRECT_URI', { provider: 'google' })
    const state = new URL(uri).searchParams.get('state')!
    return context.client.request('CONNECT_SOCIAL', {
      uri: context.server.socialResultUri(state, { subject, name }),
    })
  }

  it('logs in with a social identity and gives the same addresses to it on another device', async () => {
    const server = createMemoryAuthServer()
    const first = setup({ server })
    expect(await loginSocial(first, 'google-123')).toEqual({ userName: 'Ada Lovelace' })
    const user = await first.client.request('GET_USER', {})
    expect([user.socialProvider, user.userName, user.email]).toEqual([
      'google',
      'Ada Lovelace',
      undefined,
    ])
    // Another browser: same identity, same wallet (locked until the visitor recovers it there).
    const second = setup({ server })
    await loginSocial(second, 'google-123')
    const again = await second.client.request('GET_USER', {})
    expect(again.addresses).toEqual(user.addresses)
    expect(again.recovery?.locked).toBe(true)
    // Another identity gets another wallet.
    const third = setup({ server })
    await loginSocial(third, 'google-456')
    expect((await third.client.request('GET_USER', {})).address).not.toBe(user.address)
  })

  it('refuses a result that belongs to another login, and a result used twice', async () => {
    const server = createMemoryAuthServer()
    const visitor = setup({ server })
    const attacker = setup({ server })
    // The attacker starts their own login and slips its result to the visitor's frame.
    const { uri: attackerUri } = await attacker.client.request('GET_SOCIAL_REDIRECT_URI', {
      provider: 'github',
    })
    const forged = server.socialResultUri(new URL(attackerUri).searchParams.get('state')!, {
      subject: 'attacker',
    })
    await visitor.client.request('GET_SOCIAL_REDIRECT_URI', { provider: 'github' })
    await expect(visitor.client.request('CONNECT_SOCIAL', { uri: forged })).rejects.toThrow(
      'Failed to connect',
    )
    expect((await visitor.client.request('IS_CONNECTED', {})).isConnected).toBe(false)
    // In the frame that started it, the result completes once; used again it is refused.
    await expect(attacker.client.request('CONNECT_SOCIAL', { uri: forged })).resolves.toEqual({
      userName: 'attacker',
    })
    await expect(attacker.client.request('CONNECT_SOCIAL', { uri: forged })).rejects.toThrow(
      'Failed to connect',
    )
  })

  it("shows the provider's text for a refused consent and stays logged out", async () => {
    const context = setup()
    const { uri } = await context.client.request('GET_SOCIAL_REDIRECT_URI', { provider: 'x' })
    const denied = context.server.socialResultUri(new URL(uri).searchParams.get('state')!, {
      error: 'access_denied',
      description: 'The user denied the request',
    })
    await expect(context.client.request('CONNECT_SOCIAL', { uri: denied })).rejects.toThrow(
      'The user denied the request',
    )
    expect((await context.client.request('IS_CONNECTED', {})).isConnected).toBe(false)
  })

  it('logs in with Farcaster once the client approves', async () => {
    const server = createMemoryAuthServer()
    const context = setup({ server })
    const { url } = await context.client.request('GET_FARCASTER_URI', {})
    const channelToken = new URL(url).searchParams.get('channelToken')!
    const waiting = context.client.request('CONNECT_FARCASTER', {})
    await new Promise((resolve) => setTimeout(resolve, 30))
    server.approveFarcaster(channelToken, { fid: 7, username: 'ada' })
    expect(await waiting).toEqual({ userName: 'ada' })
    const user = await context.client.request('GET_USER', {})
    expect([user.socialProvider, user.userName]).toEqual(['farcaster', 'ada'])
  })

  it('gives a view mounted twice the same Farcaster request, and logs in once', async () => {
    const server = createMemoryAuthServer()
    const context = setup({ server })
    const [a, b] = await Promise.all([
      context.client.request('GET_FARCASTER_URI', {}),
      context.client.request('GET_FARCASTER_URI', {}),
    ])
    expect(b.url).toBe(a.url)
    const waits = [
      context.client.request('CONNECT_FARCASTER', {}),
      context.client.request('CONNECT_FARCASTER', {}),
    ]
    server.approveFarcaster(new URL(a.url).searchParams.get('channelToken')!, {
      fid: 9,
      username: 'grace',
    })
    expect(await Promise.all(waits)).toEqual([{ userName: 'grace' }, { userName: 'grace' }])
    // After the login, a new request is a new channel.
    const next = await context.client.request('GET_FARCASTER_URI', {})
    expect(next.url).not.toBe(a.url)
  })

  it('fails Farcaster login with the SPEC text when nothing was started', async () => {
    const context = setup()
    await expect(context.client.request('CONNECT_FARCASTER', {})).rejects.toThrow(
      'Failed to connect to farcaster',
    )
  })
})
