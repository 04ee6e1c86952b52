// @vitest-environment happy-dom
import { navigate, open, showToast } from '@foyer/core'
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { StrictMode } from 'react'
import { afterEach, describe, expect, test, vi } from 'vitest'
import { FoyerProvider } from '../FoyerProvider.tsx'
import { useDialog } from '../hooks/useDialog.ts'
import { createTestSetup, findDialog } from '../testUtils.tsx'

function Trigger() {
  const { open } = useDialog()
  return (
    <button type="button" onClick={() => open()}>
      Open wallet dialog
    </button>
  )
}

function renderApp(setup = createTestSetup(), { strict = false } = {}) {
  const app = (
    <FoyerProvider foyer={setup.foyer}>
      <main>
        <Trigger />
      </main>
    </FoyerProvider>
  )
  const result = render(strict ? <StrictMode>{app}</StrictMode> : app)
  return { ...setup, ...result }
}

afterEach(() => {
  cleanup()
  document.body.innerHTML = ''
})

describe('dialog', () => {
  test("starts the app's analytics: the opening reaches the server in one batch", async () => {
    const posted: unknown[] = []
    const fetchMock = vi.fn(async (input: string | URL | Request, init: RequestInit = {}) => {
      if (new URL(String(input)).pathname === '/e') posted.push(JSON.parse(String(init.body)))
      return Response.json({ stored: 1, dropped: 0 })
    })
    vi.stubGlobal('fetch', fetchMock)
    try {
      const { foyer } = renderApp(
        createTestSetup({ config: { serverUrl: 'http://foyer.test', projectId: 'foyer-dev' } }),
      )
      // Nothing at page load.
      expect(fetchMock).not.toHaveBeenCalled()
      act(() => open(foyer))
      await findDialog()
      await waitFor(() => expect(posted).toHaveLength(1), { timeout: 5_000 })
      const [batch] = posted as { props: { event: string } }[][]
      expect(batch!.map((event) => event.props.event)).toEqual(['MODAL_OPEN'])
    } finally {
      vi.unstubAllGlobals()
    }
  })

  test('loads nothing into the page until opened', async () => {
    const { foyer } = renderApp()
    expect(document.querySelector('[data-foyer-host]')).toBeNull()
    act(() => open(foyer))
    const { dialog } = await findDialog()
    expect(dialog).toBeTruthy()
  })

  test('the first open shows its view with the dialog, never a loading placeholder', async () => {
    const { foyer } = renderApp()
    act(() => open(foyer))
    const { dialog } = await findDialog()
    // The dialog appears only once its view's code is here: no fallback, which React would
    // reveal no sooner than 300 ms later.
    expect(dialog.querySelector('[data-foyer-view-loading]')).toBeNull()
    expect(dialog.querySelector('.foyer-view')?.firstElementChild).toBeTruthy()
  })

  test('opening shows Connect with the wallets and an All Wallets entry', async () => {
    renderApp(createTestSetup({ walletNames: ['Foyer Test Wallet', 'Amber Wallet'] }))
    fireEvent.click(screen.getByRole('button', { name: 'Open wallet dialog' }))
    const { within, dialog } = await findDialog()
    expect(within.getByRole('heading', { name: 'Connect Wallet' })).toBeTruthy()
    expect(await within.findByRole('button', { name: /Foyer Test Wallet/ })).toBeTruthy()
    expect(within.getByRole('button', { name: /Amber Wallet/ })).toBeTruthy()
    expect(within.getByRole('button', { name: 'All Wallets' })).toBeTruthy()
    expect(dialog.getAttribute('data-view')).toBe('Connect')
  })

  test('is a labelled modal dialog and hides the page from assistive tech while open', async () => {
    const { foyer } = renderApp()
    const page = document.body.firstElementChild as HTMLElement
    act(() => open(foyer))
    const { dialog, root } = await findDialog()
    expect(dialog.getAttribute('aria-modal')).toBe('true')
    const labelledBy = dialog.getAttribute('aria-labelledby')!
    expect(root.getElementById(labelledBy)?.textContent).toBe('Connect Wallet')
    expect(page.inert).toBe(true)
    expect(page.getAttribute('aria-hidden')).toBe('true')
    expect(
      within(root as unknown as HTMLElement).getByRole('button', { name: 'Close' }),
    ).toBeTruthy()

    fireEvent.click(within(root as unknown as HTMLElement).getByRole('button', { name: 'Close' }))
    await waitFor(() => expect(foyer.getState().dialog.open).toBe(false))
    expect(page.inert).toBe(false)
    expect(page.hasAttribute('aria-hidden')).toBe(false)
  })

  test.each([
    ['', false],
    [' (StrictMode)', true],
  ])('Escape closes the dialog and focus returns to the trigger%s', async (_, strict) => {
    const { foyer } = renderApp(createTestSetup(), { strict })
    const trigger = screen.getByRole('button', { name: 'Open wallet dialog' })
    trigger.focus()
    fireEvent.click(trigger)
    const { root } = await findDialog()
    expect(root.activeElement).not.toBeNull()
    fireEvent.keyDown(root.activeElement!, { key: 'Escape' })
    await waitFor(() => expect(foyer.getState().dialog.open).toBe(false))
    expect(document.activeElement).toBe(trigger)
  })

  test('closed, the next dialog waits rendered out of the page: no query or assistive tech finds it, and the click shows those very rows without creating an element', async () => {
    const createElement = vi.spyOn(document, 'createElement')
    try {
      const { foyer } = renderApp(createTestSetup({ walletNames: ['Foyer Test Wallet'] }))
      // Once the page is idle the Connect view is rendered ahead, closed.
      const row = await waitFor(
        () => {
          const created = createElement.mock.results.map((result) => result.value as Element)
          const element = created.find((element) =>
            element.matches('[data-foyer-item][data-connector-id]'),
          )
          if (!element) throw new Error('not rendered yet')
          return element
        },
        { timeout: 5_000 },
      )
      expect(row.isConnected).toBe(false)
      const root = document.querySelector('[data-foyer-host]')!.shadowRoot!
      expect(root.querySelector('[data-foyer-item], [role="dialog"]')).toBeNull()
      expect(within(root as unknown as HTMLElement).queryByRole('button')).toBeNull()
      expect(screen.getAllByRole('button').map((button) => button.textContent)).toEqual([
        'Open wallet dialog',
      ])

      createElement.mockClear()
      fireEvent.click(screen.getByRole('button', { name: 'Open wallet dialog' }))
      const { dialog } = await findDialog()
      expect(dialog.contains(row)).toBe(true)
      expect(createElement).not.toHaveBeenCalled()
      expect(root.activeElement).toBe(dialog)
      expect(foyer.getState().dialog.view).toBe('Connect')
    } finally {
      createElement.mockRestore()
    }
  })

  test('each opening starts anew: closed on another view, it opens again on Connect with no way back, and focus returns to its own trigger', async () => {
    const { foyer } = renderApp()
    act(() => open(foyer))
    const first = await findDialog()
    fireEvent.click(await first.within.findByRole('button', { name: 'All Wallets' }))
    await waitFor(() => expect(first.dialog.getAttribute('data-view')).toBe('AllWallets'))
    fireEvent.keyDown(first.root.activeElement ?? first.dialog, { key: 'Escape' })
    await waitFor(() => expect(first.root.querySelector('[role="dialog"]')).toBeNull())
    // Nothing of a dialog stays in the page once closed.
    expect(first.root.querySelector('.foyer-root, [data-foyer-item]')).toBeNull()

    const trigger = screen.getByRole('button', { name: 'Open wallet dialog' })
    trigger.focus()
    fireEvent.click(trigger)
    const second = await findDialog()
    expect(second.dialog).not.toBe(first.dialog)
    expect(second.dialog.getAttribute('data-view')).toBe('Connect')
    expect(second.within.queryByRole('button', { name: 'Back' })).toBeNull()
    expect(await second.within.findByRole('button', { name: 'All Wallets' })).toBeTruthy()
    expect(second.root.activeElement).toBe(second.dialog)
    // Focus returns to this opening's trigger, not to where the first one started.
    fireEvent.keyDown(second.dialog, { key: 'Escape' })
    await waitFor(() => expect(foyer.getState().dialog.open).toBe(false))
    expect(document.activeElement).toBe(trigger)
  })

  test('Tab from the last control wraps to the first one inside the dialog', async () => {
    const { foyer } = renderApp()
    act(() => open(foyer))
    const { root, within } = await findDialog()
    const allWallets = await within.findByRole('button', { name: 'All Wallets' })
    allWallets.focus()
    fireEvent.keyDown(allWallets, { key: 'Tab' })
    expect(root.activeElement).toBe(within.getByRole('button', { name: 'Close' }))
  })

  test('back returns to the previous view, and back from the first view closes', async () => {
    const { foyer } = renderApp()
    act(() => open(foyer))
    const { within, dialog } = await findDialog()
    expect(within.queryByRole('button', { name: 'Back' })).toBeNull()
    fireEvent.click(await within.findByRole('button', { name: 'All Wallets' }))
    await waitFor(() => expect(dialog.getAttribute('data-view')).toBe('AllWallets'))
    fireEvent.click(within.getByRole('button', { name: 'Back' }))
    await waitFor(() => expect(dialog.getAttribute('data-view')).toBe('Connect'))
    expect(within.queryByRole('button', { name: 'Back' })).toBeNull()

    const { goBack } = await import('@foyer/core')
    act(() => goBack(foyer))
    await waitFor(() => expect(foyer.getState().dialog.open).toBe(false))
  })

  test('a view that is not built shows only a not-available message', async () => {
    const { foyer } = renderApp()
    act(() => navigate(foyer, { view: 'Networks' }))
    const { within } = await findDialog()
    expect(within.getByRole('heading', { name: 'Not available' })).toBeTruthy()
    expect(
      within.getByText('This part of the dialog (Networks) is not available yet.'),
    ).toBeTruthy()
  })

  test('delivers styles as a constructable stylesheet, with theme overrides', async () => {
    const { foyer } = renderApp(
      createTestSetup({ config: { themeVariables: { '--foyer-accent': '#00aa55' } } }),
    )
    act(() => open(foyer))
    const { root } = await findDialog()
    expect(root.querySelector('style')).toBeNull()
    const cssText = root.adoptedStyleSheets
      .flatMap((sheet) => Array.from(sheet.cssRules, (rule) => rule.cssText))
      .join('\n')
    expect(cssText).toContain('--foyer-accent: #00aa55')
    expect(cssText).toContain('hsla(230, 100%, 67%, 1)')
    expect(root.querySelector('.foyer-theme')?.getAttribute('data-theme')).toBe('dark')
  })

  test('shows toasts in a polite live region', async () => {
    const { foyer } = renderApp()
    await act(() => showToast(foyer, { variant: 'success', message: 'Address copied' }))
    const root = document.querySelector('[data-foyer-host]')!.shadowRoot!
    const region = await waitFor(() => {
      const status = within(root as unknown as HTMLElement).getByRole('status')
      expect(status.textContent).toBe('Address copied')
      return status
    })
    expect(region.getAttribute('aria-live')).toBe('polite')
    expect(root.querySelector('.foyer-toast')?.getAttribute('data-variant')).toBe('success')
  })
})
