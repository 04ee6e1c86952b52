import type { FastifyInstance } from 'fastify'

/**
 * Graceful shutdown for keep-alive clients: once `close()` is called, every answer still being
 * sent says `Connection: close`, so its connection ends with it. Without this a request that was
 * in flight at close leaves its connection open until the keep-alive timeout (72 s in Fastify),
 * and `close()` waits that long. New requests are refused meanwhile (Fastify's 503 on closing).
 */
export function drainOnClose(app: FastifyInstance): { isClosing: () => boolean } {
  let closing = false
  app.addHook('preClose', async () => {
    closing = true
  })
  // A callback hook: an async one made a promise for every answer.
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (closing) reply.header('connection', 'close')
    done(null, payload)
  })
  // The fast lane (see `createFastLane`) answers nothing from then on.
  return { isClosing: () => closing }
}
