import { createHash, createHmac, randomUUID } from 'node:crypto'
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { openTestDatabase } from '../../test/support/openTestDatabase.ts'
import type { FoyerDatabase } from '../db/createDatabase.ts'
import type { OutgoingMail } from '../mail/createMailer.ts'
import {
  createDeviceApprovals,
  type DeviceApprovalDependencies,
  deviceApprovalLifetimeMs,
  deviceApprovalPath,
  deviceBlocked,
  loginCookieName,
  registerLoginApprovalRoutes,
} from './deviceApproval.ts'
import { EmbeddedApiError } from './errors.ts'
import { hashToken } from './oneTimeCode.ts'
import type { EmbeddedSession } from './sessions.ts'

const key = new Uint8Array(32).fill(4)
const oldKey = new Uint8Array(32).fill(5)
const frameOrigin = 'https://wallet.example'
const otherFrameOrigin = 'https://wallet-2.example'
const chromeOnLinux =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36'

let database: FoyerDatabase
let closeDatabase: () => Promise<void> = async () => {}
beforeAll(async () => {
  ;({ database, close: closeDatabase } = await openTestDatabase())
})
afterAll(async () => {
  await closeDatabase()
})
afterEach(() => {
  vi.useRealTimers()
})

function setClock(ms: number) {
  vi.useFakeTimers({ toFake: ['Date'] })
  vi.setSystemTime(ms)
}

function fakeReply() {
  const headers: Record<string, unknown> = {}
  const reply = {
    getHeader: (name: string) => headers[name],
    header(name: string, value: unknown) {
      headers[name] = value
      return reply
    },
  }
  return { reply: reply as unknown as FastifyReply, setCookies: () => headers['set-cookie'] }
}

function approvals(options: Partial<DeviceApprovalDependencies> = {}) {
  const mails: OutgoingMail[] = []
  const deps: DeviceApprovalDependencies = {
    db: database.db,
    tokenKey: key,
    verifyingTokenKeys: [key],
    frameOrigin: () => frameOrigin,
    frameOrigins: () => [frameOrigin, otherFrameOrigin],
    send: async (mail) => {
      mails.push(mail)
    },
    ...options,
  }
  return { service: createDeviceApprovals(deps), mails, deps }
}

const newTarget = () => ({
  projectId: 'p1',
  email: `owner-${randomUUID()}@example.com`,
  deviceId: `device-${randomUUID()}`,
})
type Target = ReturnType<typeof newTarget>

/** Asks for an approval: the link's token, the login cookie's secret and the mail. */
async function ask(
  service: ReturnType<typeof createDeviceApprovals>,
  mails: OutgoingMail[],
  target: Target,
  app?: { origin: string; name?: string; themeMode?: 'light' | 'dark' | 'system' },
  userAgent = chromeOnLinux,
) {
  const { reply, setCookies } = fakeReply()
  const request = { headers: { 'user-agent': userAgent }, ip: '203.0.113.9' } as FastifyRequest
  await service.request(request, reply, target, app)
  const mail = mails.at(-1)!
  const link = new URL(/https?:\/\/\S+\/device\/approve\S+/.exec(mail.text)![0])
  const cookie = (setCookies() as string[])[0]!
  const secret = decodeURIComponent(cookie.split(';')[0]!.split('=')[1]!)
  return { token: link.searchParams.get('token')!, link, secret, cookie, mail }
}

async function server(service: ReturnType<typeof createDeviceApprovals>) {
  const app = Fastify()
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string' },
    (_request, body, done) => done(null, new URLSearchParams(body as string)),
  )
  service.register(app)
  await app.ready()
  return app
}

const csrfOf = (html: string) => /name="csrf" value="([^"]+)"/.exec(html)?.[1]

async function post(
  app: FastifyInstance,
  form: Record<string, string>,
  headers: Record<string, string> = { origin: frameOrigin, 'sec-fetch-site': 'same-origin' },
) {
  return app.inject({
    method: 'POST',
    url: deviceApprovalPath,
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    payload: new URLSearchParams(form).toString(),
  })
}

/** Opens the emailed page and answers it with its own form. */
async function answerOnPage(
  app: FastifyInstance,
  token: string,
  decision: string,
  headers?: Record<string, string>,
) {
  const page = await app.inject({ method: 'GET', url: `${deviceApprovalPath}?token=${token}` })
  return post(app, { token, csrf: csrfOf(page.body) ?? '', decision }, headers)
}

const session = (target: Target, deviceId = 'signed-in-device'): EmbeddedSession => ({
  sessionId: randomUUID(),
  projectId: target.projectId,
  userId: 'u',
  email: target.email,
  socialProvider: undefined,
  userName: undefined,
  deviceId,
  deviceApproved: false,
  startedAt: new Date(),
})

const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => {
      throw new Error('expected a failure')
    },
    (error: EmbeddedApiError) => error,
  )

describe('device approval: asking', () => {
  it('mails the owner a 30-minute link to the page naming the device, and gives the browser its login cookie', async () => {
    const start = Date.parse('2030-05-01T10:00:00Z')
    setClock(start)
    const { service, mails } = approvals({ placeLookup: async (ip) => `Lyon, FR (${ip})` })
    const target = newTarget()
    const { link, cookie, mail, token, secret } = await ask(service, mails, target)
    expect(link.origin + link.pathname).toBe(`${frameOrigin}/v1/embedded/email/device/approve`)
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/)
    expect(mail.to).toBe(target.email)
    expect(mail.subject).toBe('Approve this device')
    expect(mail.text).toContain('Chrome 126 on Linux')
    expect(mail.text).toContain('Lyon, FR (203.0.113.9)')
    expect(mail.text).toContain('2030-05-01 10:00 UTC')
    expect(cookie).toBe(
      `${loginCookieName}=${encodeURIComponent(secret)}; Path=/v1/embedded/email; Max-Age=1800; HttpOnly; SameSite=Strict; Secure`,
    )
    expect(deviceApprovalLifetimeMs).toBe(30 * 60_000)
    const row = await database.db
      .selectFrom('embedded_device_approvals')
      .selectAll()
      .where('email', '=', target.email)
      .executeTakeFirstOrThrow()
    // Only digests are kept.
    expect(row.token_hash).toBe(hashToken(key, token))
    expect(row.login_secret_hash).toBe(hashToken(key, secret))
    expect(row).toMatchObject({
      project_id: 'p1',
      device_id: target.deviceId,
      browser: 'Chrome 126',
      os: 'Linux',
      place: 'Lyon, FR (203.0.113.9)',
      approved_at: null,
      denied_at: null,
      consumed_at: null,
      app_origin: null,
      app_name: null,
      theme_mode: null,
    })
    expect(row.created_at.getTime()).toBe(start)
    expect(row.expires_at.getTime()).toBe(start + 30 * 60_000)
  })

  it('names the app in the mail and stores its origin, name and mode', async () => {
    const { service, mails } = approvals()
    const target = newTarget()
    const { mail } = await ask(service, mails, target, {
      origin: 'https://app.example',
      name: 'Acme',
      themeMode: 'dark',
    })
    expect(mail.subject).toBe('Approve a new login to Acme (https://app.example)')
    const row = await database.db
      .selectFrom('embedded_device_approvals')
      .selectAll()
      .where('email', '=', target.email)
      .executeTakeFirstOrThrow()
    expect(row).toMatchObject({
      app_origin: 'https://app.example',
      app_name: 'Acme',
      theme_mode: 'dark',
    })
    const unnamed = await ask(service, mails, newTarget(), { origin: 'https://b.example' })
    expect(unnamed.mail.subject).toBe('Approve a new login to https://b.example')
  })

  it('shows no place when the lookup fails or none is configured, and an http frame gets no Secure cookie', async () => {
    const failing = approvals({ placeLookup: async () => Promise.reject(new Error('down')) })
    const target = newTarget()
    await ask(failing.service, failing.mails, target)
    const row = await database.db
      .selectFrom('embedded_device_approvals')
      .select('place')
      .where('email', '=', target.email)
      .executeTakeFirstOrThrow()
    expect(row.place).toBeNull()
    const plain = approvals({ frameOrigin: () => 'http://127.0.0.1:4401' })
    const { cookie, link } = await ask(plain.service, plain.mails, newTarget())
    expect(cookie).not.toContain('Secure')
    expect(link.origin).toBe('http://127.0.0.1:4401')
  })

  it('keeps one open approval per device: asking again replaces it, answered ones and other devices stay', async () => {
    const { service, mails } = approvals()
    const app = await server(service)
    const target = newTarget()
    const approved = await ask(service, mails, target)
    expect((await answerOnPage(app, approved.token, 'approve')).statusCode).toBe(200)
    const first = await ask(service, mails, target)
    const otherDevice = await ask(service, mails, { ...target, deviceId: 'another-device' })
    const otherProject = await ask(service, mails, { ...target, projectId: 'p2' })
    const otherEmail = await ask(service, mails, { ...target, email: `x${target.email}` })
    const second = await ask(service, mails, target)
    // The replaced link no longer opens.
    const old = await app.inject({
      method: 'GET',
      url: `${deviceApprovalPath}?token=${first.token}`,
    })
    expect(old.statusCode).toBe(400)
    for (const kept of [second, otherDevice, otherProject, otherEmail]) {
      const page = await app.inject({
        method: 'GET',
        url: `${deviceApprovalPath}?token=${kept.token}`,
      })
      expect(page.statusCode).toBe(200)
    }
    // The approved one is still there for its browser to take.
    expect(await service.take(target, approved.secret)).toBe('approved')
    await app.close()
  })
})

describe('device approval: the waiting browser', () => {
  it('is told open, then approved once, then nothing', async () => {
    const { service, mails } = approvals()
    const app = await server(service)
    const target = newTarget()
    const { token, secret } = await ask(service, mails, target)
    expect(await service.take(target, secret)).toBe('open')
    await answerOnPage(app, token, 'approve')
    expect(await service.take(target, secret)).toBe('approved')
    expect(await service.take(target, secret)).toBe('none')
    await app.close()
  })

  it('lets only one of two simultaneous takes have the approval', async () => {
    const { service, mails } = approvals()
    const app = await server(service)
    const target = newTarget()
    const { token, secret } = await ask(service, mails, target)
    await answerOnPage(app, token, 'approve')
    const results = await Promise.all([service.take(target, secret), service.take(target, secret)])
    expect(results.sort()).toEqual(['approved', 'none'])
    await app.close()
  })

  it('is told denied after "This wasn\'t me"', async () => {
    const { service, mails } = approvals()
    const app = await server(service)
    const target = newTarget()
    const { token, secret } = await ask(service, mails, target)
    await answerOnPage(app, token, 'deny')
    expect(await service.take(target, secret)).toBe('denied')
    await app.close()
  })

  it('gets nothing with another secret, device, account or project, or once the link expired', async () => {
    const start = Date.parse('2030-06-01T00:00:00Z')
    setClock(start)
    const { service, mails } = approvals()
    const target = newTarget()
    const { secret } = await ask(service, mails, target)
    expect(await service.take(target, 'not-the-secret')).toBe('none')
    expect(await service.take({ ...target, deviceId: 'other' }, secret)).toBe('none')
    expect(await service.take({ ...target, email: 'other@example.com' }, secret)).toBe('none')
    expect(await service.take({ ...target, projectId: 'p2' }, secret)).toBe('none')
    setClock(start + 30 * 60_000 - 1)
    expect(await service.take(target, secret)).toBe('open')
    setClock(start + 30 * 60_000)
    expect(await service.take(target, secret)).toBe('none')
  })

  it('takes with a login cookie digested under a key still in rotation', async () => {
    const before = approvals({ tokenKey: oldKey, verifyingTokenKeys: [oldKey] })
    const target = newTarget()
    const { secret } = await ask(before.service, before.mails, target)
    const after = approvals({ verifyingTokenKeys: [key, oldKey] })
    expect(await after.service.take(target, secret)).toBe('open')
    expect(await approvals().service.take(target, secret)).toBe('none')
  })

  it('clears the login cookie', () => {
    const { service } = approvals()
    const { reply, setCookies } = fakeReply()
    service.clearLoginCookie(reply)
    expect(setCookies()).toEqual([
      `${loginCookieName}=; Path=/v1/embedded/email; Max-Age=0; HttpOnly; SameSite=Strict; Secure`,
    ])
    const plain = approvals({ frameOrigin: () => 'http://127.0.0.1:4401' })
    const other = fakeReply()
    plain.service.clearLoginCookie(other.reply)
    expect(other.setCookies()).toEqual([
      `${loginCookieName}=; Path=/v1/embedded/email; Max-Age=0; HttpOnly; SameSite=Strict`,
    ])
  })
})

describe('device approval: the emailed page', () => {
  it('shows the device, place, app and time, and changes nothing when opened', async () => {
    const start = Date.parse('2030-05-01T10:00:00Z')
    setClock(start)
    const { service, mails } = approvals({ placeLookup: async () => 'Lyon, FR' })
    const app = await server(service)
    const target = newTarget()
    const { token, secret } = await ask(service, mails, target, {
      origin: 'https://app.example',
      name: 'Acme <script>',
    })
    const page = await app.inject({ method: 'GET', url: `${deviceApprovalPath}?token=${token}` })
    expect(page.statusCode).toBe(200)
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8')
    expect(page.headers['cache-control']).toBe('no-store')
    expect(page.headers['referrer-policy']).toBe('same-origin')
    expect(page.body).toContain(
      '<title>Approve a new login to Acme &lt;script&gt; (https://app.example)? · Foyer wallet</title>',
    )
    expect(page.body).toContain(
      `<p>A right login code for the wallet of <strong>${target.email}</strong> was entered on a device it has not used before to log in to <strong>Acme &lt;script&gt; (https://app.example)</strong>. Approve it only if this was you, just now.</p>`,
    )
    expect(page.body).toContain(
      '<p class="muted">Opening this page changed nothing; only these buttons do.',
    )
    expect(page.body).toContain('<meta name="robots" content="noindex">')
    expect(page.body).toContain(
      '<dt>App</dt><dd>Acme &lt;script&gt; <span class="muted">(the name it gives itself)</span></dd><dt>App address</dt><dd>https://app.example</dd>',
    )
    expect(page.body).toContain('<dt>Device</dt><dd>Chrome 126 on Linux</dd>')
    expect(page.body).toContain('<dt>Place</dt><dd>near Lyon, FR (approximate)</dd>')
    expect(page.body).toContain(
      '<time datetime="2030-05-01T10:00:00.000Z">2030-05-01 10:00 UTC</time>',
    )
    expect(page.body).toContain(`<form method="post" action="${deviceApprovalPath}">`)
    expect(page.body).toContain(`<input type="hidden" name="token" value="${token}">`)
    expect(page.body).toContain('value="approve">Approve this device</button>')
    expect(page.body).toContain('value="deny">This wasn\'t me</button>')
    expect(page.body).not.toContain('<script>')
    // The page token is bound to this approval and made with the server's key.
    const row = await database.db
      .selectFrom('embedded_device_approvals')
      .select('id')
      .where('email', '=', target.email)
      .executeTakeFirstOrThrow()
    expect(csrfOf(page.body)).toBe(
      createHmac('sha256', key).update(`approval-page\0${row.id}`).digest('base64url'),
    )
    // HEAD too shows only.
    await app.inject({ method: 'HEAD', url: `${deviceApprovalPath}?token=${token}` })
    expect(await service.take(target, secret)).toBe('open')
    await app.close()
  })

  it('says "Approve this device?" without an app or place', async () => {
    const { service, mails } = approvals()
    const app = await server(service)
    const { token } = await ask(service, mails, newTarget())
    const page = await app.inject({ method: 'GET', url: `${deviceApprovalPath}?token=${token}` })
    expect(page.body).toContain('<title>Approve this device? · Foyer wallet</title>')
    expect(page.body).not.toContain('<dt>Place</dt>')
    expect(page.body).not.toContain('<dt>App')
    expect(page.body).toContain('was entered on a device it has not used before. Approve it')
    await app.close()
  })

  it('allows no script, only its own inline style, and posts only to itself, in the app’s mode', async () => {
    const { service, mails } = approvals()
    const app = await server(service)
    for (const themeMode of ['light', 'dark', 'system'] as const) {
      const { token } = await ask(service, mails, newTarget(), {
        origin: 'https://app.example',
        themeMode,
      })
      const page = await app.inject({ method: 'GET', url: `${deviceApprovalPath}?token=${token}` })
      const style = /<style>([^<]*)<\/style>/.exec(page.body)![1]!
      const hash = createHash('sha256').update(style).digest('base64')
      expect(page.headers['content-security-policy']).toBe(
        `default-src 'none'; style-src 'sha256-${hash}'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'`,
      )
      // Keyboard focus stays visible.
      expect(style).toContain('button:focus-visible{outline:3px solid #3b82f6;outline-offset:2px}')
      const dark = 'body{background:#111114;color:#ececf0}'
      if (themeMode === 'light') expect(style).not.toContain(dark)
      if (themeMode === 'dark') expect(style).toContain(`:root{color-scheme:dark}`)
      if (themeMode === 'dark') expect(style).toContain(dark)
      if (themeMode === 'system')
        expect(style).toContain(`@media (prefers-color-scheme:dark){${dark}`)
    }
    await app.close()
  })

  it('answers 400 "Link not valid" for an unknown, answered or expired link', async () => {
    const start = Date.parse('2030-07-01T00:00:00Z')
    setClock(start)
    const { service, mails } = approvals()
    const app = await server(service)
    const notOpen = async (url: string) => {
      const page = await app.inject({ method: 'GET', url })
      expect(page.statusCode).toBe(400)
      expect(page.body).toContain('<title>Link not valid · Foyer wallet</title>')
      expect(page.body).toContain(
        '<p>This approval link is invalid, was already answered, or has expired. Nothing was changed. To log in, start again from the app.</p>',
      )
      expect(page.headers['cache-control']).toBe('no-store')
    }
    await notOpen(deviceApprovalPath)
    await notOpen(`${deviceApprovalPath}?token=unknown`)
    const answered = await ask(service, mails, newTarget())
    await answerOnPage(app, answered.token, 'deny')
    await notOpen(`${deviceApprovalPath}?token=${answered.token}`)
    const taken = newTarget()
    const approved = await ask(service, mails, taken)
    await answerOnPage(app, approved.token, 'approve')
    await service.take(taken, approved.secret)
    await notOpen(`${deviceApprovalPath}?token=${approved.token}`)
    const late = await ask(service, mails, newTarget())
    setClock(start + 30 * 60_000 - 1)
    expect(
      (await app.inject({ method: 'GET', url: `${deviceApprovalPath}?token=${late.token}` }))
        .statusCode,
    ).toBe(200)
    setClock(start + 30 * 60_000)
    await notOpen(`${deviceApprovalPath}?token=${late.token}`)
    await app.close()
  })
})

describe('device approval: answering on the page', () => {
  it('approves from the page’s form and says so, naming the app', async () => {
    const { service, mails } = approvals()
    const app = await server(service)
    const target = newTarget()
    const { token } = await ask(service, mails, target, {
      origin: 'https://app.example',
      name: 'Acme',
    })
    const answer = await answerOnPage(app, token, 'approve')
    expect(answer.statusCode).toBe(200)
    expect(answer.body).toContain('<title>Device approved · Foyer wallet</title>')
    expect(answer.body).toContain(
      '<p>Go back to <strong>Acme (https://app.example)</strong> on that device: it logs in by itself.</p>',
    )
    expect(answer.headers['content-security-policy']).toContain("form-action 'self'")
    expect(await service.isBlocked(target)).toBe(false)
    const plain = await ask(service, mails, newTarget())
    expect((await answerOnPage(app, plain.token, 'approve')).body).toContain(
      'Go back to the app on that device',
    )
    await app.close()
  })

  it('blocks the device on "This wasn\'t me" and mails the owner', async () => {
    const { service, mails } = approvals()
    const app = await server(service)
    const target = newTarget()
    const { token } = await ask(service, mails, target)
    const answer = await answerOnPage(app, token, 'deny')
    expect(answer.statusCode).toBe(200)
    expect(answer.body).toContain('<title>Device blocked · Foyer wallet</title>')
    expect(answer.body).toContain(
      '<p>That device was not logged in and cannot log in to your wallet. It had a right login code',
    )
    expect(answer.body).toContain('<p class="muted">We sent you an email about it.</p>')
    expect(mails.at(-1)).toMatchObject({
      to: target.email,
      subject: 'A device was blocked from your wallet',
    })
    expect(mails.at(-1)!.text).toContain('Chrome 126 on Linux')
    expect(await service.isBlocked(target)).toBe(true)
    expect(await service.isBlocked({ ...target, deviceId: 'other' })).toBe(false)
    expect(await service.isBlocked({ ...target, email: 'other@example.com' })).toBe(false)
    expect(await service.isBlocked({ ...target, projectId: 'p2' })).toBe(false)
    // Blocked again later: still one block, no error.
    const again = await ask(service, mails, target)
    expect((await answerOnPage(app, again.token, 'deny')).statusCode).toBe(200)
    expect(deviceBlocked()).toMatchObject({ statusCode: 403, code: 'device_blocked' })
    await app.close()
  })

  it('keeps the block when the notice cannot be mailed, and tells the operator', async () => {
    const onMailError = vi.fn()
    const failing = new Error('smtp down')
    let sent = 0
    const { service, deps } = approvals({ onMailError })
    const mails: OutgoingMail[] = []
    deps.send = async (mail) => {
      if (sent++ > 0) throw failing
      mails.push(mail)
    }
    const app = await server(service)
    const target = newTarget()
    const { token } = await ask(service, mails, target)
    expect((await answerOnPage(app, token, 'deny')).statusCode).toBe(200)
    expect(onMailError).toHaveBeenCalledWith(failing)
    expect(await service.isBlocked(target)).toBe(true)
    await app.close()
  })

  it('answers once: the second answer finds the link not open', async () => {
    const { service, mails } = approvals()
    const app = await server(service)
    const target = newTarget()
    const { token, secret } = await ask(service, mails, target)
    const page = await app.inject({ method: 'GET', url: `${deviceApprovalPath}?token=${token}` })
    const csrf = csrfOf(page.body)!
    expect((await post(app, { token, csrf, decision: 'approve' })).statusCode).toBe(200)
    const second = await post(app, { token, csrf, decision: 'deny' })
    expect(second.statusCode).toBe(400)
    expect(second.body).toContain('Link not valid')
    expect(await service.isBlocked(target)).toBe(false)
    expect(await service.take(target, secret)).toBe('approved')
    await app.close()
  })

  it('does not answer an expired link', async () => {
    const start = Date.parse('2030-08-01T00:00:00Z')
    setClock(start)
    const { service, mails } = approvals()
    const app = await server(service)
    const target = newTarget()
    const { token } = await ask(service, mails, target)
    const page = await app.inject({ method: 'GET', url: `${deviceApprovalPath}?token=${token}` })
    setClock(start + 30 * 60_000)
    const answer = await post(app, { token, csrf: csrfOf(page.body)!, decision: 'deny' })
    expect(answer.statusCode).toBe(400)
    expect(await service.isBlocked(target)).toBe(false)
    await app.close()
  })

  it('refuses a form from another origin, a cross-site request or one without Origin', async () => {
    const { service, mails } = approvals()
    const app = await server(service)
    const target = newTarget()
    const { token, secret } = await ask(service, mails, target)
    const forged = async (headers: Record<string, string>) => {
      const answer = await answerOnPage(app, token, 'approve', headers)
      expect(answer.statusCode).toBe(403)
      expect(answer.body).toContain('<title>Not sent from the approval page · Foyer wallet</title>')
      expect(answer.body).toContain(
        '<p>Nothing was changed. Open the link from the email and use the buttons on its page.</p>',
      )
      expect(answer.headers['cache-control']).toBe('no-store')
    }
    await forged({ origin: 'https://evil.example', 'sec-fetch-site': 'same-origin' })
    await forged({ origin: frameOrigin, 'sec-fetch-site': 'cross-site' })
    await forged({ origin: frameOrigin, 'sec-fetch-site': 'same-site' })
    await forged({ 'sec-fetch-site': 'same-origin' })
    expect(await service.take(target, secret)).toBe('open')
    // Every origin the frame is served on, and browsers that send no Sec-Fetch-Site.
    expect(
      (await answerOnPage(app, token, 'approve', { origin: otherFrameOrigin })).statusCode,
    ).toBe(200)
    expect(await service.take(target, secret)).toBe('approved')
    await app.close()
  })

  it('refuses a form without the page’s token, or with another approval’s', async () => {
    const { service, mails } = approvals()
    const app = await server(service)
    const target = newTarget()
    const { token, secret } = await ask(service, mails, target)
    const other = await ask(service, mails, newTarget())
    const otherPage = await app.inject({
      method: 'GET',
      url: `${deviceApprovalPath}?token=${other.token}`,
    })
    const page = await app.inject({ method: 'GET', url: `${deviceApprovalPath}?token=${token}` })
    const csrf = csrfOf(page.body)!
    for (const wrong of [csrfOf(otherPage.body)!, '', `${csrf}x`, csrf.slice(0, -1)]) {
      const answer = await post(app, { token, csrf: wrong, decision: 'approve' })
      expect(answer.statusCode).toBe(403)
      expect(answer.body).toContain('Not sent from the approval page')
    }
    expect((await post(app, { token, decision: 'approve' })).statusCode).toBe(403)
    expect(await service.take(target, secret)).toBe('open')
    await app.close()
  })

  it('accepts a page token made with a key still in rotation', async () => {
    const before = approvals({ tokenKey: oldKey, verifyingTokenKeys: [oldKey] })
    const beforeApp = await server(before.service)
    const target = newTarget()
    const { token, secret } = await ask(before.service, before.mails, target)
    const page = await beforeApp.inject({
      method: 'GET',
      url: `${deviceApprovalPath}?token=${token}`,
    })
    const after = approvals({ verifyingTokenKeys: [key, oldKey] })
    const afterApp = await server(after.service)
    const answer = await post(afterApp, { token, csrf: csrfOf(page.body)!, decision: 'approve' })
    expect(answer.statusCode).toBe(200)
    expect(await after.service.take(target, secret)).toBe('approved')
    await beforeApp.close()
    await afterApp.close()
  })

  it('answers 400 for an unknown link or decision, or a body that is no form', async () => {
    const { service, mails } = approvals()
    const app = await server(service)
    const target = newTarget()
    const { token, secret } = await ask(service, mails, target)
    const page = await app.inject({ method: 'GET', url: `${deviceApprovalPath}?token=${token}` })
    const csrf = csrfOf(page.body)!
    for (const decision of ['maybe', '']) {
      const answer = await post(app, { token, csrf, decision })
      expect(answer.statusCode).toBe(400)
      expect(answer.body).toContain('Link not valid')
    }
    expect((await post(app, { token, csrf })).statusCode).toBe(400)
    expect((await post(app, { token: 'unknown', csrf, decision: 'approve' })).statusCode).toBe(400)
    const json = await app.inject({
      method: 'POST',
      url: deviceApprovalPath,
      headers: { origin: frameOrigin, 'content-type': 'application/json' },
      payload: JSON.stringify({ token, csrf, decision: 'approve' }),
    })
    expect(json.statusCode).toBe(400)
    expect(json.body).toContain('Link not valid')
    expect(await service.take(target, secret)).toBe('open')
    await app.close()
  })
})

describe('device approval: from a signed-in device', () => {
  it('lists the account’s open approvals of other devices, oldest first', async () => {
    const start = Date.parse('2030-09-01T00:00:00Z')
    setClock(start)
    const { service, mails } = approvals({ placeLookup: async () => 'Oslo, NO' })
    const target = newTarget()
    await ask(service, mails, target)
    setClock(start + 1000)
    const second = { ...target, deviceId: 'second-device' }
    await ask(approvals().service, mails, second, undefined, 'curl/8.0')
    // The asking device's own, an answered one, another account's: not listed.
    await ask(service, mails, { ...target, deviceId: 'signed-in-device' })
    const answered = await ask(service, mails, { ...target, deviceId: 'answered-device' })
    const app = await server(service)
    await answerOnPage(app, answered.token, 'approve')
    await ask(service, mails, { ...target, email: `other-${target.email}` })
    await ask(service, mails, { ...target, projectId: 'p2' })
    const list = await service.listOpen(session(target))
    expect(list).toEqual([
      {
        approvalId: expect.any(String),
        browser: 'Chrome 126',
        os: 'Linux',
        place: 'Oslo, NO',
        createdAt: new Date(start).toISOString(),
        expiresAt: new Date(start + 30 * 60_000).toISOString(),
      },
      {
        approvalId: expect.any(String),
        browser: 'Unknown browser',
        os: 'unknown system',
        createdAt: new Date(start + 1000).toISOString(),
        expiresAt: new Date(start + 1000 + 30 * 60_000).toISOString(),
      },
    ])
    setClock(start + 30 * 60_000)
    expect(await service.listOpen(session(target))).toHaveLength(1)
    expect(await service.listOpen({ ...session(target), email: undefined })).toEqual([])
    await app.close()
  })

  it('approves or blocks another device of the account, once', async () => {
    const { service, mails } = approvals()
    const target = newTarget()
    const { secret } = await ask(service, mails, target)
    const [approval] = await service.listOpen(session(target))
    await service.answerFromDevice(session(target), approval!.approvalId, true)
    expect(await service.take(target, secret)).toBe('approved')
    const error = await failure(
      service.answerFromDevice(session(target), approval!.approvalId, false),
    )
    expect(error).toBeInstanceOf(EmbeddedApiError)
    expect(error).toMatchObject({
      statusCode: 409,
      code: 'already_answered',
      message: 'This login request was already answered or has expired',
    })
    expect(await service.isBlocked(target)).toBe(false)

    const blocked = newTarget()
    const asked = await ask(service, mails, blocked)
    const [open] = await service.listOpen(session(blocked))
    await service.answerFromDevice(session(blocked), open!.approvalId, false)
    expect(await service.take(blocked, asked.secret)).toBe('denied')
    expect(await service.isBlocked(blocked)).toBe(true)
    expect(mails.at(-1)!.subject).toBe('A device was blocked from your wallet')
  })

  it('answers 404 for another account’s approval, the device’s own, or without an email', async () => {
    const { service, mails } = approvals()
    const target = newTarget()
    const { secret } = await ask(service, mails, target)
    const [approval] = await service.listOpen(session(target))
    const id = approval!.approvalId
    const notFound = { statusCode: 404, code: 'not_found', message: 'Login request not found' }
    const stranger = newTarget()
    expect(await failure(service.answerFromDevice(session(stranger), id, true))).toMatchObject(
      notFound,
    )
    expect(
      await failure(service.answerFromDevice({ ...session(target), projectId: 'p2' }, id, true)),
    ).toMatchObject(notFound)
    expect(
      await failure(service.answerFromDevice(session(target, target.deviceId), id, true)),
    ).toMatchObject(notFound)
    expect(
      await failure(service.answerFromDevice({ ...session(target), email: undefined }, id, true)),
    ).toMatchObject(notFound)
    expect(await service.take(target, secret)).toBe('open')
  })

  it('serves the list and the answer to the signed-in device', async () => {
    const { service, mails } = approvals()
    const target = newTarget()
    const { secret } = await ask(service, mails, target)
    const app = Fastify()
    const parsed: unknown[] = []
    registerLoginApprovalRoutes(app, {
      approvals: service,
      requireSession: async () => session(target),
      parseBody: ((name: string, body: unknown) => {
        parsed.push({ name, body })
        return body
      }) as never,
    })
    const list = await app.inject({ method: 'GET', url: '/v1/embedded/login-approvals' })
    const { approvals: open } = list.json() as { approvals: { approvalId: string }[] }
    expect(open).toHaveLength(1)
    const answer = await app.inject({
      method: 'POST',
      url: '/v1/embedded/login-approvals/answer',
      payload: { approvalId: open[0]!.approvalId, approve: true },
    })
    expect(answer.json()).toEqual({ ok: true })
    expect(parsed).toEqual([
      { name: 'answerLoginApproval', body: { approvalId: open[0]!.approvalId, approve: true } },
    ])
    expect(await service.take(target, secret)).toBe('approved')
    await app.close()
  })
})
