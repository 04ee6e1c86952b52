// The Sign In With Farcaster page: its handler on a bare server (escaping, refusals, no relay),
// then the real mobile test wallet server in Chromium, approving a channel the app verifies.
import { spawn } from 'node:child_process'
import { once } from 'node:events'
import { readFileSync } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { createServer, type Server } from 'node:http'
import { createRequire } from 'node:module'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { createAppClient, viemConnector } from '@farcaster/auth-client'
import { type StartDevnetReturnType, startDevnet } from '@foyer/devnet'
import { type CreateFarcasterRelayReturnType, createFarcasterRelay } from '@foyer/farcaster-relay'
import { type Browser, chromium, type Page } from 'playwright-core'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { type StartMobileWalletReturnType, startMobileWallet } from '../mobile/startMobileWallet.ts'
import type { FarcasterTestAccount } from './approveFarcasterSignIn.ts'
import { FarcasterRelayRequestError } from './errors.ts'
import { createFarcasterPageHandler, type FarcasterPageOptions } from './farcasterPage.ts'

const accounts: FarcasterTestAccount[] = [
  {
    fid: 1,
    username: 'alice',
    displayName: 'Alice Devnet',
    custodyPrivateKey: `0x${'11'.repeat(32)}`,
    authPrivateKey: `0x${'22'.repeat(32)}`,
  },
  {
    fid: 2,
    username: 'bob',
    displayName: 'Bob <Devnet>',
    custodyPrivateKey: `0x${'33'.repeat(32)}`,
  },
]
const query = (parameters: Record<string, string>) => `?${new URLSearchParams(parameters)}`
const link = {
  channelToken: 'ABCDEFGH23456789',
  nonce: 'abcdef123456',
  siweUri: 'http://localhost:5173/login',
  domain: 'localhost:5173',
}

const servers: Server[] = []
afterEach(async () => {
  for (const server of servers.splice(0)) {
    server.closeAllConnections()
    await new Promise((resolve) => server.close(resolve))
  }
})

async function serve(options: Partial<FarcasterPageOptions> = {}): Promise<string> {
  const handle = createFarcasterPageHandler({
    accounts,
    rpcUrl: 'http://127.0.0.1:9',
    relay: { relayUrl: 'http://127.0.0.1:9', relayKey: 'key' },
    ...options,
  })
  const server = createServer((request, response) => {
    if (!handle(request, response)) {
      response.writeHead(418)
      response.end('not the page')
    }
  })
  servers.push(server)
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`
}

const approveForm = (base: string, form: Record<string, string>, headers = {}) =>
  fetch(`${base}/farcaster/approve`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    body: new URLSearchParams(form),
  })

describe('createFarcasterPageHandler', () => {
  it('shows the request with every value escaped, and leaves other paths alone', async () => {
    const base = await serve()
    const response = await fetch(
      `${base}/farcaster${query({ ...link, domain: '<script>alert(1)</script>', requestId: '"><img src=x>' })}`,
    )
    expect(response.status).toBe(200)
    expect(response.headers.get('content-security-policy')).toContain("default-src 'none'")
    const html = await response.text()
    expect(html).toContain('<title>Sign in with Farcaster — local client stand-in</title>')
    expect(html).toContain('<strong>&lt;script&gt;alert(1)&lt;/script&gt;</strong> asks you')
    expect(html).toContain('&quot;&gt;&lt;img src=x&gt;')
    expect(html).not.toContain('<script>')
    expect(html).not.toContain('<img src=x>')
    expect(html).toContain('Bob &lt;Devnet&gt; (@bob, fid 2)')
    expect(html).toContain('<label for="farcaster-account">Farcaster account</label>')
    expect(html).toMatch(/<button type="submit">Approve<\/button>/)
    expect((await fetch(`${base}/other`)).status).toBe(418)
  })

  it('answers 400 to an incomplete link and 405 to a wrong method', async () => {
    const base = await serve()
    const incomplete = await fetch(`${base}/farcaster${query({ channelToken: 'X' })}`)
    expect(incomplete.status).toBe(400)
    expect(await incomplete.text()).toContain('it has no nonce, siweUri, domain')
    expect((await fetch(`${base}/farcaster`, { method: 'POST' })).status).toBe(405)
    expect((await fetch(`${base}/farcaster/approve`)).status).toBe(405)
  })

  it('without a relay, explains how to enable it and cannot approve', async () => {
    const base = await serve({ relay: undefined })
    const html = await (await fetch(`${base}/farcaster${query(link)}`)).text()
    expect(html).toContain('started without a Farcaster relay')
    expect(html).toContain('<button type="submit" disabled>Approve</button>')
    const refused = await approveForm(base, { url: `${base}/farcaster${query(link)}`, fid: '1' })
    expect(refused.status).toBe(503)
  })

  it('approves through approveFarcasterSignIn and links back only to http(s) redirects', async () => {
    const approve = vi.fn(async () => ({ fid: 1, message: 'm', signature: '0x' as const }))
    const base = await serve({ approve })
    const url = `${base}/farcaster${query({ ...link, redirectUrl: 'http://localhost:5173/done' })}`
    const signedIn = await approveForm(base, { url, fid: '1', signer: 'authAddress' })
    expect(signedIn.status).toBe(200)
    const html = await signedIn.text()
    expect(html).toContain('<h1>Signed in — return to the app</h1>')
    expect(html).toContain('<a href="http://localhost:5173/done">Return to localhost:5173</a>')
    expect(approve).toHaveBeenCalledWith({
      url,
      relayUrl: 'http://127.0.0.1:9',
      relayKey: 'key',
      account: accounts[0],
      rpcUrl: 'http://127.0.0.1:9',
      useAuthAddress: true,
    })

    const scripted = `${base}/farcaster${query({ ...link, redirectUrl: 'javascript:alert(1)' })}`
    const noLink = await (await approveForm(base, { url: scripted, fid: '2' })).text()
    expect(noLink).not.toContain('javascript:')
    expect(noLink).toContain('You can close this page.')
  })

  it('refuses cross-site posts, unknown fids, and reports a relay refusal', async () => {
    const approve = vi.fn(async () => {
      throw new FarcasterRelayRequestError({ status: 401, reason: 'Unauthorized' })
    })
    const base = await serve({ approve })
    const url = `${base}/farcaster${query(link)}`
    const crossSite = await approveForm(base, { url, fid: '1' }, { origin: 'http://evil.example' })
    expect(crossSite.status).toBe(403)
    const unknownFid = await approveForm(base, { url, fid: '9' })
    expect(unknownFid.status).toBe(400)
    expect(await unknownFid.text()).toContain('no Farcaster account with fid 9')
    const refused = await approveForm(base, { url, fid: '1' }, { origin: base })
    expect(refused.status).toBe(502)
    expect(await refused.text()).toContain(
      'role="alert">The sign-in failed. The Farcaster relay refused the sign-in (HTTP 401)',
    )
    expect(approve).toHaveBeenCalledTimes(1)
  })
})

const chromiumArgs = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
]
const axeSource = readFileSync(
  createRequire(import.meta.url).resolve('axe-core/axe.min.js'),
  'utf8',
)

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

describe('the mobile test wallet serves the page', () => {
  const relayKey = 'page-relay-key'
  let directory: string
  let world: StartDevnetReturnType
  let relay: CreateFarcasterRelayReturnType
  let wallet: StartMobileWalletReturnType
  let browser: Browser

  beforeAll(async () => {
    directory = await mkdtemp(join(tmpdir(), 'foyer-farcaster-page-'))
    const devnetFile = join(directory, 'devnet.json')
    ;[world, relay, browser] = await Promise.all([
      startDevnet({ chains: [{ chainId: 31337, port: 0 }], outFile: devnetFile }),
      // The link's base is rewritten to the wallet's port below: both pick free ports.
      createFarcasterRelay({ port: 0, relayKey, signInUrlBase: 'http://127.0.0.1:4403/farcaster' }),
      chromium.launch({ executablePath: '/usr/bin/chromium', args: chromiumArgs }),
    ])
    wallet = await startMobileWallet({
      port: 0,
      devnetFile,
      relayUrl: 'ws://127.0.0.1:9',
      farcaster: { relayUrl: relay.url, relayKey },
    })
  }, 120_000)

  afterAll(async () => {
    await browser?.close()
    await wallet?.close()
    await relay?.close()
    await world?.stop()
    if (directory) await rm(directory, { recursive: true, force: true })
  })

  it('lets a person pick an account and approve; the app then verifies the sign-in', async () => {
    const rpcUrl = world.devnet.chains[0]!.rpcUrl
    const appClient = createAppClient({ relay: relay.url, ethereum: viemConnector({ rpcUrl }) })
    const created = await appClient.createChannel({
      siweUri: 'http://localhost:5173/login',
      domain: 'localhost:5173',
      redirectUrl: 'http://localhost:5173/',
    })
    if (created.isError) throw created.error
    const { channelToken, url, nonce } = created.data
    const pageUrl = `${wallet.url}/farcaster${new URL(url).search}`

    // CSP forbids inline scripts; axe is injected by the test only.
    const context = await browser.newContext({ bypassCSP: true })
    try {
      const page = await context.newPage()
      await page.goto(pageUrl)
      expect(await page.title()).toBe('Sign in with Farcaster — local client stand-in')
      await expect(page.getByText('localhost:5173', { exact: true }).count()).resolves.toBe(1)
      expect(await seriousAccessibilityViolations(page)).toEqual([])
      await page.getByLabel('Farcaster account').selectOption({ label: 'Bob Devnet (@bob, fid 2)' })
      await page.getByRole('button', { name: 'Approve' }).click()
      await page.getByRole('heading', { name: 'Signed in — return to the app' }).waitFor()
      expect(await page.getByRole('status').textContent()).toContain(
        'as Bob Devnet (@bob, fid 2) with the custody key',
      )
      expect(await page.getByRole('link', { name: 'Return to localhost:5173' }).count()).toBe(1)
      expect(await seriousAccessibilityViolations(page)).toEqual([])
    } finally {
      await context.close()
    }

    const status = await appClient.status({ channelToken })
    expect(status.response?.status).toBe(200)
    const verified = await appClient.verifySignInMessage({
      nonce,
      domain: 'localhost:5173',
      message: status.data!.message!,
      signature: status.data!.signature!,
      acceptAuthAddress: true,
    })
    expect(verified).toMatchObject({ isError: false, fid: 2, authMethod: 'custody' })
  })

  it('still serves the wallet page itself on /', async () => {
    const response = await fetch(wallet.url)
    expect(response.status).toBe(200)
    expect(await response.text()).toContain('<title>Foyer mobile test wallet</title>')
  })

  it('is enabled from the CLI with --farcaster-relay-url and --farcaster-relay-key', async () => {
    const binPath = resolve(import.meta.dirname, '../mobile/bin.ts')
    const run = (...args: string[]) => {
      const child = spawn(process.execPath, ['--import', 'tsx', binPath, ...args], {
        stdio: ['ignore', 'pipe', 'pipe'],
      })
      let output = ''
      child.stdout!.on('data', (chunk: Buffer) => {
        output += chunk
      })
      child.stderr!.on('data', (chunk: Buffer) => {
        output += chunk
      })
      return { child, output: () => output }
    }
    const devnetFile = join(directory, 'devnet.json')
    const lone = run('--port', '0', '--devnet', devnetFile, '--farcaster-relay-url', relay.url)
    expect((await once(lone.child, 'exit'))[0]).toBe(2)
    expect(lone.output()).toContain('go together')

    const cli = run(
      ...['--port', '0', '--devnet', devnetFile],
      ...['--farcaster-relay-url', relay.url, '--farcaster-relay-key', relayKey],
    )
    try {
      const url = await new Promise<string>((resolveUrl, reject) => {
        const check = () => {
          const match = /Mobile test wallet listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(
            cli.output(),
          )
          if (match) resolveUrl(match[1]!)
        }
        cli.child.stdout!.on('data', check)
        cli.child.once('exit', (code) => reject(new Error(`exited with ${code}: ${cli.output()}`)))
      })
      const html = await (await fetch(`${url}/farcaster${query(link)}`)).text()
      expect(html).toContain('Alice Devnet (@alice, fid 1)')
      expect(html).toContain('<button type="submit">Approve</button>')
    } finally {
      cli.child.kill('SIGTERM')
      await once(cli.child, 'exit')
    }
  })
})
