import { createReadStream, existsSync, readFileSync, statSync } from 'node:fs'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { extname, join, normalize } from 'node:path'

const types: Record<string, string> = {
  '.html': 'text/html',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.svg': 'image/svg+xml',
}

export type ServeStaticOptions = {
  /** Headers added to every response, e.g. a Content-Security-Policy. */
  headers?: Readonly<Record<string, string>> | undefined
  /** Rewrites each HTML page before it is sent (e.g. to put a nonce into it, as a server would). */
  html?: ((html: string) => string) | undefined
}

export type StaticServer = { url: string; close: () => Promise<void> }

/** Serves the files under `root` (a production build) on a free local port. */
export function serveStatic(root: string, options: ServeStaticOptions = {}): Promise<StaticServer> {
  const server = createServer((request, response) => {
    const path = normalize(decodeURIComponent(new URL(request.url ?? '/', 'http://x').pathname))
    const file = join(root, path === '/' ? 'index.html' : path)
    if (!file.startsWith(root) || !existsSync(file) || !statSync(file).isFile()) {
      response.writeHead(404).end()
      return
    }
    const headers = {
      ...options.headers,
      'content-type': types[extname(file)] ?? 'application/octet-stream',
    }
    if (options.html && extname(file) === '.html') {
      response.writeHead(200, headers).end(options.html(readFileSync(file, 'utf8')))
      return
    }
    response.writeHead(200, headers)
    createReadStream(file).pipe(response)
  })
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo
      resolve({
        url: `http://127.0.0.1:${port}`,
        close: () =>
          new Promise((done) => {
            server.closeAllConnections()
            server.close(() => done())
          }),
      })
    })
  })
}
