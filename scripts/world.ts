/**
 * The local world: two anvil chains with the devnet contracts, the Foyer server, the WalletConnect
 * dev relay and the demo app, all on loopback. Used by `npm start` and by the end-to-end tests.
 */
import { type ChildProcess, spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { existsSync } from 'node:fs'
import { createServer as createNetServer } from 'node:net'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { stripVTControlCharacters } from 'node:util'
import { bundlerServerEnv, startBundler } from '@foyer/bundler'
import { type Devnet, devnetBundlerAccounts, startDevnet } from '@foyer/devnet'
import { createFarcasterRelay } from '@foyer/farcaster-relay'
import {
  createOnRampSandbox,
  createOnRampSandboxKey,
  onRampSandboxDefaults,
  onRampSandboxFromDevnet,
  onRampServerEnv,
} from '@foyer/onramp-sandbox'
import { startSocialProviders } from '@foyer/social-provider'

export const rootDir = resolve(dirname(fileURLToPath(import.meta.url)), '..')
/** The wallet registry snapshot the local world imports (113 WalletConnect listings with logos, MIT). */
export const sharedRegistryFile = resolve(rootDir, 'data/wallet-registry/wallets.json')

/** Fixed ports of the local world (ARCHITECTURE.md). */
export const worldPorts = {
  chainA: 8545,
  chainB: 8546,
  server: 4400,
  frame: 4401,
  relay: 4402,
  mobileWallet: 4403,
  oidc: 4404,
  farcasterRelay: 4405,
  onRamp: 4406,
  /** ERC-4337 bundlers (alto), chain A and chain B. */
  bundlerA: 4337,
  bundlerB: 4338,
  demo: 5173,
  solana: 8899,
  /** Bitcoin regtest (bcoin) behind an Esplora REST API. */
  bitcoin: 18443,
  /** The local Cosmos chain's CometBFT RPC. */
  cosmos: 26657,
  /** The local Polkadot chain (chopsticks): WebSocket and HTTP JSON-RPC. */
  polkadot: 9944,
} as const

export type WorldOptions = {
  /** 'dev' runs Vite's dev server; 'preview' builds the demo and serves the production build. */
  demo?: 'dev' | 'preview' | false
  devnetFile?: string
  dataDir?: string
  /**
   * Seconds between two code mails to one address (`FOYER_EMAIL_COOLDOWN_SECONDS`); the server's
   * default, the SPEC's 30 s, when unset. The end-to-end run sets it short.
   */
  emailCooldownSeconds?: number
  /**
   * Bits of the proof of work asked of email logins beyond the free ones from one network
   * (`FOYER_LOGIN_POW_BITS`); the server's default, 16, when unset. The end-to-end run sets fewer.
   */
  loginProofOfWorkBits?: number
  /**
   * Work on `dataDir` that must be done before the server opens it (PGlite allows one process per
   * data directory), e.g. the end-to-end run's projects: awaited just before the server starts, so
   * it runs beside the chains' start instead of before it.
   */
  beforeServer?: Promise<unknown>
  log?: (line: string) => void
}

export type World = {
  devnet: Devnet
  urls: Record<string, string>
  stop(): Promise<void>
}

/** Resolves when nothing listens on the port; rejects with an error naming the port otherwise. */
export function assertPortFree(port: number, what: string): Promise<void> {
  return new Promise((resolvePromise, reject) => {
    const probe = createNetServer()
    probe.once('error', (error: NodeJS.ErrnoException) => {
      reject(
        new Error(
          error.code === 'EADDRINUSE'
            ? `Port ${port} is already in use (needed for ${what}). Stop whatever listens on 127.0.0.1:${port} and try again.`
            : `Cannot listen on 127.0.0.1:${port} for ${what}: ${error.message}`,
        ),
      )
    })
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolvePromise()))
  })
}

type Child = { name: string; process: ChildProcess }

function startChild(
  name: string,
  args: string[],
  env: Record<string, string>,
  readyLine: RegExp,
  log: (line: string) => void,
  // Generous: on a loaded machine (tests beside the world's build) tsx alone can take a minute.
  timeoutMs = 180_000,
): Promise<Child> {
  const child = spawn(process.execPath, args, {
    cwd: rootDir,
    // Plain output: tools colour it under CI=true, and the ready line must match either way.
    env: { ...process.env, NO_COLOR: '1', FORCE_COLOR: '0', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  return new Promise((resolvePromise, reject) => {
    let output = ''
    const timer = setTimeout(() => {
      child.kill('SIGKILL')
      reject(new Error(`${name} did not become ready within ${timeoutMs / 1000} s:\n${output}`))
    }, timeoutMs)
    const onData = (chunk: Buffer) => {
      const text = stripVTControlCharacters(chunk.toString())
      output += text
      for (const line of text.split('\n')) if (line.trim()) log(`[${name}] ${line}`)
      if (readyLine.test(output)) {
        clearTimeout(timer)
        resolvePromise({ name, process: child })
      }
    }
    child.stdout?.on('data', onData)
    child.stderr?.on('data', onData)
    child.once('exit', (code, signal) => {
      clearTimeout(timer)
      reject(new Error(`${name} exited (${signal ?? code}) before it was ready:\n${output}`))
    })
  })
}

function stopChild(child: Child, timeoutMs = 5_000): Promise<void> {
  const { process: proc } = child
  if (proc.exitCode !== null || proc.signalCode !== null) return Promise.resolve()
  return new Promise((resolvePromise) => {
    const timer = setTimeout(() => proc.kill('SIGKILL'), timeoutMs)
    proc.once('exit', () => {
      clearTimeout(timer)
      resolvePromise()
    })
    proc.kill('SIGTERM')
  })
}

export async function startWorld(options: WorldOptions = {}): Promise<World> {
  const log = options.log ?? ((line) => console.log(line))
  const demo = options.demo ?? 'dev'
  const devnetFile = options.devnetFile ?? join(rootDir, 'devnet.json')
  const dataDir = options.dataDir ?? join(rootDir, '.foyer')

  const needed: Array<[number, string]> = [
    [worldPorts.chainA, 'anvil chain 31337'],
    [worldPorts.chainB, 'anvil chain 31338'],
    [worldPorts.server, 'the Foyer server'],
    [worldPorts.frame, 'the secure frame'],
    [worldPorts.solana, 'the Solana local RPC (LiteSVM)'],
    [worldPorts.bitcoin, 'the Bitcoin regtest node (Esplora API)'],
    [worldPorts.cosmos, 'the local Cosmos chain (CometBFT RPC)'],
    [worldPorts.polkadot, 'the local Polkadot chain (chopsticks)'],
    [worldPorts.oidc, 'the social login stand-in (OpenID provider)'],
    [worldPorts.farcasterRelay, 'the Farcaster auth relay'],
    [worldPorts.onRamp, 'the on-ramp sandbox'],
    [worldPorts.bundlerA, 'the ERC-4337 bundler of chain 31337'],
    [worldPorts.bundlerB, 'the ERC-4337 bundler of chain 31338'],
  ]
  const hasRelay = existsSync(join(rootDir, 'tools/dev-relay/src/bin.ts'))
  if (hasRelay) needed.push([worldPorts.relay, 'the WalletConnect dev relay'])
  const hasMobileWallet = existsSync(join(rootDir, 'tools/test-wallets/src/mobile/bin.ts'))
  if (hasMobileWallet) needed.push([worldPorts.mobileWallet, 'the mobile test wallet'])
  if (demo) needed.push([worldPorts.demo, 'the demo app'])
  for (const [port, what] of needed) await assertPortFree(port, what)

  const children: Child[] = []
  let stopDevnet: (() => Promise<void>) | undefined
  const stops: Array<() => Promise<void>> = []
  // Bundlers still starting when the world fails: waited for, so their stops are in `stops`.
  let bundlersStarting:
    | Promise<PromiseSettledResult<{ chainId: number; url: string }>[]>
    | undefined
  const stop = async () => {
    await bundlersStarting
    await Promise.all(children.splice(0).map((child) => stopChild(child)))
    await Promise.all(stops.splice(0).map((stopOne) => stopOne().catch(() => undefined)))
    await stopDevnet?.()
    stopDevnet = undefined
  }

  try {
    const started = await startDevnet({
      chains: [
        { chainId: 31337, port: worldPorts.chainA },
        { chainId: 31338, port: worldPorts.chainB },
      ],
      solana: { port: worldPorts.solana },
      bitcoin: { port: worldPorts.bitcoin },
      cosmos: { port: worldPorts.cosmos },
      polkadot: { port: worldPorts.polkadot },
      outFile: devnetFile,
    })
    stopDevnet = started.stop
    const { devnet } = started

    // Smart accounts: a real ERC-4337 bundler (alto) per chain, bundling for EntryPoint v0.7 with
    // keys of their own (indexes 13 and 14, funded by the devnet). Started now, awaited before the
    // server, which lists them; stopped with the world, before the chains.
    const bundlerKeys = devnetBundlerAccounts()
    const bundlerPorts = [worldPorts.bundlerA, worldPorts.bundlerB]
    bundlersStarting = Promise.allSettled(
      devnet.chains.slice(0, bundlerPorts.length).map(async (chain, index) => {
        const bundler = await startBundler({
          rpcUrl: chain.rpcUrl,
          port: bundlerPorts[index]!,
          entryPoints: [chain.contracts.entryPoint07],
          executorKey: bundlerKeys.executor.privateKey,
          utilityKey: bundlerKeys.utility.privateKey,
        })
        stops.push(() => bundler.stop())
        return { chainId: chain.chainId, url: bundler.url }
      }),
    )

    // Social login: one real OpenID provider posing as each provider, and a Farcaster auth relay
    // whose approvals come from the client stand-in on the mobile wallet's page.
    const frameCallbacks = ['127.0.0.1', 'localhost'].map(
      (host) => `http://${host}:${worldPorts.frame}/v1/embedded/social/callback`,
    )
    const social = await startSocialProviders({
      port: worldPorts.oidc,
      redirectUris: frameCallbacks,
    })
    stops.push(() => social.stop())
    const farcasterRelayKey = randomBytes(24).toString('hex')
    const farcasterRelay = await createFarcasterRelay({
      port: worldPorts.farcasterRelay,
      relayKey: farcasterRelayKey,
      signInUrlBase: `http://127.0.0.1:${worldPorts.mobileWallet}/farcaster`,
      rpcUrl: devnet.chains[0]!.rpcUrl,
    })
    stops.push(() => farcasterRelay.close())
    const socialEnv: Record<string, string> = {
      ...social.serverEnv(),
      FOYER_FARCASTER_RELAY_URL: farcasterRelay.url,
      // viem's connector reads Farcaster's ID and key registries; the devnet has them on chain A.
      FOYER_FARCASTER_RPC_URL: devnet.chains[0]!.rpcUrl,
    }

    // Buying crypto: a sandbox speaking Coinbase Onramp's API, whose checkout really sends from
    // the devnet's on-ramp treasury. Its key is made per start; the server gets the private half.
    const onRampKey = createOnRampSandboxKey('foyer-world')
    const onRamp = await createOnRampSandbox({
      port: worldPorts.onRamp,
      apiKey: onRampKey,
      ...onRampSandboxFromDevnet(devnet),
      eurUsd: onRampSandboxDefaults.eurUsd,
      // Seconds between "paid" and "sent", as with real providers: the dialog and Activity show
      // the purchase as pending first, long enough to be seen there on a loaded CI runner.
      deliveryDelayMs: 12_000,
    })
    stops.push(() => onRamp.close())
    const onRampEnv = onRampServerEnv({
      url: onRamp.url,
      apiKey: onRampKey,
      eurUsd: onRampSandboxDefaults.eurUsd,
      devnet,
    })

    // Both settled: a failure throws only once the other bundler has started (and can be stopped).
    const bundlersSettled = await bundlersStarting
    const bundlerFailure = bundlersSettled.find((result) => result.status === 'rejected')
    if (bundlerFailure) throw bundlerFailure.reason
    const bundlers = bundlersSettled.map(
      (result) => (result as PromiseFulfilledResult<{ chainId: number; url: string }>).value,
    )

    await options.beforeServer
    const tsx = ['--import', 'tsx']
    const services: Array<Promise<Child>> = [
      startChild(
        'server',
        [...tsx, 'apps/server/src/bin.ts', 'serve', '--dev'],
        {
          FOYER_HOST: '127.0.0.1',
          FOYER_PORT: String(worldPorts.server),
          FOYER_DATA_DIR: dataDir,
          FOYER_DEVNET_FILE: devnetFile,
          ...(existsSync(sharedRegistryFile) ? { FOYER_REGISTRY_FILE: sharedRegistryFile } : {}),
          ...socialEnv,
          ...onRampEnv,
          ...bundlerServerEnv(bundlers),
          ...(options.emailCooldownSeconds !== undefined
            ? { FOYER_EMAIL_COOLDOWN_SECONDS: String(options.emailCooldownSeconds) }
            : {}),
          ...(options.loginProofOfWorkBits !== undefined
            ? { FOYER_LOGIN_POW_BITS: String(options.loginProofOfWorkBits) }
            : {}),
        },
        /Foyer frame listening/,
        log,
      ),
    ]
    if (hasRelay) {
      services.push(
        startChild(
          'relay',
          [...tsx, 'tools/dev-relay/src/bin.ts', '--port', String(worldPorts.relay)],
          {},
          /Dev relay listening/,
          log,
        ),
      )
    }
    if (hasMobileWallet) {
      services.push(
        startChild(
          'mobile-wallet',
          [
            ...tsx,
            'tools/test-wallets/src/mobile/bin.ts',
            '--port',
            String(worldPorts.mobileWallet),
            '--devnet',
            devnetFile,
            '--relay-url',
            `ws://127.0.0.1:${worldPorts.relay}`,
            '--farcaster-relay-url',
            farcasterRelay.url,
            '--farcaster-relay-key',
            farcasterRelayKey,
          ],
          {},
          /Mobile test wallet listening/,
          log,
        ),
      )
    }
    if (demo) {
      const viteBin = join(rootDir, 'node_modules/vite/bin/vite.js')
      const demoEnv = { FOYER_DEVNET_FILE: devnetFile }
      if (demo === 'preview') {
        // A service that fails while the demo builds is reported with the others below (allSettled);
        // until then its rejection must not count as unhandled and end the process uncleaned.
        for (const service of services) service.catch(() => undefined)
        try {
          await startChild(
            'demo-build',
            [viteBin, 'build', 'apps/demo'],
            // A production build whoever starts it: under Vitest, NODE_ENV=test would otherwise
            // reach the build and ship React's development bundle (twice the size).
            { ...demoEnv, NODE_ENV: 'production' },
            /built in/,
            log,
            180_000,
          )
        } catch (error) {
          // The services already starting must be stopped with the world, not left running.
          for (const result of await Promise.allSettled(services))
            if (result.status === 'fulfilled') children.push(result.value)
          throw error
        }
      }
      services.push(
        startChild(
          'demo',
          [
            viteBin,
            demo === 'preview' ? 'preview' : 'serve',
            'apps/demo',
            '--host',
            '127.0.0.1',
            '--port',
            String(worldPorts.demo),
            '--strictPort',
          ],
          demoEnv,
          /Local:|127\.0\.0\.1:5173/,
          log,
        ),
      )
    }
    const settled = await Promise.allSettled(services)
    for (const result of settled) if (result.status === 'fulfilled') children.push(result.value)
    const failed = settled.find((result) => result.status === 'rejected')
    if (failed) throw (failed as PromiseRejectedResult).reason

    const urls: Record<string, string> = {
      'EVM chain A (31337)': devnet.chains[0]!.rpcUrl,
      'EVM chain B (31338)': devnet.chains[1]!.rpcUrl,
      ...(devnet.solana ? { 'Solana local RPC (LiteSVM)': devnet.solana.rpcUrl } : {}),
      ...(devnet.bitcoin ? { 'Bitcoin regtest (Esplora API)': devnet.bitcoin.esploraUrl } : {}),
      ...(devnet.cosmos ? { 'Cosmos local chain (CometBFT RPC)': devnet.cosmos.rpcUrl } : {}),
      ...(devnet.polkadot ? { 'Polkadot local chain (chopsticks)': devnet.polkadot.wsUrl } : {}),
      'Foyer server': `http://127.0.0.1:${worldPorts.server}`,
      'Secure frame (email login)': `http://127.0.0.1:${worldPorts.frame}`,
      'Dev mailbox': `http://127.0.0.1:${worldPorts.server}/dev/mailbox`,
      'Social login stand-in': social.url,
      'Farcaster auth relay': farcasterRelay.url,
      'On-ramp sandbox': onRamp.url,
    }
    for (const bundler of bundlers) urls[`ERC-4337 bundler (${bundler.chainId})`] = bundler.url
    if (hasRelay) urls['WalletConnect dev relay'] = `ws://127.0.0.1:${worldPorts.relay}`
    if (hasMobileWallet) urls['Mobile test wallet'] = `http://127.0.0.1:${worldPorts.mobileWallet}`
    if (demo) {
      urls['Demo app'] = `http://127.0.0.1:${worldPorts.demo}`
      urls['Demo with test wallet'] = `http://127.0.0.1:${worldPorts.demo}/?testWallet=1`
    }
    urls['devnet.json'] = devnetFile
    return { devnet, urls, stop }
  } catch (error) {
    await stop()
    throw error
  }
}
