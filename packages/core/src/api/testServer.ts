// Test helper (not exported from the package): a real Foyer server on a real devnet, port 0.
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { createServer as createHttpServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { type Devnet, startDevnet } from '@foyer/devnet'
import { createServer } from '@foyer/server'

export type TestServer = {
  serverUrl: string
  projectId: string
  devnet: Devnet
  /** Indexes the devnet chains up to their heads (history and NFTs). */
  sync: () => Promise<void>
  stop: () => Promise<void>
}

/** The shared WalletConnect-format registry of the local world (113 wallets), when present. */
const sharedRegistryFile = fileURLToPath(
  new URL('../../../../data/wallet-registry/wallets.json', import.meta.url),
)

/**
 * Starts one anvil devnet (chain 31337), with `solana` also the LiteSVM cluster, and the Foyer
 * server with its `foyer-dev` project and the shared wallet registry (the built-in list when the
 * shared file is absent).
 */
export async function startTestServer(
  options: { solana?: boolean | undefined } = {},
): Promise<TestServer> {
  const tempDir = mkdtempSync(join(tmpdir(), 'foyer-core-api-'))
  const outFile = join(tempDir, 'devnet.json')
  const started = await startDevnet({
    chains: [{ chainId: 31337, port: 0 }],
    ...(options.solana ? { solana: { port: 0 } } : {}),
    outFile,
  })
  try {
    const app = await createServer({
      dataDir: 'memory://',
      devnetFile: outFile,
      dev: true,
      registryFile: existsSync(sharedRegistryFile) ? sharedRegistryFile : undefined,
      logger: false,
      rateLimit: false,
      indexer: { enabled: false },
      host: '127.0.0.1',
      port: 0,
    })
    await app.listen({ host: '127.0.0.1', port: 0 })
    const { port } = app.server.address() as AddressInfo
    return {
      serverUrl: `http://127.0.0.1:${port}`,
      projectId: 'foyer-dev',
      devnet: started.devnet,
      sync: () => app.foyer.indexer.sync(),
      async stop() {
        await app.close()
        await started.stop()
        rmSync(tempDir, { recursive: true, force: true })
      },
    }
  } catch (error) {
    await started.stop()
    rmSync(tempDir, { recursive: true, force: true })
    throw error
  }
}

/**
 * A plain HTTP server answering every request with the given status and JSON body, for the error
 * paths a healthy Foyer server does not produce on demand (5xx, 429).
 */
export async function startStatusServer(
  respond: (path: string) => { status: number; body?: unknown },
): Promise<{ url: string; requests: string[]; stop: () => Promise<void> }> {
  const requests: string[] = []
  const server: Server = createHttpServer((request, response) => {
    requests.push(request.url ?? '')
    const { status, body } = respond(new URL(request.url ?? '/', 'http://x').pathname)
    response.writeHead(status, { 'content-type': 'application/json' })
    response.end(body === undefined ? '' : JSON.stringify(body))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}
