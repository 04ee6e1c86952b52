// Helpers for this package's tests only (not exported from the package entry).
import {
  type Adapter,
  type ChainDefinition,
  type Connector,
  type ConnectorType,
  createFoyer,
  createMemoryStorage,
  createStorage,
  type Foyer,
  type FoyerConfig,
} from '@foyer/core'
import { anvilDevAccounts } from '@foyer/devnet'
import { evmAdapter } from '@foyer/evm'
import { createTestWallet, type TestWallet, type TestWalletBehaviour } from '@foyer/test-wallets'
import { configure, waitFor, within } from '@testing-library/react'
import { vi } from 'vitest'

// Views, chains and spawned servers answer within a second when idle, not always on a busy
// 2-core CI machine: wait up to 5 s before a findBy / waitFor gives up.
configure({ asyncUtilTimeout: 5_000 })

export type TestWalletEntry = {
  name: string
  rdns: string
  wallet: TestWallet
}

export type CreateTestSetupParameters = {
  /** Wallet names to list; each gets its own test wallet (rdns derived from the name). */
  walletNames?: readonly string[] | undefined
  behaviour?: Partial<TestWalletBehaviour> | undefined
  /** RPC URL the wallets and networks use; a closed port when no chain is needed. */
  rpcUrl?: string | undefined
  config?: Partial<FoyerConfig> | undefined
  /** How many anvil dev accounts each wallet holds, the first selected (default 2). */
  accountCount?: number | undefined
}

export function anvilChain(rpcUrl: string, id = 31337, name = 'Anvil'): ChainDefinition {
  return {
    id,
    name,
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [rpcUrl] } },
  }
}

/** A Foyer instance with real EIP-1193 test wallets (no EIP-6963 window discovery). */
export function createTestSetup(parameters: CreateTestSetupParameters = {}): {
  foyer: Foyer
  wallets: TestWalletEntry[]
} {
  const rpcUrl = parameters.rpcUrl ?? 'http://127.0.0.1:9'
  const wallets = (parameters.walletNames ?? ['Foyer Test Wallet']).map((name) => ({
    name,
    rdns: `dev.foyer.${name.toLowerCase().replace(/[^a-z0-9]+/g, '')}`,
    wallet: createTestWallet({
      accounts: anvilDevAccounts()
        .slice(0, parameters.accountCount ?? 2)
        .map((account) => account.privateKey),
      chains: [
        { chainId: 31337, rpcUrl, name: 'Anvil' },
        { chainId: 31338, rpcUrl, name: 'Anvil B' },
      ],
      behaviour: parameters.behaviour,
    }),
  }))
  const foyer = createFoyer({
    networks: [anvilChain(rpcUrl)],
    adapters: [
      evmAdapter({
        discover: false,
        legacyInjected: false,
        providers: wallets.map(({ name, rdns, wallet }) => ({
          info: {
            name,
            rdns,
            icon: 'data:image/svg+xml,%3Csvg xmlns="http://www.w3.org/2000/svg"/%3E',
            uuid: rdns,
          },
          provider: wallet,
        })),
      }),
    ],
    storage: createStorage({ storage: createMemoryStorage() }),
    ...parameters.config,
  })
  return { foyer, wallets }
}

/** The dialog's shadow root once the dialog chunk has rendered into it. */
export async function findShadowRoot(): Promise<ShadowRoot> {
  return waitFor(
    () => {
      const root = document.querySelector('[data-foyer-host]')?.shadowRoot
      if (!root) throw new Error('The Foyer host element is not in the document yet')
      return root
      // The dialog's chunks load on open: on a loaded runner that takes more than the 1 s default.
    },
    { timeout: 10_000 },
  )
}

/** Testing Library queries scoped to the dialog's shadow root. */
export async function findDialog() {
  const root = await findShadowRoot()
  const scope = within(root as unknown as HTMLElement)
  const dialog = await scope.findByRole('dialog')
  return { root, scope, dialog, within: within(dialog) }
}

/**
 * An eip155 adapter with connectors that are listed but never connect (their `connect` waits
 * forever): wallets of other kinds than installed extensions, for ordering and listing tests.
 * `extra` adds fields, e.g. the pairing-URI methods of a WalletConnect connector.
 */
export function idleWalletsAdapter(
  entries: readonly { id: string; name: string; type: ConnectorType; extra?: object }[],
): Adapter {
  const connectors = entries.map(
    ({ id, name, type, extra }): Connector => ({
      id,
      name,
      type,
      namespace: 'eip155',
      connect: () => new Promise(() => {}),
      async disconnect() {},
      getAccounts: async () => [],
      getCaipNetworkId: async () => 'eip155:31337',
      async switchNetwork() {},
      async request() {},
      on() {},
      off() {},
      ...extra,
    }),
  )
  return { namespace: 'eip155', setup: () => () => {}, getConnectors: () => connectors }
}

/**
 * Stands in for the visitor's system colour scheme (`prefers-color-scheme`) through a spied
 * `window.matchMedia`: `set` changes it as a visitor switching their OS theme would, `listeners`
 * counts who still listens. Undo with `vi.restoreAllMocks()`.
 */
export function emulateColorScheme(initial: 'light' | 'dark') {
  let scheme = initial
  const listeners = new Set<() => void>()
  vi.spyOn(window, 'matchMedia').mockImplementation(
    (media: string) =>
      ({
        media,
        get matches() {
          return media.includes(`prefers-color-scheme: ${scheme}`)
        },
        addEventListener: (_type: string, listener: () => void) => listeners.add(listener),
        removeEventListener: (_type: string, listener: () => void) => listeners.delete(listener),
      }) as unknown as MediaQueryList,
  )
  return {
    set(next: 'light' | 'dark') {
      scheme = next
      for (const listener of [...listeners]) listener()
    },
    listeners: () => listeners.size,
  }
}
