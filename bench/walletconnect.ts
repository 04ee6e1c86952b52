/**
 * WalletConnect over the dev relay, official SDKs on both sides (a dapp on UniversalProvider, a
 * WalletKit wallet that approves and signs at once), all in this process and on loopback:
 * - connect → approved: from `provider.connect()` to the settled session, a new dapp client and
 *   so a new pairing each run (client start-up is not timed);
 * - request round trip: `personal_sign` from `provider.request()` to the signature.
 * Fetches beyond loopback (the SDKs' verify and telemetry calls) are refused, never sent.
 */
import { randomBytes } from 'node:crypto'
import { performance } from 'node:perf_hooks'
import { createDevRelay } from '@foyer/dev-relay'
import { anvilDevAccounts, startAnvil } from '@foyer/devnet'
import { createNodeTestWallet, type NodeTestWallet } from '@foyer/walletconnect/test-wallet'
import type UniversalProvider from '@walletconnect/universal-provider'
import { type Hex, toHex, verifyMessage } from 'viem'
import { summarize, type Timings } from './timings.ts'

export type BenchWalletConnectParameters = {
  /** Connections measured, each on a new pairing. Default 10. */
  connectRuns?: number | undefined
  /** `personal_sign` round trips measured on the last session. Default 20. */
  requestRuns?: number | undefined
}

export type BenchWalletConnectReturnType = {
  connectApprovedMs: Timings
  requestRoundTripMs: Timings
}

const chainId = 31337
const namespaces = {
  eip155: {
    chains: [`eip155:${chainId}`],
    methods: ['personal_sign'],
    events: ['chainChanged', 'accountsChanged'],
  },
}

export async function benchWalletConnect(
  parameters: BenchWalletConnectParameters = {},
): Promise<BenchWalletConnectReturnType> {
  const { connectRuns = 10, requestRuns = 20 } = parameters
  const restoreOffline = goOffline()
  const teardowns: Array<() => Promise<unknown>> = []
  try {
    const [relay, anvil] = await Promise.all([
      createDevRelay({ port: 0 }),
      startAnvil({ chainId, port: 0 }),
    ])
    teardowns.push(
      () => relay.close(),
      () => anvil.stop(),
    )
    const wallet = await createNodeTestWallet({
      relayUrl: relay.url,
      privateKey: anvilDevAccounts()[0]!.privateKey,
      chains: [{ chainId, rpcUrl: anvil.rpcUrl }],
    })
    teardowns.push(() => wallet.close())
    const UniversalProviderClass = await loadUniversalProvider()

    const connectMs: number[] = []
    let provider: UniversalProvider | undefined
    for (let run = 0; run < connectRuns; run++) {
      provider = await UniversalProviderClass.init({
        relayUrl: relay.url,
        projectId: 'foyer-dev',
        metadata: {
          name: 'Foyer bench dapp',
          description: 'bench',
          url: 'http://127.0.0.1',
          icons: [],
        },
        customStoragePrefix: `bench-dapp-${randomBytes(4).toString('hex')}`,
        storageOptions: { database: ':memory:' },
        disableProviderPing: true,
        logger: 'silent',
      })
      const core = provider.client.core
      teardowns.push(async () => {
        core.heartbeat.stop()
        await core.relayer.transportClose()
      })
      connectMs.push(await timeConnect(provider, wallet))
    }

    const roundTripMs: number[] = []
    if (provider) {
      for (let run = 0; run < requestRuns; run++) {
        const message = `Foyer bench ${run}`
        const started = performance.now()
        const signature = await provider.request<Hex>(
          { method: 'personal_sign', params: [toHex(message), wallet.address] },
          `eip155:${chainId}`,
        )
        roundTripMs.push(performance.now() - started)
        if (!(await verifyMessage({ address: wallet.address, message, signature })))
          throw new Error('personal_sign returned a signature that does not verify')
      }
    }
    if (relay.unknownMethods.length > 0)
      throw new Error(`relay got unknown methods: ${JSON.stringify(relay.unknownMethods)}`)
    return { connectApprovedMs: summarize(connectMs), requestRoundTripMs: summarize(roundTripMs) }
  } finally {
    for (const teardown of teardowns.reverse()) await teardown()
    restoreOffline()
  }
}

/** The dapp shows a URI and the wallet "scans" it at once; times connect() to the session. */
async function timeConnect(provider: UniversalProvider, wallet: NodeTestWallet): Promise<number> {
  const pairingFailed = new Promise<never>((_, reject) => {
    provider.once('display_uri', (uri: string) => {
      wallet.pair(uri).catch(reject)
    })
  })
  const started = performance.now()
  const session = await Promise.race([
    provider.connect({ optionalNamespaces: namespaces }),
    pairingFailed,
  ])
  const elapsed = performance.now() - started
  if (!session?.namespaces.eip155?.accounts.includes(`eip155:${chainId}:${wallet.address}`))
    throw new Error('connect() settled without the wallet account')
  return elapsed
}

async function loadUniversalProvider(): Promise<typeof UniversalProvider> {
  const module = await import('@walletconnect/universal-provider')
  // Plain Node (CJS interop) nests the default export one level deeper than bundlers do.
  const exported = module.default as typeof UniversalProvider & {
    default?: typeof UniversalProvider
  }
  return exported.default ?? exported
}

/**
 * Several SDK clients in one process need DISABLE_GLOBAL_CORE; `fetch` answers only loopback.
 * Returns what undoes both.
 */
function goOffline(): () => void {
  const previousFlag = process.env.DISABLE_GLOBAL_CORE
  const realFetch = globalThis.fetch
  process.env.DISABLE_GLOBAL_CORE = 'true'
  globalThis.fetch = (input: string | URL | Request, init?: RequestInit) => {
    const url = new URL(input instanceof Request ? input.url : input)
    if (url.hostname === '127.0.0.1' || url.hostname === 'localhost') return realFetch(input, init)
    return Promise.reject(new TypeError(`fetch to ${url.hostname} refused: benchmark is offline`))
  }
  return () => {
    globalThis.fetch = realFetch
    if (previousFlag === undefined) delete process.env.DISABLE_GLOBAL_CORE
    else process.env.DISABLE_GLOBAL_CORE = previousFlag
  }
}
