import { readFile } from 'node:fs/promises'
import { createServer as createHttpServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { resolve } from 'node:path'
import { createServer as createViteServer, defaultClientConditions, type Plugin } from 'vite'
import type { FarcasterTestAccount } from '../farcaster/approveFarcasterSignIn.ts'
import { createFarcasterPageHandler } from '../farcaster/farcasterPage.ts'
import { readFarcasterAccounts } from '../farcaster/readFarcasterAccounts.ts'
import { InvalidDevnetFileError, MobileWalletListenError } from './errors.ts'
import type { MobileWalletConfig, MobileWalletSolana } from './page/types.ts'

export type StartMobileWalletParameters = {
  /** Port on 127.0.0.1; 0 lets the OS pick one. Default 4403. */
  port?: number | undefined
  /** The devnet JSON written by `tools/devnet` (`{ chains, accounts }`). */
  devnetFile: string
  /** The relay the page uses unless its URL has `?relayUrl=`. Default `ws://127.0.0.1:4402`. */
  relayUrl?: string | undefined
  /** WalletConnect project id sent to the relay (the dev relay ignores it). Default `foyer-dev`. */
  projectId?: string | undefined
  /**
   * The Farcaster auth relay (tools/farcaster-relay) and its shared key, for the Sign In With
   * Farcaster page on `/farcaster` (the relay's `signInUrlBase`). Without it the page shows the
   * request but cannot approve it.
   */
  farcaster?: { relayUrl: string; relayKey: string } | undefined
}

export type StartMobileWalletReturnType = {
  /**
   * `http://127.0.0.1:<port>`; add `?uri=wc:…`, `?autoApprove=1`, `?relayUrl=…`, `?account=N`.
   * `<url>/farcaster?channelToken=…` is the Sign In With Farcaster page.
   */
  url: string
  port: number
  /** Stops serving the page. */
  close(): Promise<void>
}

export type StartMobileWalletErrorType = InvalidDevnetFileError | MobileWalletListenError

const defaultPort = 4403
const defaultRelayUrl = 'ws://127.0.0.1:4402'
const pageDir = resolve(import.meta.dirname, 'page')
const packageDir = resolve(import.meta.dirname, '../..')
const configModuleId = 'virtual:foyer-mobile-wallet'

/**
 * Serves the mobile test wallet page (Vite's dev server, in this process) on 127.0.0.1. The
 * devnet's chains and accounts and the relay URL are built into the page, so it makes no config
 * request. For development and tests only: the page holds anvil's well-known private keys.
 */
export async function startMobileWallet(
  parameters: StartMobileWalletParameters,
): Promise<StartMobileWalletReturnType> {
  const { port = defaultPort, relayUrl = defaultRelayUrl, projectId = 'foyer-dev' } = parameters
  const { devnet, farcasterAccounts } = await readWalletDevnet(parameters.devnetFile)
  const config: MobileWalletConfig = { devnet, relayUrl, projectId }
  // Served before Vite: its SPA fallback would answer /farcaster with the wallet page.
  const farcasterPage = createFarcasterPageHandler({
    relay: parameters.farcaster,
    accounts: farcasterAccounts,
    rpcUrl: devnet.chains[0]!.rpcUrl,
  })

  // Our own HTTP server with Vite as middleware: Vite's standalone server would install a
  // SIGTERM handler that exits the whole process, which a launcher or test harness must not get.
  const httpServer = createHttpServer()
  const vite = await createViteServer({
    configFile: false,
    envDir: false,
    root: pageDir,
    // Pre-bundled SDK modules are kept between runs, so a warm start serves the page at once.
    cacheDir: resolve(packageDir, 'node_modules/.vite/mobile-wallet'),
    logLevel: 'warn',
    clearScreen: false,
    appType: 'spa',
    plugins: [walletConfigPlugin(config)],
    // Foyer's packages from their TypeScript source (the `@foyer/source` export condition).
    resolve: { conditions: ['@foyer/source', ...defaultClientConditions] },
    // A tool page, not a project being edited: no file watching; Vite's client socket shares
    // the page's port (nothing is ever pushed on it).
    server: { middlewareMode: true, hmr: { server: httpServer }, watch: null },
    optimizeDeps: {
      entries: [resolve(pageDir, 'index.html')],
      include: [
        '@reown/walletkit',
        '@walletconnect/core',
        '@walletconnect/utils',
        'viem',
        'viem/accounts',
        '@solana/kit',
      ],
    },
  })
  httpServer.on('request', (request, response) => {
    if (!farcasterPage(request, response)) vite.middlewares(request, response)
  })
  try {
    await new Promise<void>((resolveListen, reject) => {
      httpServer.once('error', reject)
      httpServer.listen(port, '127.0.0.1', () => {
        httpServer.off('error', reject)
        resolveListen()
      })
    })
  } catch (error) {
    await vite.close()
    throw new MobileWalletListenError({ port, cause: error })
  }
  const address = httpServer.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${address.port}`,
    port: address.port,
    async close() {
      await vite.close()
      httpServer.closeAllConnections()
      await new Promise<void>((resolveClose) => httpServer.close(() => resolveClose()))
    },
  }
}

/** `virtual:foyer-mobile-wallet`: the page's configuration, as a module. */
function walletConfigPlugin(config: MobileWalletConfig): Plugin {
  const resolvedId = `\0${configModuleId}`
  return {
    name: 'foyer-mobile-wallet-config',
    resolveId: (source) => (source === configModuleId ? resolvedId : undefined),
    load: (id) => (id === resolvedId ? `export default ${JSON.stringify(config)}` : undefined),
  }
}

/**
 * Reads the chains, accounts and Solana cluster of a devnet file for the page, and its Farcaster
 * accounts for the server; other fields are not needed.
 */
async function readWalletDevnet(
  path: string,
): Promise<{ devnet: MobileWalletConfig['devnet']; farcasterAccounts: FarcasterTestAccount[] }> {
  let value: unknown
  try {
    value = JSON.parse(await readFile(path, 'utf8'))
  } catch (error) {
    throw new InvalidDevnetFileError({
      path,
      reason: (error as NodeJS.ErrnoException).code ? 'it cannot be read' : 'it is not JSON',
      cause: error,
    })
  }
  const { chains, accounts, solana } = (value ?? {}) as {
    chains?: unknown
    accounts?: unknown
    solana?: Partial<MobileWalletSolana>
  }
  const validChains =
    Array.isArray(chains) &&
    chains.length > 0 &&
    chains.every((chain) => Number.isInteger(chain?.chainId) && typeof chain.rpcUrl === 'string')
  const validAccounts =
    Array.isArray(accounts) &&
    accounts.length > 0 &&
    accounts.every(
      (account) => typeof account?.address === 'string' && typeof account.privateKey === 'string',
    )
  if (!validChains || !validAccounts) {
    throw new InvalidDevnetFileError({ path, reason: 'it has no chains or no accounts' })
  }
  return {
    devnet: {
      chains: (chains as MobileWalletConfig['devnet']['chains']).map(
        ({ chainId, name, rpcUrl, nativeCurrency }) => ({
          chainId,
          name: name ?? `Chain ${chainId}`,
          rpcUrl,
          nativeCurrency,
        }),
      ),
      accounts: (accounts as MobileWalletConfig['devnet']['accounts']).map(
        ({ address, privateKey }) => ({ address, privateKey }),
      ),
      solana: readSolana(solana),
    },
    farcasterAccounts: readFarcasterAccounts(value),
  }
}

/** The devnet's Solana cluster, if it has a usable one (older devnet files have none). */
function readSolana(
  solana: Partial<MobileWalletSolana> | undefined,
): MobileWalletSolana | undefined {
  if (
    typeof solana?.rpcUrl !== 'string' ||
    typeof solana.genesisHash !== 'string' ||
    !Array.isArray(solana.accounts) ||
    !solana.accounts.every(
      (account) => typeof account?.address === 'string' && Array.isArray(account.secretKey),
    )
  )
    return undefined
  return {
    rpcUrl: solana.rpcUrl,
    genesisHash: solana.genesisHash,
    accounts: solana.accounts.map(({ address, secretKey }) => ({ address, secretKey })),
  }
}
