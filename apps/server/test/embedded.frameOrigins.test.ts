import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { FastifyInstance } from 'fastify'
import { afterEach, describe, expect, it } from 'vitest'
import { createDatabase } from '../src/db/createDatabase.ts'
import { createEmbeddedWallet } from '../src/embedded/createEmbeddedWallet.ts'
import { createServer } from '../src/http/createServer.ts'

describe("the frame's origins", () => {
  let server: FastifyInstance | undefined
  let tempDir: string | undefined
  afterEach(async () => {
    await server?.close()
    if (tempDir) rmSync(tempDir, { recursive: true, force: true })
    server = undefined
    tempDir = undefined
  })

  const start = async (dev: boolean) => {
    tempDir = mkdtempSync(join(tmpdir(), 'foyer-frame-origins-'))
    const database = await createDatabase({ dataDir: 'memory://' })
    server = await createServer({ database, dev: true, logger: false, indexer: { enabled: false } })
    server.addHook('onClose', () => database.destroy())
    const embedded = await createEmbeddedWallet({
      server,
      dev,
      dataDir: tempDir,
      host: '127.0.0.1',
      framePort: 0,
      sessionSecret: randomBytes(32).toString('hex'),
      shareKey: randomBytes(32).toString('hex'),
      rateLimit: false,
      logger: false,
    })
    await server.ready()
    const url = await embedded!.listen()
    const port = new URL(url).port
    const post = (origin: string) =>
      embedded!.frame.inject({
        method: 'POST',
        url: '/v1/embedded/email/start?projectId=foyer-dev',
        headers: { origin },
        payload: {
          email: `origins-${randomBytes(4).toString('hex')}@example.com`,
          deviceId: 'device-123456789',
          projectId: 'foyer-dev',
        },
      })
    return { url, port, post }
  }

  it('in development, also takes writes from http://localhost:<port>, where passkeys work', async () => {
    const { url, port, post } = await start(true)
    expect(url).toBe(`http://127.0.0.1:${port}`)
    expect((await post(url)).statusCode).toBe(200)
    expect((await post(`http://localhost:${port}`)).statusCode).toBe(200)
    const other = await post('http://localhost:1')
    expect(other.statusCode).toBe(403)
    expect(other.json()).toMatchObject({ error: 'origin_not_allowed' })
  })

  it('outside development, only from its own origin', async () => {
    const { url, port, post } = await start(false)
    expect((await post(`http://localhost:${port}`)).statusCode).toBe(403)
    // The mailer is not configured here: the write passes the origin check and fails later.
    expect((await post(url)).json()).not.toMatchObject({ error: 'origin_not_allowed' })
  })
})
