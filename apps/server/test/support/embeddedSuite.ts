import { createHash } from 'node:crypto'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Writable } from 'node:stream'
import {
  type AuthApi,
  AuthApiError,
  createHttpAuthApi,
  createSealingKeyPair,
  openSealedBox,
  withSigner,
} from '@foyer/frame'
import type { FastifyInstance } from 'fastify'
import { SignJWT } from 'jose'
import { sql } from 'kysely'
import { bytesToHex, hexToBytes, verifyMessage } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ChainConfig } from '../../src/chains/types.ts'
import type { FoyerDatabase } from '../../src/db/createDatabase.ts'
import {
  createEmbeddedWallet,
  type EmbeddedWallet,
} from '../../src/embedded/createEmbeddedWallet.ts'
import { deriveEmbeddedKey } from '../../src/embedded/embeddedSecrets.ts'
import { createServer } from '../../src/http/createServer.ts'
import { upsertProject } from '../../src/projects/projects.ts'
import { readEverything, tryToRebuild } from './embeddedAttacker.ts'
import {
  answerApprovalPage,
  codeOf,
  createCookieJar,
  latestMail,
  linkOf,
  mailCount,
} from './embeddedClient.ts'
import {
  createRecoveryKey,
  createShareSet,
  decryptBlob,
  encryptBlob,
  openKey,
  rebuildAddresses,
  sealKey,
  testScrypt,
  unwrapWithPassword,
  wrapWithPassword,
} from './embeddedCustody.ts'
import { createSoftAuthenticator } from './softAuthenticator.ts'

export type EmbeddedDatabaseFixture = { database: FoyerDatabase; stop: () => Promise<void> }

const projectId = 'foyer-dev'
/** A second project on the same server: its accounts, codes and sessions are its own. */
const otherProjectId = 'foyer-other'
let emailCounter = 0
const newEmail = () => `user${Date.now()}-${emailCounter++}@example.com`
const newDeviceId = () => `device-${crypto.randomUUID()}`

/** A chain the server knows: the frame page describes it to the approval view. */
const testChain: ChainConfig = {
  chainId: 31337,
  name: 'Foyer Test Chain',
  // Never called: the indexer is off and no route of these tests reads the chain.
  rpcUrl: 'http://127.0.0.1:9/rpc',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  tokens: [
    {
      address: '0x5FbDB2315678afecb367f032d93F642f64180aa3',
      symbol: 'USDC',
      name: 'USD Coin',
      decimals: 6,
    },
  ],
}

/**
 * A code as its own token: random 6 digits also occur inside timestamps and hashes, which would
 * make a plain `toContain` fail by chance.
 */
const standalone = (code: string) => new RegExp(`(?<![0-9A-Za-z])${code}(?![0-9A-Za-z])`)

/** A code that logged in (not a device waiting for approval). */
const loggedIn = <result extends object>(result: result) => {
  if (!('user' in result)) throw new Error(`expected a login, got ${JSON.stringify(result)}`)
  return result as Extract<result, { user: unknown }>
}

const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => {
      throw new Error('expected a failure')
    },
    (error: unknown) => {
      if (!(error instanceof AuthApiError)) throw error
      return error
    },
  )

type FrameConfigJson = {
  projectId: string
  operatorRecovery: boolean
  recoveryPublicKey?: string
  chains: Record<string, unknown>
}
const frameConfigOf = (html: string) =>
  JSON.parse(
    /<script type="application\/json" id="foyer-frame-config">(.*?)<\/script>/s.exec(html)![1]!,
  ) as FrameConfigJson

/** One running server (main + frame listener) and what a test needs to drive it over HTTP. */
type EmbeddedWorld = {
  server: FastifyInstance
  embedded: EmbeddedWallet
  frameUrl: string
  dataDir: string
  logLines: string[]
}

async function startWorld(
  database: FoyerDatabase,
  options: { operatorRecovery?: boolean } = {},
): Promise<EmbeddedWorld> {
  const dataDir = mkdtempSync(join(tmpdir(), 'foyer-embedded-test-'))
  const logLines: string[] = []
  const server = await createServer({
    database,
    dev: true,
    logger: false,
    indexer: { enabled: false },
    rateLimit: false,
    chains: [testChain],
  })
  const embedded = await createEmbeddedWallet({
    server,
    dev: true,
    dataDir,
    host: '127.0.0.1',
    framePort: 0,
    rateLimit: false,
    operatorRecovery: options.operatorRecovery,
    logger: {
      level: 'trace',
      stream: new Writable({
        write(chunk, _encoding, callback) {
          logLines.push(String(chunk))
          callback()
        },
      }),
    },
  })
  if (!embedded) throw new Error('embedded wallet did not start')
  const frameUrl = await embedded.listen()
  await server.ready()
  return { server, embedded, frameUrl, dataDir, logLines }
}

export function describeEmbeddedSuite(
  name: string,
  openDatabase: () => Promise<EmbeddedDatabaseFixture>,
): void {
  describe(name, () => {
    let fixture: EmbeddedDatabaseFixture
    let world: EmbeddedWorld

    beforeAll(async () => {
      fixture = await openDatabase()
      world = await startWorld(fixture.database)
      await upsertProject({
        db: fixture.database.db,
        id: otherProjectId,
        name: 'Another app',
        allowedOrigins: ['http://127.0.0.1:*'],
      })
    }, 60_000)

    afterAll(async () => {
      await world?.server.close()
      await fixture?.stop()
      if (world) rmSync(world.dataDir, { recursive: true, force: true })
    })

    const db = () => fixture.database.db

    /** One browser profile: a cookie jar and the frame's HTTP client under `project`. */
    const browser = (project = projectId, w: () => EmbeddedWorld = () => world) => {
      const jar = createCookieJar()
      return {
        jar,
        api: createHttpAuthApi({ baseUrl: w().frameUrl, projectId: project, fetch: jar.fetch }),
      }
    }
    /** The same cookies presented under another project. */
    const underProject = (jar: ReturnType<typeof createCookieJar>, project: string) =>
      createHttpAuthApi({ baseUrl: world.frameUrl, projectId: project, fetch: jar.fetch })
    const allowMailNow = (email: string) =>
      db()
        .updateTable('embedded_email_throttle')
        .set({ last_sent_at: sql<Date>`now() - interval '1 minute'` })
        .where('email', '=', email)
        .execute()
    /** A new account (or a known device): the emailed code logs in. */
    const login = async (
      api: AuthApi,
      email: string,
      deviceId: string,
      project = projectId,
      w: EmbeddedWorld = world,
    ) => {
      expect(await api.startEmailLogin({ email, deviceId, projectId: project })).toEqual({
        action: 'VERIFY_OTP',
      })
      const code = codeOf(await latestMail(w.server, email))
      return { code, result: loggedIn(await api.verifyEmailOtp({ email, otp: code, deviceId })) }
    }
    /**
     * A device the account never used: the code (the same answer as for a new address), then the
     * emailed page's Approve button (a link-approved session, started by the device's poll).
     */
    const loginNewDevice = async (email: string, project = projectId, w: EmbeddedWorld = world) => {
      await allowMailNow(email)
      const { api, jar } = browser(project, () => w)
      const deviceId = newDeviceId()
      expect(await api.startEmailLogin({ email, deviceId, projectId: project })).toEqual({
        action: 'VERIFY_OTP',
      })
      const code = codeOf(await latestMail(w.server, email))
      expect(await api.verifyEmailOtp({ email, otp: code, deviceId })).toEqual({
        action: 'VERIFY_DEVICE',
      })
      const answered = await answerApprovalPage(linkOf(await latestMail(w.server, email)))
      expect(answered.status).toBe(200)
      const { approved, user } = await api.checkDeviceApproval({ email, deviceId })
      expect(approved).toBe(true)
      return { api, jar, deviceId, user: user! }
    }
    /**
     * What the frame does on a wallet's first device: split, encrypt the recovery share under a new
     * recovery key, store the share set, and add a password recovery method.
     */
    const createWallet = async (api: AuthApi, deviceId: string, password?: string) => {
      const recoveryKey = createRecoveryKey()
      const set = await createShareSet({ deviceId, recoveryKey })
      expect(await api.putAuthShares(set.body)).toEqual({ ok: true })
      const method = password
        ? (
            await api.addRecoveryMethod({
              kind: 'password',
              wrappedKey: await wrapWithPassword(recoveryKey, password),
            })
          ).method
        : undefined
      return { ...set, recoveryKey, method }
    }

    it('logs a new visitor in with the emailed code and sets an httpOnly SameSite cookie', async () => {
      const { api, jar } = browser()
      const email = newEmail()
      expect((await api.getSession()).user).toBeNull()
      const { result } = await login(api, email, newDeviceId())
      expect(result.user.email).toBe(email)
      expect((await api.getSession()).user).toEqual(result.user)
      expect(jar.cookies.has('foyer_session')).toBe(true)

      const { api: other } = browser()
      const second = newEmail()
      await other.startEmailLogin({ email: second, deviceId: newDeviceId(), projectId })
      const code = codeOf(await latestMail(world.server, second))
      const verify = await fetch(
        `${world.frameUrl}/v1/embedded/email/verify?projectId=${projectId}`,
        {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ email: second, otp: code, deviceId: newDeviceId() }),
        },
      )
      const cookies = verify.headers.getSetCookie().join('\n')
      expect(cookies).toMatch(/foyer_session=[^;]+;.*HttpOnly; SameSite=Strict/)
      expect(cookies).not.toMatch(/Secure/)
    })

    it("answers a second login within 30 s with 'Please try again after {n} seconds'", async () => {
      const { api } = browser()
      const email = newEmail()
      const deviceId = newDeviceId()
      await api.startEmailLogin({ email, deviceId, projectId })
      const error = await failure(api.startEmailLogin({ email, deviceId, projectId }))
      expect(error.status).toBe(429)
      const seconds = Number(/^Please try again after (\d+) seconds$/.exec(error.shortMessage)?.[1])
      expect(seconds).toBeGreaterThan(0)
      expect(seconds).toBeLessThanOrEqual(30)
      expect(await mailCount(world.server, email)).toBe(1)
    })

    it('keeps only a keyed hash of the code in the database', async () => {
      const { api } = browser()
      const email = newEmail()
      await api.startEmailLogin({ email, deviceId: newDeviceId(), projectId })
      const code = codeOf(await latestMail(world.server, email))
      const rows = await db()
        .selectFrom('embedded_otps')
        .selectAll()
        .where('email', '=', email)
        .execute()
      expect(rows).toHaveLength(1)
      expect(rows[0]!.code_hash).toMatch(/^[0-9a-f]{64}$/)
      expect(JSON.stringify(rows)).not.toMatch(standalone(code))
    })

    it('kills the code after five wrong attempts, even for the right code', async () => {
      const { api } = browser()
      const email = newEmail()
      const deviceId = newDeviceId()
      await api.startEmailLogin({ email, deviceId, projectId })
      const code = codeOf(await latestMail(world.server, email))
      const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0')
      for (let i = 0; i < 5; i++) {
        const error = await failure(api.verifyEmailOtp({ email, otp: wrong, deviceId }))
        expect(error.status).toBe(400)
      }
      const error = await failure(api.verifyEmailOtp({ email, otp: code, deviceId }))
      expect(error.details).toBe('otp_attempts_exceeded')
      expect((await api.getSession()).user).toBeNull()
    })

    it('refuses a code used once already', async () => {
      const { api } = browser()
      const email = newEmail()
      const deviceId = newDeviceId()
      const { code } = await login(api, email, deviceId)
      const { api: attacker } = browser()
      const error = await failure(attacker.verifyEmailOtp({ email, otp: code, deviceId }))
      expect(error.details).toBe('invalid_otp')
      expect((await attacker.getSession()).user).toBeNull()
    })

    it('releases auth shares only to a session, stores them encrypted and the recovery share as given', async () => {
      const { api: anonymous } = browser()
      expect((await failure(anonymous.getAuthShares())).status).toBe(401)

      const { api } = browser()
      const deviceId = newDeviceId()
      const { result } = await login(api, newEmail(), deviceId)
      expect(await api.getAuthShares()).toEqual({ wallet: null })
      const wallet = await createWallet(api, deviceId)
      const shares = await api.getAuthShares()
      expect(shares.wallet).toEqual({
        addresses: wallet.addresses,
        operatorRecovery: false,
        recoveryMethods: [],
        shareSets: [
          {
            shareSetId: wallet.body.shareSetId,
            deviceId,
            authShare: bytesToHex(wallet.authShare),
            encryptedRecoveryShare: wallet.body.encryptedRecoveryShare,
            createdAt: expect.any(String),
          },
        ],
      })
      const rows = await db()
        .selectFrom('embedded_share_sets')
        .selectAll()
        .where('user_id', '=', result.user.userId)
        .execute()
      expect(rows).toHaveLength(1)
      expect(rows[0]!.operator_sealed_recovery_share).toBeNull()
      const stored = JSON.stringify(rows)
      const authShareHex = bytesToHex(wallet.authShare).slice(2)
      expect(stored).not.toContain(authShareHex)
      expect(stored).not.toContain(Buffer.from(authShareHex, 'hex').toString('base64url'))
      expect(stored).not.toContain(bytesToHex(wallet.recoveryShare).slice(2))

      // A share set of another device, another wallet's addresses, or a taken id are refused.
      const other = await createShareSet({
        deviceId: newDeviceId(),
        recoveryKey: wallet.recoveryKey,
      })
      expect((await failure(api.putAuthShares(other.body))).details).toBe('device_mismatch')
      const otherWalletHere = await createShareSet({ deviceId, recoveryKey: wallet.recoveryKey })
      expect((await failure(api.putAuthShares(otherWalletHere.body))).details).toBe(
        'address_mismatch',
      )
      expect((await failure(api.putAuthShares(wallet.body))).details).toBe('share_set_exists')
      // A session alone (an inbox, a forged session) cannot add junk shares to the wallet: the
      // wallet's key signs every share set, over its shares and its device.
      for (const junk of [
        { ...wallet.body, shareSetId: `set-${crypto.randomUUID()}` },
        { ...wallet.body, authShare: bytesToHex(wallet.deviceShare) },
        { ...other.body, deviceId, addresses: wallet.addresses },
        { ...wallet.body, signature: otherWalletHere.body.signature },
      ])
        expect((await failure(api.putAuthShares(junk))).details).toBe('invalid_signature')

      await api.signOut({})
      expect((await failure(api.getAuthShares())).status).toBe(401)
    })

    it('signs with the device share and the auth share the server released', async () => {
      const { api } = browser()
      const deviceId = newDeviceId()
      await login(api, newEmail(), deviceId)
      const wallet = await createWallet(api, deviceId)
      const { wallet: released } = await api.getAuthShares()
      const own = released!.shareSets.find((set) => set.deviceId === deviceId)!
      const message = 'Hello from the Foyer frame'
      const signature = await withSigner(
        [wallet.deviceShare, hexToBytes(own.authShare)],
        (accounts) => accounts.eip155.signMessage({ message }),
        { expectedAddresses: released!.addresses },
      )
      expect(await verifyMessage({ address: wallet.addresses.eip155, message, signature })).toBe(
        true,
      )
    })

    it('rotates the refresh token and revokes the session when a rotated one is reused', async () => {
      const { api, jar } = browser()
      await login(api, newEmail(), newDeviceId())
      const stolen = new Map(jar.cookies)
      const refreshed = await jar.fetch(
        `${world.frameUrl}/v1/embedded/session/refresh?projectId=${projectId}`,
        { method: 'POST' },
      )
      expect(refreshed.status).toBe(200)
      expect(jar.cookies.get('foyer_refresh')).not.toBe(stolen.get('foyer_refresh'))
      expect((await api.getSession()).user).not.toBeNull()

      // Someone replays the old refresh token: the whole session family dies.
      const replay = await fetch(
        `${world.frameUrl}/v1/embedded/session/refresh?projectId=${projectId}`,
        { method: 'POST', headers: { cookie: `foyer_refresh=${stolen.get('foyer_refresh')}` } },
      )
      expect(replay.status).toBe(401)
      expect((await api.getSession()).user).toBeNull()
    })

    it('refreshes a session from the refresh cookie alone', async () => {
      const { api, jar } = browser()
      const { result } = await login(api, newEmail(), newDeviceId())
      jar.cookies.delete('foyer_session')
      expect((await api.getSession()).user).toEqual(result.user)
      expect(jar.cookies.has('foyer_session')).toBe(true)
    })

    it('revokes the session on sign-out, also for copies of its cookies', async () => {
      const { api, jar } = browser()
      await login(api, newEmail(), newDeviceId())
      const copy = [...jar.cookies].map(([n, value]) => `${n}=${value}`).join('; ')
      expect(await api.signOut({})).toEqual({ ok: true })
      expect((await api.getSession()).user).toBeNull()
      const replay = await fetch(`${world.frameUrl}/v1/embedded/session?projectId=${projectId}`, {
        headers: { cookie: copy },
      })
      expect(((await replay.json()) as { user: unknown }).user).toBeNull()
    })

    it('verifies an unknown device by email link; the new device rebuilds with the recovery password', async () => {
      const email = newEmail()
      const first = browser()
      const firstDeviceId = newDeviceId()
      const { result } = await login(first.api, email, firstDeviceId)
      const password = 'correct horse battery staple'
      const created = await createWallet(first.api, firstDeviceId, password)
      await allowMailNow(email)

      const second = browser()
      const deviceId = newDeviceId()
      // The same answer as for an address without an account.
      expect(await second.api.startEmailLogin({ email, deviceId, projectId })).toEqual({
        action: 'VERIFY_OTP',
      })
      const code = codeOf(await latestMail(world.server, email))
      expect(await second.api.checkDeviceApproval({ email, deviceId })).toEqual({
        approved: false,
      })
      // The right code on a device the account never used: no session yet, an approval mail.
      expect(await second.api.verifyEmailOtp({ email, otp: code, deviceId })).toEqual({
        action: 'VERIFY_DEVICE',
      })
      expect((await second.api.getSession()).user).toBeNull()
      const mail = await latestMail(world.server, email)
      expect(mail.subject).toBe('Approve this device')
      expect(mail.text).toMatch(
        /Unknown browser on unknown system\n {2}\d{4}-\d\d-\d\d \d\d:\d\d UTC/,
      )
      const link = linkOf(mail)
      expect(new URL(link).origin).toBe(world.frameUrl)
      const page = await fetch(link)
      expect(page.status).toBe(200)
      expect(await page.text()).toContain('Approve this device?')
      // Opening the page changed nothing.
      expect(await second.api.checkDeviceApproval({ email, deviceId })).toEqual({
        approved: false,
      })
      expect(await (await answerApprovalPage(link)).text()).toContain('Device approved')
      const approved = await second.api.checkDeviceApproval({ email, deviceId })
      expect(approved).toEqual({ approved: true, user: result.user })
      const { user } = approved
      expect(user!.userId).toBe(result.user.userId)
      expect((await second.api.getSession()).user).toEqual(result.user)
      // Taken once: the approval is spent, the link is dead.
      expect(await second.api.checkDeviceApproval({ email, deviceId })).toEqual({
        approved: false,
      })
      expect((await fetch(link)).status).toBe(400)

      // The new device: an auth share, the encrypted recovery share, the password method.
      const { wallet } = await second.api.getAuthShares()
      expect(wallet!.recoveryMethods).toEqual([created.method])
      const [set] = wallet!.shareSets
      const recoveryKey = await unwrapWithPassword(wallet!.recoveryMethods[0]!.wrappedKey, password)
      const recoveryShare = await decryptBlob(recoveryKey, set!.encryptedRecoveryShare)
      expect(
        await rebuildAddresses([hexToBytes(set!.authShare), recoveryShare], wallet!.addresses),
      ).toEqual(created.addresses)
      // It stores a share set of its own (a new split of the same entropy, same recovery key).
      const rejoined = await createShareSet({ deviceId, recoveryKey, entropy: created.entropy })
      expect(await second.api.putAuthShares(rejoined.body)).toEqual({ ok: true })
      expect((await second.api.getAuthShares()).wallet!.shareSets).toHaveLength(2)

      // The server re-seals nothing by default, even for a link-approved device.
      const released = await failure(
        second.api.releaseRecoveryShare({
          shareSetId: set!.shareSetId,
          framePublicKey: createSealingKeyPair().publicKey,
        }),
      )
      expect([released.status, released.details]).toEqual([403, 'operator_recovery_off'])
    })

    describe('the app the login is for (issue 22)', () => {
      const appOrigin = 'http://127.0.0.1:5173'
      /** A second device's right code, told which app it is for: the approval mail it causes. */
      const newDeviceCode = async (
        app: { name?: string; themeMode?: 'light' | 'dark' | 'system' } | undefined,
        origin: string | null = appOrigin,
      ) => {
        const email = newEmail()
        await login(browser().api, email, newDeviceId())
        await allowMailNow(email)
        const { api } = browser()
        const deviceId = newDeviceId()
        await api.startEmailLogin({ email, deviceId, projectId })
        const code = codeOf(await latestMail(world.server, email))
        return {
          email,
          /** The same code, told nothing of the app. */
          verifyPlain: () => api.verifyEmailOtp({ email, otp: code, deviceId }),
          verify: () =>
            api.verifyEmailOtp({
              email,
              otp: code,
              deviceId,
              ...(origin ? { appOrigin: origin } : {}),
              ...(app ? { app } : {}),
            }),
        }
      }
      /** The page's style element and whether the CSP allows exactly it. */
      const styleOf = (page: Response, html: string) => {
        const css = /<style>(.*?)<\/style>/s.exec(html)![1]!
        const hash = createHash('sha256').update(css).digest('base64')
        return { css, allowed: page.headers.get('content-security-policy')!.includes(hash) }
      }

      it('names the app beside its origin in the approval mail and page, as text only, shortened, in its dark mode', async () => {
        // Any page can call itself anything: markup, a right-to-left override, a line break, length.
        const name = `<img src=x onerror=alert(1)>\u202ELloyds\r\nBank ${'x'.repeat(80)}`
        const { email, verify } = await newDeviceCode({ name, themeMode: 'dark' })
        expect(await verify()).toEqual({ action: 'VERIFY_DEVICE' })

        const mail = await latestMail(world.server, email)
        const shown = `<img src=x onerror=alert(1)> Lloyds Bank ${'x'.repeat(6)}…`
        expect([...shown]).toHaveLength(48)
        expect(mail.subject).toBe(`Approve a new login to ${shown} (${appOrigin})`)
        expect(mail.text).toContain(`the app that calls itself "${shown}", at ${appOrigin}`)
        expect(mail.text).not.toMatch(/[\u202E\r]/)

        const page = await fetch(linkOf(mail))
        const html = await page.text()
        expect(html).not.toContain('<img')
        expect(html).not.toContain('\u202E')
        expect(html).toContain(
          `<h1>Approve a new login to &lt;img src=x onerror=alert(1)&gt; Lloyds Bank ${'x'.repeat(6)}… (${appOrigin})?</h1>`,
        )
        expect(html).toContain(`<dt>App address</dt><dd>${appOrigin}</dd>`)
        const style = styleOf(page, html)
        expect(style.allowed).toBe(true)
        expect(style.css).toContain('color-scheme:dark')
        expect(style.css).not.toContain('prefers-color-scheme')
        const row = await db()
          .selectFrom('embedded_device_approvals')
          .select(['app_origin', 'app_name', 'theme_mode'])
          .where('email', '=', email)
          .executeTakeFirstOrThrow()
        expect(row).toEqual({ app_origin: appOrigin, app_name: shown, theme_mode: 'dark' })

        // The answer page names the app again, in the same mode.
        const answered = await answerApprovalPage(linkOf(mail))
        const answeredHtml = await answered.text()
        expect(answeredHtml).toContain(`Go back to <strong>&lt;img src=x`)
        expect(styleOf(answered, answeredHtml).css).toContain('color-scheme:dark')
      })

      it('follows light mode, or the system setting without one; an unnamed app is its origin', async () => {
        const light = await newDeviceCode({ themeMode: 'light' })
        await light.verify()
        const lightMail = await latestMail(world.server, light.email)
        expect(lightMail.subject).toBe(`Approve a new login to ${appOrigin}`)
        const lightPage = await fetch(linkOf(lightMail))
        const lightHtml = await lightPage.text()
        expect(lightHtml).toContain(`Approve a new login to ${appOrigin}?`)
        expect(lightHtml).not.toContain('<dt>App</dt>')
        const lightStyle = styleOf(lightPage, lightHtml)
        expect([lightStyle.allowed, lightStyle.css.includes('color-scheme:light}')]).toEqual([
          true,
          true,
        ])
        expect(lightStyle.css).not.toContain('#111114')

        // An older frame tells nothing: the page as before, dark where the visitor's system is.
        const unsaid = await newDeviceCode(undefined, null)
        await unsaid.verify()
        const mail = await latestMail(world.server, unsaid.email)
        expect(mail.subject).toBe('Approve this device')
        const page = await fetch(linkOf(mail))
        const html = await page.text()
        expect(html).toContain('Approve this device?')
        const style = styleOf(page, html)
        expect(style.allowed).toBe(true)
        expect(style.css).toContain('@media (prefers-color-scheme:dark){')
      })

      it('refuses an app origin the project does not allow, and the code stays usable', async () => {
        const { email, verify, verifyPlain } = await newDeviceCode(
          { name: 'Your Bank', themeMode: 'light' },
          'https://yourbank.example',
        )
        const refused = await failure(verify())
        expect([refused.status, refused.details, refused.shortMessage]).toEqual([
          403,
          'origin_not_allowed',
          'Unauthorized: origin not allowed',
        ])
        // No approval mail went out, and the code was not spent on the refusal.
        expect(await mailCount(world.server, email)).toBe(2)
        expect(await verifyPlain()).toEqual({ action: 'VERIFY_DEVICE' })
        expect((await latestMail(world.server, email)).subject).toBe('Approve this device')
      })
    })

    it('changes the email with a code to the current and then to the new address', async () => {
      const { api } = browser()
      const email = newEmail()
      const next = newEmail()
      const { result } = await login(api, email, newDeviceId())
      await allowMailNow(email)
      expect(await api.startEmailUpdate({ newEmail: next })).toEqual({
        action: 'VERIFY_PRIMARY_OTP',
      })
      const primary = codeOf(await latestMail(world.server, email))
      expect(await api.verifyEmailUpdatePrimary({ otp: primary })).toEqual({
        action: 'VERIFY_SECONDARY_OTP',
      })
      expect(
        await api.verifyEmailUpdateSecondary({ otp: codeOf(await latestMail(world.server, next)) }),
      ).toEqual({ email: next })
      expect((await api.getSession()).user).toEqual({ userId: result.user.userId, email: next })
      const row = await db()
        .selectFrom('embedded_users')
        .selectAll()
        .where('id', '=', result.user.userId)
        .executeTakeFirstOrThrow()
      expect(row.email).toBe(next)
      expect(row.last_login_at).toBeNull()
    })

    it('serves the frame page with a strict CSP, its chains and no operator key by default', async () => {
      const page = await fetch(`${world.frameUrl}/?projectId=${projectId}`)
      expect(page.status).toBe(200)
      const csp = page.headers.get('content-security-policy') ?? ''
      expect(csp).toContain("default-src 'none'")
      expect(csp).toContain("script-src 'self'")
      expect(csp).toContain('frame-ancestors http://127.0.0.1:* http://localhost:*')
      const html = await page.text()
      expect(html).toContain('<script type="module" src="/frame.js">')
      const config = frameConfigOf(html)
      expect(config).toMatchObject({ projectId, operatorRecovery: false })
      expect(config).not.toHaveProperty('recoveryPublicKey')
      expect(config.chains).toEqual({
        [testChain.chainId]: {
          name: testChain.name,
          nativeCurrency: testChain.nativeCurrency,
          tokens: testChain.tokens,
        },
      })
      expect(world.embedded.recoveryPublicKey).toBeUndefined()
      expect((await fetch(`${world.frameUrl}/?projectId=nope`)).status).toBe(403)
      const script = await fetch(`${world.frameUrl}/frame.js`)
      expect(script.status).toBe(200)
      expect(script.headers.get('content-type')).toContain('javascript')
      expect((await script.text()).length).toBeGreaterThan(1000)
    }, 60_000)

    it('never writes a code, an approval token or a page token to the log', async () => {
      const before = world.logLines.join('').length
      const email = newEmail()
      const first = browser()
      const { code } = await login(first.api, email, newDeviceId())
      await allowMailNow(email)
      const second = browser()
      const deviceId = newDeviceId()
      await second.api.startEmailLogin({ email, deviceId, projectId })
      const secondCode = codeOf(await latestMail(world.server, email))
      await second.api.verifyEmailOtp({ email, otp: secondCode, deviceId })
      const link = linkOf(await latestMail(world.server, email))
      const html = await (await fetch(link)).text()
      expect((await answerApprovalPage(link)).status).toBe(200)
      const token = new URL(link).searchParams.get('token')!
      const csrf = /name="csrf" value="([^"]*)"/.exec(html)![1]!
      const log = world.logLines.join('').slice(before)
      // The requests were logged, without their secrets.
      expect(log).toContain('/v1/embedded/email/device/approve')
      expect(log).not.toMatch(standalone(code))
      expect(log).not.toMatch(standalone(secondCode))
      expect(log).not.toContain(token)
      expect(log).not.toContain(csrf)
      expect(log).not.toContain(second.jar.cookies.get('foyer_login') ?? 'no login cookie')
    })

    describe('custody: what the operator holds', () => {
      it('an operator holding the database (read and write) and every server secret cannot rebuild a wallet created in the default mode', async () => {
        // The visitor: a wallet with a password method, and a second device that joined through
        // a device request (so every custody table holds rows).
        const email = newEmail()
        const first = browser()
        const firstDeviceId = newDeviceId()
        await login(first.api, email, firstDeviceId)
        const password = 'a long recovery password only the visitor knows'
        const wallet = await createWallet(first.api, firstDeviceId, password)
        const second = await loginNewDevice(email)
        const deviceKeys = createSealingKeyPair()
        const { request } = await second.api.createDeviceRequest({
          publicKey: deviceKeys.publicKey,
        })
        await first.api.approveDeviceRequest({
          requestId: request.requestId,
          sealedKey: await sealKey(wallet.recoveryKey, request.publicKey),
        })
        const status = await second.api.getDeviceRequest({ requestId: request.requestId })
        const recoveryKey = await openKey(status.sealedKey!, deviceKeys.secretKey)
        expect(bytesToHex(recoveryKey)).toBe(bytesToHex(wallet.recoveryKey))
        const joined = await createShareSet({
          deviceId: second.deviceId,
          recoveryKey,
          entropy: wallet.entropy,
        })
        await second.api.putAuthShares(joined.body)

        // The attacker: every embedded_* row and the whole secrets file.
        const loot = await readEverything(db(), world.dataDir)
        expect(Object.keys(loot.secrets).sort()).toEqual(['sessionSecret', 'shareKey'])
        expect(Object.keys(loot.tables)).toEqual(
          expect.arrayContaining([
            'embedded_share_sets',
            'embedded_recovery_methods',
            'embedded_device_requests',
          ]),
        )
        // Nothing that rebuilds the wallet is stored as such.
        const dump = JSON.stringify(loot)
        for (const secret of [
          wallet.entropy,
          wallet.recoveryKey,
          wallet.recoveryShare,
          wallet.deviceShare,
          wallet.authShare,
          joined.recoveryShare,
          joined.deviceShare,
          joined.authShare,
        ])
          expect(dump).not.toContain(bytesToHex(secret).slice(2))

        const attack = await tryToRebuild(loot, wallet.addresses, {
          passwordGuesses: ['password', '123456', email, 'correct horse battery staple'],
        })
        expect(attack.material).toBeGreaterThan(20)
        expect(attack.rebuilt).toBe(false)
        // The auth shares the server can decrypt, with each other, do not rebuild it either.
        const authShares = (await first.api.getAuthShares()).wallet!.shareSets.map((set) =>
          hexToBytes(set.authShare),
        )
        expect(authShares).toHaveLength(2)
        await expect(
          rebuildAddresses([authShares[0]!, authShares[1]!], wallet.addresses),
        ).rejects.toThrow()

        // Controls: the same attack with the recovery key, or the right password, succeeds, so a
        // server that kept either would fail this test.
        expect(
          (await tryToRebuild(loot, wallet.addresses, { extraKeys: [wallet.recoveryKey] })).rebuilt,
        ).toBe(true)
        expect(
          (await tryToRebuild(loot, wallet.addresses, { passwordGuesses: [password] })).rebuilt,
        ).toBe(true)
      }, 60_000)

      it('a forged approved session gets no recovery share', async () => {
        const email = newEmail()
        const { api } = browser()
        const deviceId = newDeviceId()
        const { result } = await login(api, email, deviceId)
        const wallet = await createWallet(api, deviceId, 'another strong recovery password')

        // The attacker writes a session row for a device "approved by link" and signs its token.
        const { sessionSecret } = JSON.parse(
          readFileSync(join(world.dataDir, 'embedded-secrets.json'), 'utf8'),
        ) as { sessionSecret: string }
        const sessionId = crypto.randomUUID()
        await db()
          .insertInto('embedded_sessions')
          .values({
            id: sessionId,
            project_id: projectId,
            user_id: result.user.userId,
            device_id: newDeviceId(),
            device_approved: true,
            revoked_at: null,
          })
          .execute()
        const token = await new SignJWT({ sid: sessionId, pid: projectId })
          .setProtectedHeader({ alg: 'HS256' })
          .setSubject(result.user.userId)
          .setIssuer('foyer')
          .setAudience('foyer-frame')
          .setIssuedAt()
          .setExpirationTime('5m')
          // The access-token key is the secret's HKDF subkey for that purpose.
          .sign(deriveEmbeddedKey(Buffer.from(sessionSecret, 'hex'), 'sessionJwt'))
        const forged = createHttpAuthApi({
          baseUrl: world.frameUrl,
          projectId,
          fetch: (input, init = {}) => {
            const headers = new Headers(init.headers)
            headers.set('cookie', `foyer_session=${token}`)
            return fetch(input, { ...init, headers })
          },
        })
        expect((await forged.getSession()).user?.userId).toBe(result.user.userId)
        const released = await failure(
          forged.releaseRecoveryShare({
            shareSetId: wallet.body.shareSetId,
            framePublicKey: createSealingKeyPair().publicKey,
          }),
        )
        expect([released.status, released.details]).toEqual([403, 'operator_recovery_off'])

        // What it does get is what the database holds: an auth share and opaque blobs.
        const { wallet: stolen } = await forged.getAuthShares()
        expect(stolen!.shareSets).toHaveLength(1)
        const loot = {
          tables: { stolen: [stolen as unknown as Record<string, unknown>] },
          secrets: { sessionSecret },
        }
        expect((await tryToRebuild(loot, wallet.addresses)).rebuilt).toBe(false)
        expect(
          (await tryToRebuild(loot, wallet.addresses, { extraKeys: [wallet.recoveryKey] })).rebuilt,
        ).toBe(true)
        // A session without a share set of its own cannot hand out anything either.
        const { request } = await forged.createDeviceRequest({
          publicKey: createSealingKeyPair().publicKey,
        })
        expect(
          (
            await failure(
              forged.approveDeviceRequest({
                requestId: request.requestId,
                sealedKey: await sealKey(createRecoveryKey(), createSealingKeyPair().publicKey),
              }),
            )
          ).details,
        ).toBe('device_not_verified')
      }, 30_000)

      it('refuses an operator-sealed recovery share outside operator-recovery mode', async () => {
        const { api } = browser()
        const deviceId = newDeviceId()
        await login(api, newEmail(), deviceId)
        const set = await createShareSet({
          deviceId,
          recoveryKey: createRecoveryKey(),
          operatorPublicKey: createSealingKeyPair().publicKey,
        })
        const refused = await failure(api.putAuthShares(set.body))
        expect([refused.status, refused.details]).toEqual([400, 'operator_recovery_off'])
        expect(await api.getAuthShares()).toEqual({ wallet: null })
      })
    })

    describe('recovery methods', () => {
      it('are added only by a device holding a share set, kept opaque, at most 10', async () => {
        const email = newEmail()
        const { api } = browser()
        const deviceId = newDeviceId()
        await login(api, email, deviceId)
        const recoveryKey = createRecoveryKey()
        const wrappedKey = await wrapWithPassword(recoveryKey, 'password of the visitor')
        // No wallet yet: this device has no share set, so no recovery key to wrap.
        expect(
          (await failure(api.addRecoveryMethod({ kind: 'password', wrappedKey }))).details,
        ).toBe('device_not_verified')
        const wallet = await createWallet(api, deviceId)
        // Nor does a new device of the same account, link-approved or not.
        const second = await loginNewDevice(email)
        expect(
          (await failure(second.api.addRecoveryMethod({ kind: 'password', wrappedKey }))).details,
        ).toBe('device_not_verified')

        const { method } = await api.addRecoveryMethod({ kind: 'password', wrappedKey })
        expect(method).toEqual({
          id: expect.any(String),
          kind: 'password',
          wrappedKey,
          createdAt: expect.any(String),
        })
        // A passkey method: the recovery key under a key from the passkey's PRF output.
        const { iv, ciphertext } = await encryptBlob(createRecoveryKey(), wallet.recoveryKey)
        const passkey = {
          kind: 'passkey' as const,
          wrappedKey: {
            version: 1 as const,
            kdf: { name: 'hkdf-prf' as const, salt: bytesToHex(createRecoveryKey()) },
            iv,
            ciphertext,
          },
          credentialId: 'credential-id_base64url',
        }
        const added = (await api.addRecoveryMethod(passkey)).method
        expect(added).toMatchObject({ kind: 'passkey', credentialId: passkey.credentialId })
        expect((await api.getAuthShares()).wallet!.recoveryMethods).toEqual([method, added])

        // Weak or mismatched key derivation is refused: the database holder could guess offline.
        const weak = await wrapWithPassword(recoveryKey, 'pw', { ...testScrypt, N: 1024 })
        expect(
          (await failure(api.addRecoveryMethod({ kind: 'password', wrappedKey: weak }))).details,
        ).toBe('weak_kdf')
        expect(
          (await failure(api.addRecoveryMethod({ kind: 'passkey', wrappedKey }))).details,
        ).toBe('invalid_input')

        for (let i = 2; i < 10; i++) await api.addRecoveryMethod({ kind: 'password', wrappedKey })
        const tooMany = await failure(api.addRecoveryMethod({ kind: 'password', wrappedKey }))
        expect([tooMany.status, tooMany.details]).toEqual([409, 'too_many_methods'])
        expect((await api.getAuthShares()).wallet!.recoveryMethods).toHaveLength(10)
      }, 30_000)
    })

    describe('passkey login', () => {
      /** The frame as the demo opens it: on `localhost`, where WebAuthn works (the page's Origin). */
      const frameOrigin = () => `http://localhost:${new URL(world.frameUrl).port}`
      const passkeyBrowser = (project = projectId) => {
        const jar = createCookieJar()
        const withOrigin: typeof fetch = (input, init = {}) => {
          const headers = new Headers(init.headers)
          headers.set('origin', frameOrigin())
          return jar.fetch(input, { ...init, headers })
        }
        return {
          jar,
          api: createHttpAuthApi({
            baseUrl: world.frameUrl,
            projectId: project,
            fetch: withOrigin,
          }),
        }
      }
      /** An account with a wallet and a passkey registered (verified) by its first device. */
      const registered = async (project = projectId) => {
        const { api } = passkeyBrowser(project)
        const email = newEmail()
        const deviceId = newDeviceId()
        await login(api, email, deviceId, project)
        await createWallet(api, deviceId)
        const authenticator = createSoftAuthenticator({ origin: frameOrigin(), rpId: 'localhost' })
        const { options } = await api.passkeyRegisterOptions({})
        expect(options.rpId).toBe('localhost')
        const { credentialId } = await api.passkeyRegisterVerify({
          response: authenticator.register(options.challenge),
        })
        expect(credentialId).toBe(authenticator.credentialId)
        const { user } = await api.getSession()
        return { email, user: user!, authenticator }
      }
      const loginWith = async (
        authenticator: ReturnType<typeof createSoftAuthenticator>,
        overrides: Parameters<ReturnType<typeof createSoftAuthenticator>['assert']>[1] = {},
        project = projectId,
      ) => {
        const { api } = passkeyBrowser(project)
        const { options } = await api.passkeyLoginOptions({})
        const response = authenticator.assert(options.challenge, overrides)
        return {
          api,
          response,
          login: () => api.passkeyLoginVerify({ deviceId: newDeviceId(), response }),
        }
      }

      it('registers a verified passkey (public key, counter, transports) for the session user only', async () => {
        const { user, authenticator } = await registered()
        const row = await db()
          .selectFrom('embedded_passkeys')
          .selectAll()
          .where('credential_id', '=', authenticator.credentialId)
          .executeTakeFirstOrThrow()
        expect(row).toMatchObject({
          project_id: projectId,
          user_id: user.userId,
          rp_id: 'localhost',
          transports: ['internal'],
        })
        expect(Number(row.counter)).toBe(0)
        // Without a session, or on a device without the wallet: refused.
        const anonymous = passkeyBrowser().api
        expect((await failure(anonymous.passkeyRegisterOptions({}))).status).toBe(401)
        const { api } = passkeyBrowser()
        await login(api, newEmail(), newDeviceId())
        expect((await failure(api.passkeyRegisterOptions({}))).details).toBe('device_not_verified')
      }, 30_000)

      it('refuses a registration whose challenge, origin or RP ID is wrong', async () => {
        const { api } = passkeyBrowser()
        const deviceId = newDeviceId()
        await login(api, newEmail(), deviceId)
        await createWallet(api, deviceId)
        const authenticator = createSoftAuthenticator({ origin: frameOrigin(), rpId: 'localhost' })
        const unknownChallenge = authenticator.register(
          Buffer.from('not issued').toString('base64url'),
        )
        expect(
          (await failure(api.passkeyRegisterVerify({ response: unknownChallenge }))).details,
        ).toBe('passkey_refused')
        for (const override of [{ origin: 'http://evil.example' }, { rpId: 'evil.example' }]) {
          const { options } = await api.passkeyRegisterOptions({})
          const response = authenticator.register(options.challenge, override)
          expect((await failure(api.passkeyRegisterVerify({ response }))).details).toBe(
            'passkey_refused',
          )
        }
        expect(
          await db()
            .selectFrom('embedded_passkeys')
            .select('credential_id')
            .where('credential_id', '=', authenticator.credentialId)
            .execute(),
        ).toEqual([])
      }, 30_000)

      it('logs in with the right key: a session of its user in its project, device not link-approved', async () => {
        const { email, user, authenticator } = await registered()
        const { api, login: verify } = await loginWith(authenticator)
        expect(await verify()).toEqual({ user: { userId: user.userId, email } })
        expect(await api.getSession()).toEqual({ user: { userId: user.userId, email } })
        // The session gets the wallet (auth shares), like an email login.
        expect((await api.getAuthShares()).wallet?.shareSets).toHaveLength(1)
        const session = await db()
          .selectFrom('embedded_sessions')
          .selectAll()
          .where('user_id', '=', user.userId)
          .orderBy('created_at', 'desc')
          .executeTakeFirstOrThrow()
        expect([session.project_id, session.device_approved]).toEqual([projectId, false])
        const row = await db()
          .selectFrom('embedded_passkeys')
          .select('counter')
          .where('credential_id', '=', authenticator.credentialId)
          .executeTakeFirstOrThrow()
        expect(Number(row.counter)).toBe(1)
      }, 30_000)

      it('refuses a wrong signature, a replayed challenge, a wrong origin or RP ID, a lower counter', async () => {
        const { authenticator } = await registered()
        const refusedWith = async (overrides: Parameters<typeof authenticator.assert>[1]) => {
          const attempt = await loginWith(authenticator, overrides)
          const error = await failure(attempt.login())
          expect([error.status, error.details]).toEqual([401, 'passkey_refused'])
          expect(await attempt.api.getSession()).toEqual({ user: null })
        }
        await refusedWith({ forgeSignature: true })
        await refusedWith({ origin: 'http://evil.example' })
        await refusedWith({ rpId: 'evil.example' })

        const good = await loginWith(authenticator, { counter: 10 })
        await good.login()
        // The same assertion (and challenge) again: the challenge is gone.
        const replay = await failure(
          good.api.passkeyLoginVerify({ deviceId: newDeviceId(), response: good.response }),
        )
        expect(replay.details).toBe('passkey_refused')
        // A cloned authenticator's older counter.
        await refusedWith({ counter: 5 })
        await refusedWith({ counter: 10 })
        await (await loginWith(authenticator, { counter: 11 })).login()
      }, 30_000)

      it("refuses another project's passkey and another project's challenge", async () => {
        const { authenticator } = await registered(otherProjectId)
        const error = await failure((await loginWith(authenticator)).login())
        expect(error.details).toBe('passkey_refused')
        // A challenge of project B is not one of project A.
        const { api: other } = passkeyBrowser(otherProjectId)
        const { options } = await other.passkeyLoginOptions({})
        const { api } = passkeyBrowser()
        const crossed = await failure(
          api.passkeyLoginVerify({
            deviceId: newDeviceId(),
            response: authenticator.assert(options.challenge),
          }),
        )
        expect(crossed.details).toBe('passkey_refused')
        // Under its own project it logs in.
        expect(
          (await (await loginWith(authenticator, {}, otherProjectId)).login()).user,
        ).toBeTruthy()
      }, 30_000)
    })

    describe('device requests', () => {
      /** An account with a wallet on a first device, and a second device logged in by link. */
      const twoDevices = async () => {
        const email = newEmail()
        const first = browser()
        const firstDeviceId = newDeviceId()
        await login(first.api, email, firstDeviceId)
        const wallet = await createWallet(first.api, firstDeviceId)
        const second = await loginNewDevice(email)
        return { email, first: { ...first, deviceId: firstDeviceId }, second, wallet }
      }

      it('relay the recovery key sealed by an existing device to the new device only', async () => {
        const { email, first, second, wallet } = await twoDevices()
        const third = await loginNewDevice(email)
        const keys = createSealingKeyPair()
        const { request } = await second.api.createDeviceRequest({ publicKey: keys.publicKey })
        expect(request).toEqual({
          requestId: expect.any(String),
          deviceId: second.deviceId,
          publicKey: keys.publicKey,
          createdAt: expect.any(String),
          expiresAt: expect.any(String),
        })
        expect(Date.parse(request.expiresAt) - Date.parse(request.createdAt)).toBe(10 * 60_000)
        expect(await second.api.getDeviceRequest({ requestId: request.requestId })).toEqual({
          status: 'pending',
        })
        // The existing device sees it; the requester does not see its own.
        expect((await first.api.listDeviceRequests()).requests).toEqual([request])
        expect((await second.api.listDeviceRequests()).requests).toEqual([])

        // A device without a share set of the wallet cannot approve.
        const sealedKey = await sealKey(wallet.recoveryKey, request.publicKey)
        const refused = await failure(
          third.api.approveDeviceRequest({ requestId: request.requestId, sealedKey }),
        )
        expect([refused.status, refused.details]).toEqual([403, 'device_not_verified'])

        expect(
          await first.api.approveDeviceRequest({ requestId: request.requestId, sealedKey }),
        ).toEqual({ ok: true })
        const again = await failure(
          first.api.approveDeviceRequest({ requestId: request.requestId, sealedKey }),
        )
        expect([again.status, again.details]).toEqual([409, 'already_approved'])

        // Only the requesting device reads the answer; the server stored the box as given.
        for (const other of [first.api, third.api])
          expect(
            (await failure(other.getDeviceRequest({ requestId: request.requestId }))).status,
          ).toBe(404)
        const answer = await second.api.getDeviceRequest({ requestId: request.requestId })
        expect(answer).toEqual({ status: 'approved', sealedKey })
        expect(bytesToHex(await openSealedBox(answer.sealedKey!, keys.secretKey))).toBe(
          bytesToHex(wallet.recoveryKey),
        )
        // Read again it is still the same answer; it is no longer listed as pending.
        expect(await second.api.getDeviceRequest({ requestId: request.requestId })).toEqual(answer)
        expect((await first.api.listDeviceRequests()).requests).toEqual([])
        const row = await db()
          .selectFrom('embedded_device_requests')
          .selectAll()
          .where('request_id', '=', request.requestId)
          .executeTakeFirstOrThrow()
        expect(row.sealed_key).toEqual(sealedKey)
        expect(row.consumed_at).not.toBeNull()
        // Another device's secret key does not open it.
        await expect(
          openSealedBox(answer.sealedKey!, createSealingKeyPair().secretKey),
        ).rejects.toThrow()
      })

      it('keep one pending request per device and expire after 10 minutes', async () => {
        const { first, second, wallet } = await twoDevices()
        const { request: replaced } = await second.api.createDeviceRequest({
          publicKey: createSealingKeyPair().publicKey,
        })
        const { request } = await second.api.createDeviceRequest({
          publicKey: createSealingKeyPair().publicKey,
        })
        expect(request.requestId).not.toBe(replaced.requestId)
        expect((await first.api.listDeviceRequests()).requests).toEqual([request])
        expect(
          (await failure(second.api.getDeviceRequest({ requestId: replaced.requestId }))).status,
        ).toBe(404)

        await db()
          .updateTable('embedded_device_requests')
          .set({ expires_at: new Date(Date.now() - 1000) })
          .where('request_id', '=', request.requestId)
          .execute()
        expect(await second.api.getDeviceRequest({ requestId: request.requestId })).toEqual({
          status: 'expired',
        })
        expect((await first.api.listDeviceRequests()).requests).toEqual([])
        const late = await failure(
          first.api.approveDeviceRequest({
            requestId: request.requestId,
            sealedKey: await sealKey(wallet.recoveryKey, request.publicKey),
          }),
        )
        expect([late.status, late.details]).toEqual([410, 'request_expired'])
        expect(await second.api.getDeviceRequest({ requestId: request.requestId })).toEqual({
          status: 'expired',
        })
      })

      it("are not visible to another account's devices", async () => {
        const { second } = await twoDevices()
        const stranger = await twoDevices()
        const { request } = await second.api.createDeviceRequest({
          publicKey: createSealingKeyPair().publicKey,
        })
        expect((await stranger.first.api.listDeviceRequests()).requests).toEqual([])
        const refused = await failure(
          stranger.first.api.approveDeviceRequest({
            requestId: request.requestId,
            sealedKey: await sealKey(stranger.wallet.recoveryKey, request.publicKey),
          }),
        )
        expect(refused.status).toBe(404)
      })
    })

    describe('project binding', () => {
      it('shares of project A are refused under project B', async () => {
        const email = newEmail()
        const { api, jar } = browser()
        const deviceId = newDeviceId()
        const { result } = await login(api, email, deviceId)
        const wallet = await createWallet(api, deviceId, 'recovery password of project A')
        const { request } = await api.createDeviceRequest({
          publicKey: createSealingKeyPair().publicKey,
        })

        const underB = underProject(jar, otherProjectId)
        const calls: [string, () => Promise<unknown>][] = [
          ['getAuthShares', () => underB.getAuthShares()],
          ['putAuthShares', () => underB.putAuthShares(wallet.body)],
          [
            'addRecoveryMethod',
            async () =>
              underB.addRecoveryMethod({
                kind: 'password',
                wrappedKey: await wrapWithPassword(wallet.recoveryKey, 'x'.repeat(20)),
              }),
          ],
          [
            'releaseRecoveryShare',
            () =>
              underB.releaseRecoveryShare({
                shareSetId: wallet.body.shareSetId,
                framePublicKey: createSealingKeyPair().publicKey,
              }),
          ],
          [
            'createDeviceRequest',
            () => underB.createDeviceRequest({ publicKey: createSealingKeyPair().publicKey }),
          ],
          ['listDeviceRequests', () => underB.listDeviceRequests()],
          [
            'approveDeviceRequest',
            async () =>
              underB.approveDeviceRequest({
                requestId: request.requestId,
                sealedKey: await sealKey(wallet.recoveryKey, request.publicKey),
              }),
          ],
          ['getDeviceRequest', () => underB.getDeviceRequest({ requestId: request.requestId })],
          ['startEmailUpdate', () => underB.startEmailUpdate({ newEmail: newEmail() })],
          ['signOut', () => underB.signOut({})],
        ]
        for (const [route, call] of calls) {
          const error = await failure(call())
          expect([route, error.status, error.details]).toEqual([route, 403, 'project_mismatch'])
        }
        // Under B the visitor is simply not signed in; the refresh token is not even rotated.
        expect(await underB.getSession()).toEqual({ user: null })
        const refreshToken = jar.cookies.get('foyer_refresh')
        jar.cookies.delete('foyer_session')
        const refresh = await jar.fetch(
          `${world.frameUrl}/v1/embedded/session/refresh?projectId=${otherProjectId}`,
          { method: 'POST' },
        )
        expect(refresh.status).toBe(403)
        expect(jar.cookies.get('foyer_refresh')).toBe(refreshToken)
        expect((await failure(underB.getAuthShares())).details).toBe('project_mismatch')
        // An unknown project is refused as such.
        const unknown = await failure(underProject(jar, 'no-such-project').getAuthShares())
        expect([unknown.status, unknown.details]).toEqual([403, 'invalid_project'])

        // Nothing changed under A, and the session still works there.
        const { wallet: stillA } = await api.getAuthShares()
        expect(stillA!.shareSets).toHaveLength(1)
        expect(stillA!.recoveryMethods).toHaveLength(1)
        expect((await api.getSession()).user).toEqual(result.user)
        expect((await api.listDeviceRequests()).requests).toEqual([])
      })

      it('a code issued under project A does not log in under project B; the same email there is another wallet', async () => {
        const email = newEmail()
        const a = browser()
        const deviceId = newDeviceId()
        const { result: userA } = await login(a.api, email, deviceId)
        const walletA = await createWallet(a.api, deviceId)

        await allowMailNow(email)
        expect(await a.api.startEmailLogin({ email, deviceId, projectId })).toEqual({
          action: 'VERIFY_OTP',
        })
        const codeA = codeOf(await latestMail(world.server, email))
        const b = browser(otherProjectId)
        const refused = await failure(b.api.verifyEmailOtp({ email, otp: codeA, deviceId }))
        expect(refused.details).toBe('invalid_otp')
        expect((await b.api.getSession()).user).toBeNull()

        // Under B the email is a new account: a code for it, a session, no wallet.
        const { result: userB } = await login(b.api, email, deviceId, otherProjectId)
        expect(userB.user.email).toBe(email)
        expect(userB.user.userId).not.toBe(userA.user.userId)
        expect(await b.api.getAuthShares()).toEqual({ wallet: null })
        const walletB = await createWallet(b.api, deviceId)
        expect(walletB.addresses).not.toEqual(walletA.addresses)
        expect((await b.api.getAuthShares()).wallet!.addresses).toEqual(walletB.addresses)
        // A's code, never used, still logs in under A only.
        expect(loggedIn(await a.api.verifyEmailOtp({ email, otp: codeA, deviceId })).user).toEqual(
          userA.user,
        )
        expect((await a.api.getAuthShares()).wallet!.addresses).toEqual(walletA.addresses)
      })

      it('an approval link issued under project A does not approve the device under project B', async () => {
        const email = newEmail()
        const deviceId = newDeviceId()
        await login(browser().api, email, deviceId)
        await login(browser(otherProjectId).api, email, deviceId, otherProjectId)
        await allowMailNow(email)

        const newDevice = newDeviceId()
        const a = browser()
        const b = browser(otherProjectId)
        await a.api.startEmailLogin({ email, deviceId: newDevice, projectId })
        const codeA = codeOf(await latestMail(world.server, email))
        expect(await a.api.verifyEmailOtp({ email, otp: codeA, deviceId: newDevice })).toEqual({
          action: 'VERIFY_DEVICE',
        })
        const linkA = linkOf(await latestMail(world.server, email))
        // Cooldowns are per project too: B may mail at once.
        await b.api.startEmailLogin({ email, deviceId: newDevice, projectId: otherProjectId })
        const codeB = codeOf(await latestMail(world.server, email))
        expect(await b.api.verifyEmailOtp({ email, otp: codeB, deviceId: newDevice })).toEqual({
          action: 'VERIFY_DEVICE',
        })
        expect((await answerApprovalPage(linkA)).status).toBe(200)
        expect(await b.api.checkDeviceApproval({ email, deviceId: newDevice })).toEqual({
          approved: false,
        })
        const approved = await a.api.checkDeviceApproval({ email, deviceId: newDevice })
        expect(approved.approved).toBe(true)
        expect(approved.user?.email).toBe(email)
        expect((await b.api.getSession()).user).toBeNull()
      })
    })

    describe('operator-recovery mode', () => {
      let operatorWorld: EmbeddedWorld
      beforeAll(async () => {
        operatorWorld = await startWorld(fixture.database, { operatorRecovery: true })
      }, 60_000)
      afterAll(async () => {
        await operatorWorld?.server.close()
        if (operatorWorld) rmSync(operatorWorld.dataDir, { recursive: true, force: true })
      })

      it('requires the operator-sealed recovery share and re-seals it to a link-approved device', async () => {
        const w = () => operatorWorld
        const operatorKey = operatorWorld.embedded.recoveryPublicKey!
        expect(operatorKey).toMatch(/^0x[0-9a-f]{64}$/)
        const config = frameConfigOf(
          await (await fetch(`${operatorWorld.frameUrl}/?projectId=${projectId}`)).text(),
        )
        expect(config).toMatchObject({ operatorRecovery: true, recoveryPublicKey: operatorKey })

        const email = newEmail()
        const { api } = browser(projectId, w)
        const deviceId = newDeviceId()
        await login(api, email, deviceId, projectId, operatorWorld)
        const recoveryKey = createRecoveryKey()
        const set = await createShareSet({ deviceId, recoveryKey, operatorPublicKey: operatorKey })
        const { operatorSealedRecoveryShare: _, ...withoutOperatorShare } = set.body
        const refused = await failure(api.putAuthShares(withoutOperatorShare))
        expect([refused.status, refused.details]).toEqual([400, 'operator_recovery_required'])
        expect(await api.putAuthShares(set.body)).toEqual({ ok: true })
        expect((await api.getAuthShares()).wallet!.operatorRecovery).toBe(true)

        // Not for a device that was not approved by the emailed link in this session.
        const frameKeys = createSealingKeyPair()
        const notApproved = await failure(
          api.releaseRecoveryShare({
            shareSetId: set.body.shareSetId,
            framePublicKey: frameKeys.publicKey,
          }),
        )
        expect([notApproved.status, notApproved.details]).toEqual([403, 'device_not_verified'])

        const second = await loginNewDevice(email, projectId, operatorWorld)
        const { sealedShare } = await second.api.releaseRecoveryShare({
          shareSetId: set.body.shareSetId,
          framePublicKey: frameKeys.publicKey,
        })
        const recoveryShare = await openSealedBox(sealedShare, frameKeys.secretKey)
        expect(bytesToHex(recoveryShare)).toBe(bytesToHex(set.recoveryShare))
        const { wallet } = await second.api.getAuthShares()
        expect(
          await rebuildAddresses(
            [hexToBytes(wallet!.shareSets[0]!.authShare), recoveryShare],
            wallet!.addresses,
          ),
        ).toEqual(set.addresses)

        // What the mode means: the operator's database and secrets now rebuild the wallet.
        const loot = await readEverything(db(), operatorWorld.dataDir)
        expect(loot.secrets.recoverySecretKey).toMatch(/^0x[0-9a-f]{64}$/)
        expect((await tryToRebuild(loot, set.addresses)).rebuilt).toBe(true)
      }, 60_000)
    })
  })
}
