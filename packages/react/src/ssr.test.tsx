// Runs in plain Node: no DOM globals, as in a server render.
import { createFoyer, createMemoryStorage, createStorage } from '@foyer/core'
import { anvil } from '@foyer/core/networks'
import { evmAdapter } from '@foyer/evm'
import { renderToString } from 'react-dom/server'
import { describe, expect, test } from 'vitest'
import { ConnectButton, FoyerProvider, NetworkButton } from './index.ts'

describe('server rendering', () => {
  test('renders the provider and buttons to a string without a DOM', () => {
    expect(typeof document).toBe('undefined')
    const foyer = createFoyer({
      networks: [anvil],
      adapters: [evmAdapter()],
      storage: createStorage({ storage: createMemoryStorage() }),
    })
    const html = renderToString(
      <FoyerProvider foyer={foyer}>
        <ConnectButton />
        <NetworkButton />
      </FoyerProvider>,
    )
    expect(html).toContain('>Connect Wallet</button>')
    expect(html).toContain('data-foyer-network-button')
    // The buttons' stylesheet is part of the server HTML (React hoists it), so the first paint is
    // styled; its theme follows the instance.
    expect(html).toMatch(/<style data-precedence="foyer" data-href="foyer-trigger[ "]/)
    expect(html).toContain('class="foyer-trigger" data-theme="dark"')
    // The dialog is client-only and loads on demand.
    expect(html).not.toContain('role="dialog"')
    foyer.destroy()
  })

  test('a locale renders without a browser: no navigator read, English until the client loads', () => {
    expect(typeof navigator === 'undefined' || !('languages' in navigator)).toBe(true)
    const foyer = createFoyer({
      networks: [anvil],
      locale: 'ar',
      storage: createStorage({ storage: createMemoryStorage() }),
    })
    // The page's translations arrive in the browser after hydration, so both renders agree.
    const html = renderToString(
      <FoyerProvider foyer={foyer}>
        <ConnectButton />
      </FoyerProvider>,
    )
    expect(html).toContain('>Connect Wallet</button>')
    foyer.destroy()
  })

  test('the dialog entry can be imported on the server', async () => {
    const dialog = await import('./dialog/index.ts')
    expect(typeof dialog.FoyerOverlay).toBe('function')
  })
})
