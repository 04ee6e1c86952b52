import { createServer } from 'node:net'

/** A TCP port on 127.0.0.1 that was free a moment ago (for servers that cannot bind port 0). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.unref()
    server.on('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      const port = typeof address === 'object' && address ? address.port : 0
      server.close(() => resolve(port))
    })
  })
}

/**
 * Starts a server on a free port, trying another one when the start fails: between `freePort()`
 * and the server's own bind another process may take the port.
 */
export async function startOnFreePort<T>(
  start: (port: number) => Promise<T>,
  attempts = 3,
): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await start(await freePort())
    } catch (error) {
      if (attempt >= attempts) throw error
    }
  }
}
