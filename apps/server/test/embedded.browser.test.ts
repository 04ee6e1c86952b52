import { mkdtempSync, rmSync } from 'node:fs'
import { createServer as createHttpServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { startDevnet } from '@foyer/devnet'
import type { createFrameClient, FrameClient } from '@foyer/frame'
import { build } from 'esbuild'
import type { FastifyInstance } from 'fastify'
import { type Browser, chromium, type Page } from 'playwright-core'
import {
  createPublicClient,
  createTestClient,
  type Hex,
  http,
  parseEther,
  toHex,
  verifyMessage,
} from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createDatabase, type FoyerDatabase } from '../src/db/createDatabase.ts'
import { createEmbeddedWallet } from '../src/embedded/createEmbeddedWallet.ts'
import { createServer } from '../src/http/createServer.ts'
import { codeOf, latestMail } from './support/embeddedClient.ts'

type TestWindow = Window & {
  client: FrameClient
  foyerTest: { createFrameClient: typeof createFrameClient }
}

// Real Chromium: an app page on one loopback origin, the server's frame listener on another.
describe('the served frame page in Chromium', () => {
  let browser: Browser
  let appServer: Server
  let appOrigin: string
  let frameUrl: string
  let server: FastifyInstance
  let database: FoyerDatabase
  let tempDir: string
  let rpcUrl: string
  let stopDevnet: (() => Promise<void>) | undefined

  beforeAll(async () => {
    tempDir = mkdtempSync(join(tmpdir(), 'foyer-embedded-browser-'))
    const devnetFile = join(tempDir, 'devnet.json')
    const started = await startDevnet({
      chains: [{ chainId: 31337, port: 0 }],
      outFile: devnetFile,
    })
    stopDevnet = started.stop
    rpcUrl = started.devnet.chains[0]!.rpcUrl
    database = await createDatabase({ dataDir: 'memory://' })
    server = await createServer({
      database,
      devnetFile,
      dev: true,
      logger: false,
      indexer: { enabled: false },
    })
    const embedded = await createEmbeddedWallet({
      server,
      dev: true,
      dataDir: tempDir,
      host: '127.0.0.1',
      framePort: 0,
      logger: false,
    })
    frameUrl = await embedded!.listen()
    await server.ready()

    const appScript = (
      await build({
        entryPoints: [fileURLToPath(new URL('./support/browserAppEntry.ts', import.meta.url))],
        bundle: true,
        format: 'esm',
        platform: 'browser',
        write: false,
        logLevel: 'silent',
      })
    ).outputFiles[0]!.text
    appServer = createHttpServer((request, response) => {
      if (request.url === '/app.js')
        return response.writeHead(200, { 'content-type': 'text/javascript' }).end(appScript)
      response
        .writeHead(200, { 'content-type': 'text/html' })
        .end(
          '<!doctype html><html><body><script type="module" src="/app.js"></script></body></html>',
        )
    })
    await new Promise<void>((resolve) => appServer.listen(0, '127.0.0.1', resolve))
    appOrigin = `http://127.0.0.1:${(appServer.address() as AddressInfo).port}`
    browser = await chromium.launch({
      executablePath: '/usr/bin/chromium',
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run'],
    })
  }, 90_000)

  afterAll(async () => {
    await browser?.close()
    if (appServer) await new Promise((resolve) => appServer.close(resolve))
    await server?.close()
    await database?.destroy()
    await stopDevnet?.()
    rmSync(tempDir, { recursive: true, force: true })
  })

  /**
   * Approves the request the frame shows, as the visitor would: a real click on its guarded
   * button once the frame, shown above the app, has enabled it.
   */
  const approveInFrame = async (page: Page) => {
    const button = page
      .frameLocator('iframe[title="Foyer embedded wallet"]')
      .getByRole('dialog')
      // The primary action of the approval view (its name says what it does: Sign, Send, …).
      .getByRole('button', { name: /^(Approve|Sign|Send|Confirm)\b/ })
    await expect
      .poll(() => button.getAttribute('aria-disabled').catch(() => 'true'), { timeout: 30_000 })
      .not.toBe('true')
    await button.click()
  }

  const openApp = async (page: Page) => {
    await page.goto(`${appOrigin}/`)
    await page.waitForFunction(() => 'foyerTest' in window)
    await page.evaluate((url) => {
      const w = window as unknown as TestWindow
      w.client = w.foyerTest.createFrameClient({ frameUrl: url, projectId: 'foyer-dev' })
    }, `${frameUrl}/`)
  }

  it('logs in by emailed code, signs, sends ETH through the RPC, and stays connected after a reload', async () => {
    const context = await browser.newContext()
    const page = await context.newPage()
    const violations: string[] = []
    page.on('console', (message) => {
      if (/Content Security Policy/i.test(message.text())) violations.push(message.text())
    })
    await openApp(page)
    const email = 'chromium@example.com'
    expect(
      await page.evaluate(
        (e) => (window as unknown as TestWindow).client.request('CONNECT_EMAIL', { email: e }),
        email,
      ),
    ).toEqual({ action: 'VERIFY_OTP' })
    const otp = codeOf(await latestMail(server, email))
    await page.evaluate(
      (code) => (window as unknown as TestWindow).client.request('CONNECT_OTP', { otp: code }),
      otp,
    )
    const user = await page.evaluate(() =>
      (window as unknown as TestWindow).client.request('GET_USER', {}),
    )
    expect(user.email).toBe(email)
    const signing = page.evaluate(
      ([message, address]) =>
        (window as unknown as TestWindow).client.request('RPC_REQUEST', {
          method: 'personal_sign',
          params: [message, address],
        }),
      [toHex('signed through the served frame'), user.address],
    )
    await approveInFrame(page)
    const { result } = await signing
    expect(
      await verifyMessage({
        address: user.address,
        message: 'signed through the served frame',
        signature: result as Hex,
      }),
    ).toBe(true)

    // eth_sendTransaction: signed in the frame, sent to anvil (CSP connect-src allows the RPC).
    await createTestClient({ mode: 'anvil', transport: http(rpcUrl) }).setBalance({
      address: user.address,
      value: parseEther('1'),
    })
    const receiver = '0x000000000000000000000000000000000000bEEF'
    const sending = page.evaluate(
      ([from, to, value]) =>
        (window as unknown as TestWindow).client.request('RPC_REQUEST', {
          method: 'eth_sendTransaction',
          params: [{ from, to, value }],
        }),
      [user.address, receiver, toHex(parseEther('0.01'))],
    )
    await approveInFrame(page)
    const sent = await sending
    const publicClient = createPublicClient({ transport: http(rpcUrl) })
    const receipt = await publicClient.waitForTransactionReceipt({ hash: sent.result as Hex })
    expect(receipt.status).toBe('success')
    expect(await publicClient.getBalance({ address: receiver })).toBe(parseEther('0.01'))

    await page.reload()
    await openApp(page)
    const again = await page.evaluate(() =>
      (window as unknown as TestWindow).client.request('GET_USER', {}),
    )
    expect(again.address).toBe(user.address)
    expect(violations).toEqual([])
    await context.close()
  }, 120_000)
})
