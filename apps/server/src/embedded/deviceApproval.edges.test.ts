import { randomUUID } from 'node:crypto'
import Fastify, { type FastifyReply, type FastifyRequest } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openTestDatabase } from '../../test/support/openTestDatabase.ts'
import type { FoyerDatabase } from '../db/createDatabase.ts'
import type { OutgoingMail } from '../mail/createMailer.ts'
import { createDeviceApprovals, deviceApprovalPath, deviceBlocked } from './deviceApproval.ts'

// The edges of deviceApproval.test.ts's cases, kept apart so that changing them does not make the
// incremental mutation run re-run every mutant those tests killed (mutation/README.md).

const key = new Uint8Array(32).fill(6)
const frameOrigin = 'https://wallet.example'
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

function approvals() {
  const mails: OutgoingMail[] = []
  const service = createDeviceApprovals({
    db: database.db,
    tokenKey: key,
    verifyingTokenKeys: [key],
    frameOrigin: () => frameOrigin,
    frameOrigins: () => [frameOrigin],
    send: async (mail) => {
      mails.push(mail)
    },
  })
  return { service, mails }
}

const newTarget = () => ({
  projectId: 'p1',
  email: `edge-${randomUUID()}@example.com`,
  deviceId: `device-${randomUUID()}`,
})

/** Asks for an approval: the Set-Cookie headers given to the waiting browser and the link's token. */
async function ask(
  { service, mails }: ReturnType<typeof approvals>,
  app?: { origin: string; name?: string },
) {
  const headers: Record<string, unknown> = {}
  const reply = {
    getHeader: (name: string) => headers[name],
    header(name: string, value: unknown) {
      headers[name] = value
      return reply
    },
  } as unknown as FastifyReply
  const request = { headers: { 'user-agent': chromeOnLinux }, ip: '203.0.113.9' } as FastifyRequest
  await service.request(request, reply, newTarget(), app)
  const link = new URL(/https?:\/\/\S+\/device\/approve\S+/.exec(mails.at(-1)!.text)![0])
  return { cookies: headers['set-cookie'] as string[], token: link.searchParams.get('token')! }
}

async function openPage(approval: ReturnType<typeof approvals>, token: string) {
  const app = Fastify()
  approval.service.register(app)
  const page = await app.inject({ method: 'GET', url: `${deviceApprovalPath}?token=${token}` })
  await app.close()
  return page
}

/** The page's description list of the login (`<dl>…</dl>`). */
const detailsOf = (html: string) => /<dl>.*<\/dl>/.exec(html)?.[0]

describe('device approval: edges', () => {
  it('gives the waiting browser a cookie named foyer_login, the name the code-login route reads', async () => {
    const approval = approvals()
    const { cookies } = await ask(approval)
    expect(cookies).toHaveLength(1)
    expect(cookies[0]).toMatch(/^foyer_login=[A-Za-z0-9_-]{43}; Path=\/v1\/embedded\/email;/)
  })

  it('refuses a blocked device with a message saying why', () => {
    const error = deviceBlocked()
    expect(error.message).toBe(
      'This login was refused from the email ("This wasn\'t me"): this device cannot log in to this account',
    )
  })

  it('lists only the device and the time on a page without an app or a place', async () => {
    const approval = approvals()
    const { token } = await ask(approval)
    const page = await openPage(approval, token)
    expect(page.statusCode).toBe(200)
    expect(detailsOf(page.body)).toMatch(
      /^<dl><dt>Device<\/dt><dd>Chrome 126 on Linux<\/dd><dt>Time<\/dt><dd><time datetime="[^"]+">[^<]+<\/time><\/dd><\/dl>$/,
    )
  })

  it('shows only the address of an app that gave no name', async () => {
    const approval = approvals()
    const { token } = await ask(approval, { origin: 'https://app.example' })
    const page = await openPage(approval, token)
    expect(page.statusCode).toBe(200)
    expect(detailsOf(page.body)).toMatch(
      /^<dl><dt>App address<\/dt><dd>https:\/\/app\.example<\/dd><dt>Device<\/dt><dd>Chrome 126 on Linux<\/dd><dt>Time<\/dt>/,
    )
  })
})
