// The mobile test wallet page in real Chromium, against the dev relay, anvil and a LiteSVM Solana
// cluster: a dapp on the official UniversalProvider connects through it, signs, sends transactions
// (eip155 and solana), switches chain and gets disconnected, and the page never reaches beyond
// loopback.
import { randomBytes } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { type CreateDevRelayReturnType, createDevRelay } from '@foyer/dev-relay'
import { type StartAnvilReturnType, startAnvil } from '@foyer/devnet'
import { type StartSolanaDevnetReturnType, startSolanaDevnet } from '@foyer/devnet/solana'
import {
  type Address,
  appendTransactionMessageInstructions,
  compileTransaction,
  createNoopSigner,
  createSolanaRpc,
  createTransactionMessage,
  getBase58Decoder,
  getBase58Encoder,
  getBase64Decoder,
  getPublicKeyFromAddress,
  getTransactionEncoder,
  getUtf8Encoder,
  pipe,
  type SignatureBytes,
  setTransactionMessageFeePayer,
  setTransactionMessageLifetimeUsingBlockhash,
  verifySignature,
} from '@solana/kit'
import { getTransferSolInstruction } from '@solana-program/system'
import UniversalProvider from '@walletconnect/universal-provider'
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core'
import {
  createPublicClient,
  type Hex,
  http,
  numberToHex,
  parseEther,
  toHex,
  verifyMessage,
  verifyTypedData,
} from 'viem'
import { mnemonicToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { type StartMobileWalletReturnType, startMobileWallet } from './startMobileWallet.ts'

const chromiumArgs = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
]
// anvil's well-known dev mnemonic: the 10 accounts it funds at genesis.
const anvilMnemonic = 'test test test test test test test test test test test junk'
const accounts = Array.from({ length: 10 }, (_, addressIndex) => {
  const account = mnemonicToAccount(anvilMnemonic, { addressIndex })
  return { address: account.address, privateKey: toHex(account.getHdKey().privateKey!) }
})
const [account0, account1, account2] = accounts as [
  (typeof accounts)[0],
  (typeof accounts)[0],
  (typeof accounts)[0],
]
const dappIcon = `data:image/svg+xml,${encodeURIComponent('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1 1"><rect width="1" height="1"/></svg>')}`
const methods = [
  'personal_sign',
  'eth_signTypedData_v4',
  'eth_sendTransaction',
  'wallet_switchEthereumChain',
]

let relay: CreateDevRelayReturnType
let anvilA: StartAnvilReturnType
let anvilB: StartAnvilReturnType
let solana: StartSolanaDevnetReturnType
let wallet: StartMobileWalletReturnType
let browser: Browser
let temporaryDir: string
const blockedInNode: string[] = []
const teardowns: Array<() => Promise<unknown> | unknown> = []

beforeAll(async () => {
  // Several dapp clients in one process need their own cores.
  vi.stubEnv('DISABLE_GLOBAL_CORE', 'true')
  const realFetch = globalThis.fetch
  // Anything the dapp SDK would fetch beyond loopback in this Node process (verify, telemetry):
  // refused at once, never sent, and recorded so that the tests fail on it.
  vi.stubGlobal('fetch', (input: string | URL | Request, init?: RequestInit) => {
    const url = new URL(input instanceof Request ? input.url : input)
    if (url.hostname === '127.0.0.1') return realFetch(input, init)
    blockedInNode.push(url.href)
    return Promise.reject(new TypeError(`fetch to ${url.hostname} blocked: offline test`))
  })
  ;[relay, anvilA, anvilB, solana, browser, temporaryDir] = await Promise.all([
    createDevRelay({ port: 0 }),
    startAnvil({ chainId: 31337, port: 0 }),
    startAnvil({ chainId: 31338, port: 0 }),
    startSolanaDevnet({ port: 0 }),
    chromium.launch({ executablePath: '/usr/bin/chromium', args: chromiumArgs }),
    mkdtemp(join(tmpdir(), 'foyer-mobile-wallet-')),
  ])
  const devnetFile = join(temporaryDir, 'devnet.json')
  await writeFile(
    devnetFile,
    JSON.stringify({
      chains: [
        { chainId: 31337, name: 'Devnet A', rpcUrl: anvilA.rpcUrl },
        { chainId: 31338, name: 'Devnet B', rpcUrl: anvilB.rpcUrl },
      ],
      accounts,
      solana: solana.devnet,
    }),
  )
  wallet = await startMobileWallet({ port: 0, devnetFile, relayUrl: relay.url })
}, 120_000)

afterAll(async () => {
  for (const teardown of teardowns.splice(0).reverse()) await teardown()
  await browser?.close()
  await wallet?.close()
  await relay?.close()
  await Promise.all([anvilA?.stop(), anvilB?.stop(), solana?.stop()])
  if (temporaryDir) await rm(temporaryDir, { recursive: true, force: true })
  vi.unstubAllGlobals()
  vi.unstubAllEnvs()
})

/** The local cluster's CAIP-2 id, as a dapp asks for it. */
const solanaChain = () => `solana:${solana.devnet.genesisHash.slice(0, 32)}`

async function createDapp(chains: string[], options: { solana?: boolean } = {}) {
  const provider = await UniversalProvider.init({
    relayUrl: relay.url,
    projectId: 'foyer-dev',
    metadata: {
      name: 'Mobile wallet test dapp',
      description: 'Connects to the mobile test wallet',
      url: 'http://127.0.0.1:5173',
      icons: [dappIcon],
    },
    customStoragePrefix: `dapp-${randomBytes(4).toString('hex')}`,
    storageOptions: { database: ':memory:' },
    disableProviderPing: true,
    logger: 'silent',
  })
  teardowns.push(async () => {
    provider.client.core.heartbeat.stop()
    await provider.client.core.relayer.transportClose()
  })
  const uri = new Promise<string>((resolve) => provider.once('display_uri', resolve))
  const session = provider.connect({
    optionalNamespaces: {
      eip155: {
        chains,
        methods,
        events: ['chainChanged', 'accountsChanged'],
        rpcMap: { 31337: anvilA.rpcUrl, 31338: anvilB.rpcUrl },
      },
      ...(options.solana
        ? {
            solana: {
              chains: [solanaChain()],
              methods: [
                'solana_signMessage',
                'solana_signTransaction',
                'solana_signAndSendTransaction',
              ],
              events: [],
            },
          }
        : {}),
    },
  })
  // Rejections are asserted by the tests that expect them.
  session.catch(() => {})
  return { provider, uri: await uri, session }
}

/**
 * A fresh browser profile (the wallet keeps its sessions in IndexedDB), recording all traffic.
 * `reportsNoNetwork`: the browser says `navigator.onLine === false`, as Chromium does on a host
 * whose only interface is loopback.
 */
async function openWallet(query = '', { reportsNoNetwork = false } = {}) {
  const context: BrowserContext = await browser.newContext()
  teardowns.push(() => context.close())
  if (reportsNoNetwork)
    await context.addInitScript(() =>
      Object.defineProperty(Navigator.prototype, 'onLine', {
        configurable: true,
        get: () => false,
      }),
    )
  const page: Page = await context.newPage()
  const requests: string[] = []
  page.on('request', (request) => requests.push(request.url()))
  page.on('websocket', (socket) => requests.push(socket.url()))
  await page.goto(`${wallet.url}/${query}`)
  await page.getByRole('heading', { name: 'Session proposals' }).waitFor()
  return { page, requests }
}

const region = (page: Page, name: string) => page.getByRole('region', { name })

/** Sends a request from the dapp, approves it in the wallet page, resolves with the result. */
async function approveInWallet<T>(page: Page, send: () => Promise<T>, title: string): Promise<T> {
  const result = send()
  const card = region(page, 'Requests').getByRole('article', { name: new RegExp(title) })
  await card.getByRole('button', { name: 'Approve' }).click()
  return result
}

const axeSource = readFileSync(
  createRequire(import.meta.url).resolve('axe-core/axe.min.js'),
  'utf8',
)

/** axe-core's serious and critical findings on the page as it is now. */
async function seriousAccessibilityViolations(page: Page): Promise<string[]> {
  await page.addScriptTag({ content: axeSource })
  return page.evaluate(async () => {
    // biome-ignore lint/suspicious/noExplicitAny: axe is injected as a global.
    const { violations } = await (window as any).axe.run(document)
    type Violation = { id: string; impact: string | null; nodes: { target: string[] }[] }
    return (violations as Violation[])
      .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
      .map(({ id, nodes }) => `${id}: ${nodes.map((node) => node.target.join(' ')).join(', ')}`)
  })
}

function expectOnlyLoopback(requests: string[]) {
  expect(requests.length).toBeGreaterThan(0)
  expect(requests.filter((url) => !/^(http|ws):\/\/127\.0\.0\.1:\d+\//.test(url))).toEqual([])
  expect(blockedInNode).toEqual([])
}

// Each test drives a real Chromium page, relay and chains: minutes on a loaded machine, not 30 s.
describe('mobile test wallet page', { timeout: 120_000 }, () => {
  it('connects a dapp from a pasted URI, signs, sends transactions, switches chain and disconnects', async () => {
    const { provider, uri, session } = await createDapp(['eip155:31337'])
    const { page, requests } = await openWallet()

    await page.getByLabel('WalletConnect URI').fill(uri)
    await page.getByRole('button', { name: 'Connect' }).click()
    const proposal = region(page, 'Session proposals').getByRole('article', {
      name: 'Mobile wallet test dapp',
    })
    await expect.poll(() => proposal.textContent()).toContain('Devnet A (31337)')
    expect(await seriousAccessibilityViolations(page)).toEqual([])
    await proposal.getByRole('button', { name: 'Approve' }).click()

    const approved = await session
    expect(approved?.namespaces.eip155?.accounts).toEqual([`eip155:31337:${account0.address}`])
    const sessionCard = region(page, 'Active sessions').getByRole('article', {
      name: 'Mobile wallet test dapp',
    })
    await expect.poll(() => sessionCard.textContent()).toContain(account0.address)
    expect(await seriousAccessibilityViolations(page)).toEqual([])

    const message = 'Sign in to Foyer'
    const signature = await approveInWallet(
      page,
      () =>
        provider.request<Hex>(
          { method: 'personal_sign', params: [toHex(message), account0.address] },
          'eip155:31337',
        ),
      'Sign a message',
    )
    expect(await verifyMessage({ address: account0.address, message, signature })).toBe(true)

    const hash = await approveInWallet(
      page,
      () =>
        provider.request<Hex>(
          {
            method: 'eth_sendTransaction',
            params: [
              { from: account0.address, to: account1.address, value: toHex(parseEther('0.25')) },
            ],
          },
          'eip155:31337',
        ),
      'Send a transaction',
    )
    const chainA = createPublicClient({ transport: http(anvilA.rpcUrl) })
    const receipt = await chainA.waitForTransactionReceipt({ hash })
    expect(receipt.status).toBe('success')
    expect(receipt.from.toLowerCase()).toBe(account0.address.toLowerCase())
    expect(receipt.to?.toLowerCase()).toBe(account1.address.toLowerCase())

    // Chain B was not approved, so the dapp has to ask the wallet.
    const chainChanged = new Promise<unknown>((resolve) => provider.on('chainChanged', resolve))
    await approveInWallet(
      page,
      () =>
        provider.request(
          { method: 'wallet_switchEthereumChain', params: [{ chainId: numberToHex(31338) }] },
          'eip155:31337',
        ),
      'Switch chain',
    )
    expect(Number(await chainChanged)).toBe(31338)
    await expect.poll(() => provider.session?.namespaces.eip155?.chains).toContain('eip155:31338')

    const hashOnB = await approveInWallet(
      page,
      () =>
        provider.request<Hex>(
          {
            method: 'eth_sendTransaction',
            params: [
              { from: account0.address, to: account1.address, value: toHex(parseEther('0.5')) },
            ],
          },
          'eip155:31338',
        ),
      'Send a transaction',
    )
    const chainB = createPublicClient({ transport: http(anvilB.rpcUrl) })
    expect((await chainB.waitForTransactionReceipt({ hash: hashOnB })).status).toBe('success')

    const rejected = expect(
      provider.request(
        { method: 'personal_sign', params: [toHex('Not this one'), account0.address] },
        'eip155:31338',
      ),
    ).rejects.toMatchObject({ code: 4001, message: 'User rejected the request.' })
    await region(page, 'Requests')
      .getByRole('article', { name: /Sign a message/ })
      .getByRole('button', { name: 'Reject' })
      .click()
    await rejected

    const sessionDeleted = new Promise((resolve) => provider.on('session_delete', resolve))
    await sessionCard.getByRole('button', { name: 'Disconnect' }).click()
    await sessionDeleted
    await region(page, 'Active sessions').getByText('No active session.').waitFor()

    expect(await page.getByRole('region', { name: 'Blocked requests' }).count()).toBe(0)
    expectOnlyLoopback(requests)
    expect(relay.unknownMethods).toEqual([])
  })

  it('rejects a proposal opened through a deep link, and the dapp is told', async () => {
    const { uri, session } = await createDapp(['eip155:31337'])
    const { page, requests } = await openWallet(`?uri=${encodeURIComponent(uri)}`)

    const proposal = region(page, 'Session proposals').getByRole('article', {
      name: 'Mobile wallet test dapp',
    })
    await proposal.getByRole('button', { name: 'Reject' }).click()
    await expect(session).rejects.toMatchObject({ message: 'User rejected.' })
    await region(page, 'Activity')
      .getByText('Rejected the connection from Mobile wallet test dapp.')
      .waitFor()
    expect(await region(page, 'Active sessions').getByRole('article').count()).toBe(0)
    expectOnlyLoopback(requests)
  })

  it('pairs over its loopback relay when the browser reports no network (a host with only loopback)', async () => {
    const { provider, uri, session } = await createDapp(['eip155:31337'])
    const { page, requests } = await openWallet(`?autoApprove=1&uri=${encodeURIComponent(uri)}`, {
      reportsNoNetwork: true,
    })

    const approved = await session
    expect(approved?.namespaces.eip155?.accounts).toEqual([`eip155:31337:${account0.address}`])
    const message = 'Offline but for loopback'
    const signature = await provider.request<Hex>(
      { method: 'personal_sign', params: [toHex(message), account0.address] },
      'eip155:31337',
    )
    expect(await verifyMessage({ address: account0.address, message, signature })).toBe(true)
    expect(await page.getByRole('alert').count()).toBe(0)
    expectOnlyLoopback(requests)
  })

  it('approves everything by itself with ?autoApprove=1, using the chosen account', async () => {
    const { provider, uri, session } = await createDapp(['eip155:31337', 'eip155:31338'])
    const { page, requests } = await openWallet(
      `?autoApprove=1&account=2&uri=${encodeURIComponent(uri)}`,
    )

    const approved = await session
    expect(approved?.namespaces.eip155?.accounts).toEqual([
      `eip155:31337:${account2.address}`,
      `eip155:31338:${account2.address}`,
    ])
    const typedData = {
      domain: { name: 'Foyer', version: '1', chainId: 31337 },
      types: { Greeting: [{ name: 'text', type: 'string' }] },
      primaryType: 'Greeting',
      message: { text: 'Hello' },
    } as const
    const signature = await provider.request<Hex>(
      { method: 'eth_signTypedData_v4', params: [account2.address, JSON.stringify(typedData)] },
      'eip155:31337',
    )
    expect(await verifyTypedData({ address: account2.address, ...typedData, signature })).toBe(true)

    // The wallet keeps its session across a reload (IndexedDB) and goes on answering.
    await page.reload()
    await region(page, 'Active sessions').getByRole('article').waitFor()
    const message = 'After a reload'
    const signature2 = await provider.request<Hex>(
      { method: 'personal_sign', params: [toHex(message), account2.address] },
      'eip155:31337',
    )
    expect(await verifyMessage({ address: account2.address, message, signature: signature2 })).toBe(
      true,
    )

    // The person switches chain in the wallet; the dapp follows.
    const chainChanged = new Promise<unknown>((resolve) => provider.on('chainChanged', resolve))
    await region(page, 'Active sessions').getByLabel('Chain').selectOption('31338')
    expect(Number(await chainChanged)).toBe(31338)
    expectOnlyLoopback(requests)
  })

  it('approves the solana namespace with a Solana dev key and signs and sends on the local cluster', async () => {
    const { provider, uri, session } = await createDapp(['eip155:31337'], { solana: true })
    const { page, requests } = await openWallet(`?uri=${encodeURIComponent(uri)}`)
    await region(page, 'Session proposals')
      .getByRole('article', { name: 'Mobile wallet test dapp' })
      .getByRole('button', { name: 'Approve' })
      .click()

    const owner = solana.devnet.accounts[0]!.address
    const approved = (await session)!
    expect(approved.namespaces.eip155?.accounts).toEqual([`eip155:31337:${account0.address}`])
    expect(approved.namespaces.solana?.accounts).toEqual([`${solanaChain()}:${owner}`])
    const sessionCard = region(page, 'Active sessions').getByRole('article')
    await expect.poll(() => sessionCard.textContent()).toContain(owner)
    const ask = <result>(method: string, params: Record<string, unknown>) =>
      provider.client.request<result>({
        topic: approved.topic,
        chainId: solanaChain(),
        request: { method, params },
      })

    // solana_signMessage: base58 message in, base58 ed25519 signature out.
    const message = new Uint8Array(getUtf8Encoder().encode('Sign in to Foyer on Solana'))
    const { signature } = await approveInWallet(
      page,
      () =>
        ask<{ signature: string }>('solana_signMessage', {
          message: getBase58Decoder().decode(message),
          pubkey: owner,
        }),
      'Sign a message on Solana',
    )
    const signatureBytes = new Uint8Array(getBase58Encoder().encode(signature)) as SignatureBytes
    expect(
      await verifySignature(await getPublicKeyFromAddress(owner), signatureBytes, message),
    ).toBe(true)

    // solana_signAndSendTransaction: the wallet sends to the cluster; lamports move.
    const rpc = createSolanaRpc(solana.devnet.rpcUrl)
    const receiver = solana.devnet.accounts[2]!.address
    const before = (await rpc.getBalance(receiver).send()).value
    const transfer = async (lamports: bigint) => {
      const { value: blockhash } = await rpc.getLatestBlockhash().send()
      const transactionMessage = pipe(
        createTransactionMessage({ version: 0 }),
        (draft) => setTransactionMessageFeePayer(owner, draft),
        (draft) => setTransactionMessageLifetimeUsingBlockhash(blockhash, draft),
        (draft) =>
          appendTransactionMessageInstructions(
            [
              getTransferSolInstruction({
                source: createNoopSigner(owner as Address),
                destination: receiver,
                amount: lamports,
              }),
            ],
            draft,
          ),
      )
      return getBase64Decoder().decode(
        getTransactionEncoder().encode(compileTransaction(transactionMessage)),
      )
    }
    await approveInWallet(
      page,
      async () =>
        ask<{ signature: string }>('solana_signAndSendTransaction', {
          transaction: await transfer(250_000n),
          pubkey: owner,
        }),
      'Send a Solana transaction',
    )
    expect((await rpc.getBalance(receiver).send()).value).toBe(before + 250_000n)

    // solana_signTransaction: signed, not sent.
    const signed = await approveInWallet(
      page,
      async () =>
        ask<{ signature: string; transaction: string }>('solana_signTransaction', {
          transaction: await transfer(1n),
          pubkey: owner,
        }),
      'Sign a Solana transaction',
    )
    expect(signed.signature).toMatch(/^[1-9A-HJ-NP-Za-km-z]{64,88}$/)
    expect(signed.transaction.length).toBeGreaterThan(100)
    expect((await rpc.getBalance(receiver).send()).value).toBe(before + 250_000n)

    expect(await page.getByRole('region', { name: 'Blocked requests' }).count()).toBe(0)
    expectOnlyLoopback(requests)
    expect(relay.unknownMethods).toEqual([])
  })
})
