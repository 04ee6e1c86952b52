import * as world from 'virtual:foyer-world'
import {
  type Foyer,
  setLocale,
  setThemeMode,
  setThemeVariables,
  type ThemeMode,
  whenIdle,
} from '@foyer/core'
import {
  ConnectButton,
  FoyerProvider,
  NetworkButton,
  useAccount,
  useBalance,
  useDialog,
  useNetwork,
  useSession,
} from '@foyer/react'
import { type CSSProperties, lazy, Suspense, useEffect, useState } from 'react'
import { createPublicClient, http } from 'viem'
import { ActionsPanel } from './ActionsPanel.tsx'
import { createDemoFoyer, worldNetworks } from './foyer.ts'
import './page.css'
import {
  defaultPlaygroundFeatures,
  isDeveloperPage,
  type PlaygroundSettings,
  settingsOf,
} from './playground/settings.ts'
import { SmartAccountPanel } from './SmartAccountPanel.tsx'
import { TestWalletPanel } from './TestWalletPanel.tsx'

// The playground's code (controls, code printer) is fetched after the page is idle, or when asked.
const Playground = lazy(() => import('./playground/Playground.tsx'))

/** Reads the chain id from each devnet chain's RPC, as proof the page talks to the local world. */
function ChainStatus({ rpcUrl, name }: { rpcUrl: string; name: string }) {
  const [chainId, setChainId] = useState<number | undefined>()
  const [error, setError] = useState<string | undefined>()
  useEffect(() => {
    const client = createPublicClient({ transport: http(rpcUrl) })
    client.getChainId().then(setChainId, (e: Error) => setError(e.message))
  }, [rpcUrl])
  return (
    <li>
      {name} ({rpcUrl}):{' '}
      <output data-testid={`chain-id-${rpcUrl}`}>{chainId ?? error ?? '…'}</output>
    </li>
  )
}

/** What the hooks report, as a laboratory readout. */
function HooksPanel() {
  const account = useAccount()
  const network = useNetwork()
  const balance = useBalance()
  const dialog = useDialog()
  const signIn = useSession()
  const readout = {
    useAccount: {
      status: account.status,
      address: account.address,
      caipAddress: account.caipAddress,
      namespace: account.namespace,
    },
    useNetwork: {
      caipNetworkId: network.network.caipNetworkId,
      name: network.network.name,
    },
    useBalance: { balance: balance.balance, symbol: balance.symbol },
    useDialog: { open: dialog.open, view: dialog.view },
    useSession: { status: signIn.status, address: signIn.session?.address },
  }
  return (
    <section aria-labelledby="hooks-title">
      <h2 id="hooks-title">Hooks</h2>
      <dl>
        <dt>Status</dt>
        <dd data-testid="status">{account.status}</dd>
        <dt>Address</dt>
        <dd data-testid="address">{account.address ?? '—'}</dd>
        <dt>Network</dt>
        <dd data-testid="network">{network.network.caipNetworkId ?? '—'}</dd>
        <dt>Signed in as</dt>
        <dd data-testid="session">{signIn.session?.address ?? '—'}</dd>
      </dl>
      <pre data-testid="hooks-readout">{JSON.stringify(readout, null, 2)}</pre>
    </section>
  )
}

/** The hooks, actions and test wallet controls, and the local world's health. */
function DeveloperPanels() {
  return (
    <div className="developer" id="developer-panels">
      <HooksPanel />
      <ActionsPanel />
      <SmartAccountPanel />
      <TestWalletPanel />
      <section aria-labelledby="world-title">
        <h2 id="world-title">Local world</h2>
        <ul>
          {world.chains.map((chain) => (
            <ChainStatus key={chain.chainId} rpcUrl={chain.rpcUrl} name={chain.name} />
          ))}
        </ul>
        <p>
          Server <a href={`${world.serverUrl}/health`}>{world.serverUrl}</a>, project{' '}
          <code>{world.projectId}</code>.
        </p>
      </section>
    </div>
  )
}

/** One line on who is connected, in words a visitor reads. */
function AccountLine() {
  const { address, isConnected } = useAccount()
  const { network } = useNetwork()
  if (!isConnected || !address) return <p className="account-line">No wallet connected yet.</p>
  return (
    <p className="account-line">
      <span className="dot" aria-hidden="true" />
      Connected as <code>{`${address.slice(0, 6)}…${address.slice(-4)}`}</code> on {network.name}
    </p>
  )
}

const highlights = [
  [
    'Any wallet',
    'Browser extensions, WalletConnect, email and social login with an embedded wallet.',
  ],
  [
    'Five ecosystems',
    'EVM, Solana, Bitcoin, Cosmos and Polkadot, from one dialog and one set of hooks.',
  ],
  [
    'Your own server',
    'Open source end to end: the dialog, the embedded wallet and the server you host.',
  ],
] as const

type PageTheme = 'system' | 'light' | 'dark'
const pageThemeKey = 'foyer-demo.page-theme'
const pageThemes: readonly PageTheme[] = ['system', 'light', 'dark']
const pageThemeNames: Record<PageTheme, string> = {
  system: 'System',
  light: 'Light',
  dark: 'Dark',
}

function storedPageTheme(): PageTheme {
  try {
    const stored = window.localStorage.getItem(pageThemeKey)
    return pageThemes.find((theme) => theme === stored) ?? 'system'
  } catch {
    return 'system'
  }
}

/** Before the first render, so the page never paints in the other scheme. */
document.documentElement.dataset.theme = storedPageTheme()

/** The page's colour scheme: the system's, or the one the visitor picked (remembered). */
function usePageTheme() {
  const [theme, setTheme] = useState(storedPageTheme)
  const set = (next: PageTheme) => {
    setTheme(next)
    document.documentElement.dataset.theme = next
    try {
      window.localStorage.setItem(pageThemeKey, next)
    } catch {}
  }
  return [theme, set] as const
}

/** The Foyer instance of the page: the landing page's playground settings, or the query's. */
export function createPageFoyer(): Foyer {
  if (isDeveloperPage(window.location.search)) return createDemoFoyer()
  return createDemoFoyer({
    playground: {
      // The dialog follows the page's scheme until the visitor picks another.
      themeMode: storedPageTheme(),
      accent: undefined,
      radius: undefined,
      locale: undefined,
      features: defaultPlaygroundFeatures,
      siwx: false,
      networks: worldNetworks.map((network) => network.caipNetworkId),
    },
  })
}

/** Settings that can change only with a new instance (what `createFoyer` reads once). */
function needsNewInstance(next: PlaygroundSettings, previous: PlaygroundSettings) {
  return (
    next.features !== previous.features ||
    next.siwx !== previous.siwx ||
    next.networks !== previous.networks ||
    (next.locale === undefined && previous.locale !== undefined)
  )
}

export function App({ foyer: initialFoyer }: { foyer: Foyer }) {
  const developerPage = isDeveloperPage(window.location.search)
  // A new instance remounts the provider (its overlay loads the new adapters).
  const [instance, setInstance] = useState({ foyer: initialFoyer, key: 0 })
  const [settings, setSettings] = useState(() => settingsOf(initialFoyer))
  const [developer, setDeveloper] = useState(developerPage)
  const [playground, setPlayground] = useState(!developerPage)
  const [playgroundReady, setPlaygroundReady] = useState(false)
  const [pageTheme, setPageTheme] = usePageTheme()
  useEffect(() => whenIdle(() => setPlaygroundReady(true)), [])

  const applySettings = (next: PlaygroundSettings) => {
    const { foyer } = instance
    setSettings(next)
    if (needsNewInstance(next, settings)) {
      const created = createDemoFoyer({ playground: next })
      foyer.destroy()
      setInstance({ foyer: created, key: instance.key + 1 })
      return
    }
    if (next.themeMode !== settings.themeMode) setThemeMode(foyer, { themeMode: next.themeMode })
    if (next.accent !== settings.accent || next.radius !== settings.radius)
      setThemeVariables(foyer, {
        themeVariables: {
          '--foyer-accent': next.accent,
          '--foyer-border-radius': next.radius === undefined ? undefined : `${next.radius}px`,
        },
      })
    if (next.locale && next.locale !== settings.locale) setLocale(foyer, { locale: next.locale })
  }

  const changePageTheme = (theme: PageTheme) => {
    setPageTheme(theme)
    applySettings({ ...settings, themeMode: theme as ThemeMode })
  }
  const nextPageTheme = pageThemes[(pageThemes.indexOf(pageTheme) + 1) % pageThemes.length]!

  return (
    <div className="page">
      <header className="topbar">
        <a className="brand" href="/">
          <span className="logo" aria-hidden="true" />
          Foyer
        </a>
        <div className="topbar-actions">
          <button
            type="button"
            className="ghost"
            aria-label={`Page colour scheme: ${pageThemeNames[pageTheme]}`}
            title={`Switch the page to ${pageThemeNames[nextPageTheme].toLowerCase()}`}
            onClick={() => changePageTheme(nextPageTheme)}
          >
            <span className={`scheme-icon scheme-${pageTheme}`} aria-hidden="true" />
            <span className="scheme-name">{pageThemeNames[pageTheme]}</span>
          </button>
          <button
            type="button"
            className="ghost"
            aria-pressed={playground}
            onClick={() => {
              setPlayground(!playground)
              setPlaygroundReady(true)
            }}
          >
            Playground
          </button>
          <button
            type="button"
            className="ghost"
            aria-pressed={developer}
            aria-controls={developer ? 'developer-panels' : undefined}
            onClick={() => setDeveloper(!developer)}
          >
            Developer
          </button>
        </div>
      </header>
      <main
        className={`layout${playground ? ' with-playground' : ''}`}
        data-accent={settings.accent ? '' : undefined}
        style={
          settings.accent
            ? ({ '--playground-accent': settings.accent } as CSSProperties)
            : undefined
        }
      >
        <FoyerProvider key={instance.key} foyer={instance.foyer}>
          <section className="hero" aria-labelledby="hero-title">
            <p className="eyebrow">Foyer demo · open-source wallet dialog for React</p>
            <h1 id="hero-title">Connect any wallet, from a dialog you host yourself</h1>
            <p className="lede">
              This page runs Foyer against a local world of real chains. Connect a wallet, shape the
              dialog in the playground, and copy the code that gives you the same.
            </p>
            <nav aria-label="Wallet" className="hero-actions">
              <ConnectButton />
              <NetworkButton />
            </nav>
            <AccountLine />
            <ul className="highlights">
              {highlights.map(([title, text]) => (
                <li key={title}>
                  <strong>{title}</strong>
                  <span>{text}</span>
                </li>
              ))}
            </ul>
          </section>
          {developer && <DeveloperPanels />}
        </FoyerProvider>
        {playground &&
          (playgroundReady ? (
            <Suspense fallback={<div className="playground placeholder" />}>
              <Playground settings={settings} onChange={applySettings} />
            </Suspense>
          ) : (
            <div className="playground placeholder" />
          ))}
      </main>
      <footer className="footer">
        <p>
          Foyer is open source. Server <code>{world.serverUrl}</code>, project{' '}
          <code>{world.projectId}</code>.
        </p>
      </footer>
    </div>
  )
}
