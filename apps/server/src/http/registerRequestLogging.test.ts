import { Writable } from 'node:stream'
import Fastify, { LogController } from 'fastify'
import { describe, expect, it } from 'vitest'
import { registerRequestLogging } from './registerRequestLogging.ts'

/** A server logging into an array, with the given request logging. */
async function logged(parameters: Parameters<typeof registerRequestLogging>[1]) {
  const lines: { msg: string; level: number; req?: { headers?: unknown } }[] = []
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(JSON.parse(String(chunk)))
      done()
    },
  })
  const app = Fastify({
    logger: { level: 'info', stream },
    logController: new LogController({ disableRequestLogging: true }),
  })
  registerRequestLogging(app, parameters)
  app.get('/fast', async () => ({ ok: true }))
  app.get('/slow', async () => {
    await new Promise((resolve) => setTimeout(resolve, 30))
    return { ok: true }
  })
  app.get('/fails', async () => {
    throw new Error('boom')
  })
  await app.ready()
  return { app, lines }
}

describe('registerRequestLogging', () => {
  it('logs no line for a request by default', async () => {
    const { app, lines } = await logged({})
    for (let i = 0; i < 20; i++) await app.inject({ url: '/fast' })
    expect(lines.filter((line) => line.msg.includes('request'))).toEqual([])
  })

  it('logs the sampled share of requests, one line each', async () => {
    let draws = 0
    const { app, lines } = await logged({ sampleRate: 0.25, random: () => (draws++ % 4) / 4 })
    for (let i = 0; i < 20; i++) await app.inject({ url: '/fast' })
    expect(lines.filter((line) => line.msg === 'request completed')).toHaveLength(5)
  })

  it('always logs slow and failed requests', async () => {
    const { app, lines } = await logged({ slowRequestMs: 20 })
    await app.inject({ url: '/slow' })
    await app.inject({ url: '/fails' })
    await app.inject({ url: '/fast', headers: { authorization: 'Bearer secret' } })
    const messages = lines.map((line) => line.msg)
    expect(messages).toContain('slow request completed')
    expect(lines.find((line) => line.msg === 'request completed')?.level).toBe(50)
    expect(JSON.stringify(lines)).not.toContain('secret')
  })
})
