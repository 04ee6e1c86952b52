import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { fileURLToPath } from 'node:url'
import { build } from 'esbuild'
import { chromium } from 'playwright-core'

/** One page (or script) a loopback server answers at its path. */
export type LoopbackRoute = {
  type: string
  body: () => string
  headers?: () => Record<string, string>
}

/**
 * Pages on loopback origins (each server its own port, so its own origin) for real-browser tests
 * and benchmarks of the frame: `serve` one origin's routes, `close` them all.
 */
export function createLoopbackPages() {
  const servers: Server[] = []
  return {
    async serve(routes: Record<string, LoopbackRoute>): Promise<string> {
      const server = createServer((request, response) => {
        const route = routes[new URL(request.url ?? '/', 'http://x').pathname]
        if (!route) {
          response.writeHead(404).end()
          return
        }
        response
          .writeHead(200, {
            'content-type': route.type,
            'cache-control': 'no-store',
            ...route.headers?.(),
          })
          .end(route.body())
      })
      servers.push(server)
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
      return `http://127.0.0.1:${(server.address() as AddressInfo).port}`
    },
    close: () =>
      Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve)))),
  }
}

/** A browser bundle (ES module) of a TypeScript entry, e.g. one of the test pages' scripts. */
export async function bundleForBrowser(entry: URL, options: { minify?: boolean } = {}) {
  const result = await build({
    entryPoints: [fileURLToPath(entry)],
    bundle: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    minify: options.minify ?? false,
    write: false,
    logLevel: 'silent',
  })
  return result.outputFiles[0]!.text
}

/** Debian's Chromium, headless, with the flags this offline machine needs. */
export function launchChromium() {
  return chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  })
}
