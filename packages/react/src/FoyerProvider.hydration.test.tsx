// @vitest-environment happy-dom
import { createFoyer, createMemoryStorage, createStorage, type ThemeMode } from '@foyer/core'
import { anvil, anvilB } from '@foyer/core/networks'
import { act, cleanup, screen } from '@testing-library/react'
import type { ReactElement } from 'react'
import { hydrateRoot, type Root } from 'react-dom/client'
import { renderToString } from 'react-dom/server'
import { afterEach, describe, expect, test, vi } from 'vitest'
import { ConnectButton } from './components/ConnectButton.tsx'
import { NetworkButton } from './components/NetworkButton.tsx'
import { FoyerProvider } from './FoyerProvider.tsx'
import { useThemeMode } from './hooks/useThemeMode.ts'
import { emulateColorScheme } from './testUtils.tsx'

let root: Root | undefined
afterEach(() => {
  act(() => root?.unmount())
  root = undefined
  cleanup()
  vi.restoreAllMocks()
  document.body.innerHTML = ''
})

function ThemeReadout() {
  const { resolvedThemeMode } = useThemeMode()
  return <output data-testid="theme">{resolvedThemeMode}</output>
}

function app(options: { locale?: string; themeMode?: ThemeMode } = {}) {
  const foyer = createFoyer({
    networks: [anvil],
    storage: createStorage({ storage: createMemoryStorage() }),
    ...options,
  })
  return (
    <FoyerProvider foyer={foyer} reconnectOnMount={false}>
      <ConnectButton />
      <ThemeReadout />
    </FoyerProvider>
  )
}

/** Server HTML first (no browser facts), then hydration in the browser, as an SSR app does. */
async function serverRenderThenHydrate(element: () => ReactElement) {
  const container = document.createElement('div')
  container.innerHTML = renderToString(element())
  document.body.append(container)
  const serverHtml = container.innerHTML
  const mismatches: unknown[] = []
  await act(async () => {
    root = hydrateRoot(container, element(), {
      onRecoverableError: (error) => mismatches.push(error),
    })
  })
  return { serverHtml, mismatches }
}

describe('server rendering then hydration', () => {
  test("the browser's language applies after hydration, with no mismatch", async () => {
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['ja-JP'])
    const { serverHtml, mismatches } = await serverRenderThenHydrate(() => app())
    expect(serverHtml).toContain('Connect Wallet')
    expect(await screen.findByRole('button', { name: 'ウォレットを接続' })).toBeTruthy()
    expect(mismatches).toEqual([])
  })

  test("'system' renders the default on the server and the visitor's scheme after hydration", async () => {
    emulateColorScheme('light')
    const { serverHtml, mismatches } = await serverRenderThenHydrate(() =>
      app({ themeMode: 'system' }),
    )
    expect(serverHtml).toContain('>dark</output>')
    expect(screen.getByTestId('theme').textContent).toBe('light')
    expect(mismatches).toEqual([])
  })

  test('the buttons and ConnectButton.Custom hydrate without a mismatch, then show what the browser knows', async () => {
    const page = (foyer: ReturnType<typeof createFoyer>) => (
      <FoyerProvider foyer={foyer} reconnectOnMount={false}>
        <ConnectButton />
        <NetworkButton />
        <ConnectButton.Custom>
          {({ mounted, status, chain }) => (
            <output data-testid="custom">{`${mounted} ${status} ${chain?.name ?? '-'}`}</output>
          )}
        </ConnectButton.Custom>
      </FoyerProvider>
    )
    const instance = () =>
      createFoyer({
        networks: [anvil, anvilB],
        storage: createStorage({ storage: createMemoryStorage() }),
      })
    const container = document.createElement('div')
    container.innerHTML = renderToString(page(instance()))
    document.body.append(container)
    expect(container.innerHTML).toContain('>false disconnected -</output>')
    expect(container.innerHTML).toContain('>Connect Wallet</button>')

    // The browser remembers a wallet and another network: a restore is under way at hydration.
    const client = instance()
    client.store.setState({ status: 'connecting', activeNetwork: client.config.networks[1]! })
    const mismatches: unknown[] = []
    await act(async () => {
      root = hydrateRoot(container, page(client), {
        onRecoverableError: (error) => mismatches.push(error),
      })
    })
    expect(mismatches).toEqual([])
    expect(screen.getByTestId('custom').textContent).toBe('true connecting Anvil B')
    expect(screen.getByRole('button', { name: 'Connecting…' }).getAttribute('aria-busy')).toBe(
      'true',
    )
    expect(await screen.findByRole('button', { name: 'Anvil B' })).toBeTruthy()
  })
})
