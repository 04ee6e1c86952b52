import { createFoyer, setLocale } from '@foyer/core'
import { evmAdapter } from '@foyer/evm'
import { ConnectButton, FoyerProvider } from '@foyer/react'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'

// The page of e2e/dialog-style.e2e.test.ts and e2e/locales.e2e.test.ts: the connect button with
// what an app configures for the dialog's look: `?theme=light` or `?theme=system` for the theme
// mode, `?accent=…` and `?radius=…` for theme variables, `?locale=…` for the language (and
// `window.foyerSetLocale(tag)` to change it at runtime, as an app's language menu would), and the
// CSP nonce the server put into <meta name="csp-nonce"> for the <style> fallback. It needs no
// chain: nothing is connected.
const params = new URLSearchParams(window.location.search)
const theme = params.get('theme')
const nonce = document.querySelector<HTMLMetaElement>('meta[name="csp-nonce"]')?.content

const foyer = createFoyer({
  networks: [
    {
      id: 31337,
      name: 'Anvil',
      nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
      rpcUrls: { default: { http: ['http://127.0.0.1:9'] } },
    },
  ],
  adapters: [evmAdapter()],
  metadata: { name: 'Foyer style page', description: '', url: window.location.origin, icons: [] },
  themeMode: theme === 'light' || theme === 'system' ? theme : undefined,
  locale: params.get('locale') ?? undefined,
  themeVariables: {
    '--foyer-accent': params.get('accent') ?? undefined,
    '--foyer-border-radius': params.get('radius') ?? undefined,
  },
})
Object.assign(window, { foyerSetLocale: (locale: string) => setLocale(foyer, { locale }) })

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <FoyerProvider foyer={foyer} nonce={nonce || undefined}>
      <main>
        <h1>Dialog style</h1>
        <ConnectButton />
      </main>
    </FoyerProvider>
  </StrictMode>,
)
