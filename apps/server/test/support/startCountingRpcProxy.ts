import { createServer, type IncomingMessage } from 'node:http'
import type { AddressInfo } from 'node:net'

export type StartCountingRpcProxyReturnType = {
  /** The proxy's URL: use it as a network's RPC URL. */
  url: string
  /** JSON-RPC methods called through the proxy so far (one entry per call of a batch). */
  calls: () => readonly string[]
  stop: () => Promise<void>
}

/**
 * A loopback JSON-RPC endpoint that forwards every POST to `target` and records the methods
 * called, so a test can tell whether the server asked the network at all.
 */
export async function startCountingRpcProxy(parameters: {
  target: string
}): Promise<StartCountingRpcProxyReturnType> {
  const calls: string[] = []
  const server = createServer(async (request, response) => {
    try {
      const body = await readBody(request)
      const parsed = JSON.parse(body) as { method?: string } | { method?: string }[]
      for (const call of Array.isArray(parsed) ? parsed : [parsed]) calls.push(String(call.method))
      const upstream = await fetch(parameters.target, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body,
      })
      response.writeHead(upstream.status, { 'content-type': 'application/json' })
      response.end(Buffer.from(await upstream.arrayBuffer()))
    } catch (error) {
      response.writeHead(502, { 'content-type': 'text/plain' })
      response.end(String(error))
    }
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    calls: () => [...calls],
    stop: () =>
      new Promise((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = []
  for await (const chunk of request) chunks.push(chunk as Buffer)
  return Buffer.concat(chunks).toString('utf8')
}
