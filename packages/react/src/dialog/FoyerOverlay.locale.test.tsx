// @vitest-environment happy-dom
import { open, setLocale } from '@foyer/core'
import { act, cleanup, render, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, test, vi } from 'vitest'
import { ConnectButton } from '../components/ConnectButton.tsx'
import { FoyerProvider } from '../FoyerProvider.tsx'
import { createTestSetup, emulateColorScheme, findDialog } from '../testUtils.tsx'

afterEach(() => {
  cleanup()
  vi.restoreAllMocks()
  document.body.innerHTML = ''
})

type Setup = ReturnType<typeof createTestSetup>

function renderApp(setup: Setup, locale?: string) {
  const app = (locale?: string) => (
    <FoyerProvider foyer={setup.foyer} locale={locale} reconnectOnMount={false}>
      <ConnectButton />
    </FoyerProvider>
  )
  const result = render(app(locale))
  return { ...setup, rerender: (next?: string) => result.rerender(app(next)) }
}

/** The element carrying the dialog's theme, language and direction. */
async function openDialog(setup: Setup) {
  act(() => open(setup.foyer))
  const found = await findDialog()
  return { ...found, theme: found.root.querySelector<HTMLElement>('.foyer-theme')! }
}

const title = (dialog: HTMLElement) => dialog.querySelector('h2')?.textContent

describe('the language of the dialog', () => {
  test('mirrors the dialog in Arabic: dir="rtl", lang="ar" and Arabic texts', async () => {
    const setup = createTestSetup({ config: { locale: 'ar' } })
    renderApp(setup)
    const { theme, dialog, within } = await openDialog(setup)
    expect(theme.getAttribute('dir')).toBe('rtl')
    expect(theme.getAttribute('lang')).toBe('ar')
    expect(title(dialog)).toBe('ربط المحفظة')
    expect(within.getByRole('button', { name: 'إغلاق' })).toBeTruthy()
  })

  test('reads German left to right', async () => {
    const setup = createTestSetup({ config: { locale: 'de-DE' } })
    renderApp(setup)
    const { theme, dialog } = await openDialog(setup)
    expect(theme.getAttribute('dir')).toBe('ltr')
    expect(theme.getAttribute('lang')).toBe('de')
    expect(title(dialog)).toBe('Wallet verbinden')
  })

  test('a locale Foyer has no texts for shows English', async () => {
    const setup = createTestSetup({ config: { locale: 'nl-NL' } })
    renderApp(setup)
    const { theme, dialog } = await openDialog(setup)
    expect(theme.getAttribute('lang')).toBe('en')
    expect(title(dialog)).toBe('Connect Wallet')
  })

  test('switches language while open, without a reload, and mirrors for Hebrew', async () => {
    const setup = createTestSetup({ config: { locale: 'de' } })
    renderApp(setup)
    const { theme, dialog } = await openDialog(setup)
    expect(title(dialog)).toBe('Wallet verbinden')
    act(() => setLocale(setup.foyer, { locale: 'ja' }))
    await waitFor(() => expect(title(dialog)).toBe('ウォレットを接続'))
    expect(theme.getAttribute('dir')).toBe('ltr')
    act(() => setLocale(setup.foyer, { locale: 'he' }))
    await waitFor(() => expect(title(dialog)).toBe('חיבור ארנק'))
    expect(theme.getAttribute('dir')).toBe('rtl')
  })

  test("the provider's locale wins over the instance's and follows its changes", async () => {
    const setup = createTestSetup({ config: { locale: 'fr' } })
    const { rerender } = renderApp(setup, 'es')
    const { dialog } = await openDialog(setup)
    expect(title(dialog)).toBe('Conectar billetera')
    rerender('ko')
    await waitFor(() => expect(title(dialog)).toBe('지갑 연결'))
    expect(setup.foyer.getState().locale).toBe('ko')
  })

  test("adopts the browser's language when the app chose none", async () => {
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['nl-NL', 'pt-BR', 'en'])
    const setup = createTestSetup()
    renderApp(setup)
    // Numbers follow it too: core formats balances for 'pt-BR'.
    await waitFor(() => expect(setup.foyer.getState().locale).toBe('pt-BR'))
    expect(await screen.findByRole('button', { name: 'Conectar carteira' })).toBeTruthy()
    const { dialog } = await openDialog(setup)
    expect(title(dialog)).toBe('Conectar carteira')
  })

  test("the app's locale wins over the browser's", async () => {
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['ja-JP'])
    const setup = createTestSetup({ config: { locale: 'tr' } })
    renderApp(setup)
    expect(await screen.findByRole('button', { name: 'Cüzdan Bağla' })).toBeTruthy()
    expect(setup.foyer.getState().locale).toBe('tr')
  })
})

describe('the theme mode', () => {
  test("'system' follows the visitor's colour scheme live, without reopening", async () => {
    const colorScheme = emulateColorScheme('light')
    const setup = createTestSetup({ config: { themeMode: 'system' } })
    renderApp(setup)
    const { theme } = await openDialog(setup)
    expect(theme.dataset.theme).toBe('light')
    act(() => colorScheme.set('dark'))
    expect(theme.dataset.theme).toBe('dark')
    act(() => colorScheme.set('light'))
    expect(theme.dataset.theme).toBe('light')
  })

  test('dark by default whatever the colour scheme (SPEC §9)', async () => {
    emulateColorScheme('light')
    const setup = createTestSetup()
    renderApp(setup)
    const { theme } = await openDialog(setup)
    expect(theme.dataset.theme).toBe('dark')
  })
})
