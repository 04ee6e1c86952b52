import type {
  Adapter,
  AdapterSetupParameters,
  GetBalanceParameters,
  GetBalanceResult,
} from '../types/connector.ts'
import type { ChainNamespace } from '../types/network.ts'
import { whenIdle } from '../utils/whenIdle.ts'

export type CreateLazyAdapterParameters = {
  namespace: ChainNamespace
  namespaces?: readonly ChainNamespace[] | undefined
  /** Makes the real adapter, from a module fetched with `import()`. */
  load(): Promise<Adapter>
  /** Whether the real adapter reads native balances (so core knows before it loads). */
  balances?: boolean | undefined
}

/**
 * An adapter whose code (discovery, connectors, SDK glue) is fetched after the page is idle, or as
 * soon as something needs it (`load()`: the dialog about to open, a balance to read), so a page
 * carries none of it before its first paint. Until then it has no connectors; `reconnect` waits
 * for remembered wallets to appear, as for a wallet that announces itself late.
 */
export function createLazyAdapter({
  load: loadAdapter,
  balances,
  ...namespaces
}: CreateLazyAdapterParameters): Adapter {
  let loading: Promise<Adapter> | undefined
  let adapter: Adapter | undefined
  // The instance's set-up while it lasts (cleared by its teardown).
  let setupParameters: AdapterSetupParameters | undefined
  let teardown: (() => void) | undefined

  // As `createFoyer` does for an adapter set up at once: its connectors count from then on.
  const start = () => {
    teardown = adapter!.setup(setupParameters!)
    setupParameters!.onConnectorsChange(adapter!.getConnectors())
  }

  const load = () =>
    (loading ??= loadAdapter().then(
      (loaded) => {
        adapter = loaded
        if (setupParameters) start()
        return loaded
      },
      (error: unknown) => {
        // A failed fetch (offline, a new deployment) is tried again by the next call.
        loading = undefined
        throw error
      },
    ))

  return {
    ...namespaces,
    setup(setup) {
      setupParameters = setup
      // Already loaded (a `load()` came first): set up at once.
      if (adapter) start()
      const cancel = whenIdle(() => void load().catch(() => {}))
      return () => {
        setupParameters = undefined
        cancel()
        teardown?.()
      }
    },
    getConnectors: () => adapter?.getConnectors() ?? [],
    ...(balances && {
      getBalance: (balance: GetBalanceParameters): Promise<GetBalanceResult> =>
        load().then((loaded) => {
          if (!loaded.getBalance) throw new Error('The adapter reads no balances.')
          return loaded.getBalance(balance)
        }),
    }),
    load: () => load().then(() => {}),
  }
}

/** Loads every lazily loaded adapter of the instance; never rejects (a failed one stays empty). */
export function loadAdapters(adapters: readonly Adapter[]): Promise<void> {
  return Promise.all(adapters.map((adapter) => adapter.load?.().catch(() => {}))).then(() => {})
}
