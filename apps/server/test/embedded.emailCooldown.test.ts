import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { readEmbeddedWalletOptions } from '../src/config.ts'
import { ConfigError } from '../src/errors.ts'
import { mailCount } from './support/embeddedClient.ts'
import { type EmbeddedServer, startEmbeddedServer } from './support/startEmbeddedServer.ts'

// Codes to one address go out at most once per 30 s (SPEC §5), over HTTP as the frame asks for
// them; an operator may set another cooldown (FOYER_EMAIL_COOLDOWN_SECONDS), as the local world's
// end-to-end run does.

const projectId = 'foyer-dev'
let counter = 0
const newEmail = () => `cooldown-${Date.now()}-${counter++}@example.com`

/** The frame asks for a login code for `email`; resolves the status and the JSON answer. */
async function startLogin(world: EmbeddedServer, email: string) {
  const response = await fetch(`${world.frameUrl}/v1/embedded/email/start?projectId=${projectId}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, deviceId: `device-${crypto.randomUUID()}`, projectId }),
  })
  return { status: response.status, body: (await response.json()) as Record<string, unknown> }
}

const waitAnswer = (seconds: number) => ({
  status: 429,
  body: {
    error: 'rate_limited',
    message: `Please try again after ${seconds} seconds`,
    retryAfterSeconds: seconds,
  },
})

describe('the cooldown between code mails to one address', () => {
  let standard: EmbeddedServer
  let short: EmbeddedServer
  beforeAll(async () => {
    standard = await startEmbeddedServer()
    // Only the cooldown from the environment: its other defaults (rate limits, proof of work)
    // would answer the repeated starts below with their own 429s.
    const { emailCooldownSeconds } = readEmbeddedWalletOptions({
      FOYER_EMAIL_COOLDOWN_SECONDS: '2',
    })
    short = await startEmbeddedServer({ emailCooldownSeconds })
  }, 240_000)
  afterAll(async () => {
    await standard?.stop()
    await short?.stop()
  })

  it("answers a second login within 30 s with 'Please try again after 30 seconds' and sends no mail", async () => {
    const email = newEmail()
    expect(await startLogin(standard, email)).toEqual({
      status: 200,
      body: { action: 'VERIFY_OTP' },
    })
    // Rounded up from the time left: 30 right after the first mail (29 on a slow machine).
    expect([waitAnswer(30), waitAnswer(29)]).toContainEqual(await startLogin(standard, email))
    expect(await mailCount(standard.server, email)).toBe(1)
  })

  it('with FOYER_EMAIL_COOLDOWN_SECONDS=2, mails the address again once 2 s have passed', async () => {
    const email = newEmail()
    expect((await startLogin(short, email)).status).toBe(200)
    expect([waitAnswer(2), waitAnswer(1)]).toContainEqual(await startLogin(short, email))
    await expect
      .poll(async () => (await startLogin(short, email)).status, { timeout: 20_000, interval: 250 })
      .toBe(200)
    expect(await mailCount(short.server, email)).toBe(2)
  })

  it('reads the cooldown from FOYER_EMAIL_COOLDOWN_SECONDS, 1 to 3600 s', () => {
    expect(readEmbeddedWalletOptions({})).not.toHaveProperty('emailCooldownSeconds')
    expect(readEmbeddedWalletOptions({ FOYER_EMAIL_COOLDOWN_SECONDS: '90' })).toMatchObject({
      emailCooldownSeconds: 90,
    })
    for (const refused of ['0', '3601', 'soon'])
      expect(() => readEmbeddedWalletOptions({ FOYER_EMAIL_COOLDOWN_SECONDS: refused })).toThrow(
        ConfigError,
      )
  })
})
