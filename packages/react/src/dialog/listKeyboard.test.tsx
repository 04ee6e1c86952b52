// @vitest-environment happy-dom
import { navigate, open } from '@foyer/core'
import { act, cleanup, fireEvent, render } from '@testing-library/react'
import { afterEach, describe, expect, test } from 'vitest'
import { FoyerProvider } from '../FoyerProvider.tsx'
import { anvilChain, createTestSetup, findDialog } from '../testUtils.tsx'

afterEach(() => {
  cleanup()
  document.body.innerHTML = ''
})

const rpcUrl = 'http://127.0.0.1:9'

/** The wallet or network name on the focused row of the dialog (not its tags). */
function focusedName(root: ShadowRoot): string | null | undefined {
  const active = root.activeElement as HTMLElement | null
  return active?.querySelector('.foyer-list-item-label, span:not([class])')?.textContent
}

/** Presses `key` on whatever has focus in the dialog, as the browser would dispatch it. */
function press(root: ShadowRoot, key: string) {
  const target = root.activeElement
  if (!target) throw new Error('Nothing is focused in the dialog')
  fireEvent.keyDown(target, { key })
}

describe('arrow keys in the dialog lists', () => {
  test('move focus through the wallet list: Up/Down one row, Home/End to the ends', async () => {
    const { foyer } = createTestSetup({
      walletNames: ['Amber Wallet', 'Cobalt Wallet', 'Foyer Test Wallet'],
    })
    render(<FoyerProvider foyer={foyer} />)
    act(() => open(foyer))
    const { root, within } = await findDialog()
    const first = await within.findByRole('button', { name: /^Amber Wallet/ })

    act(() => first.focus())
    expect(focusedName(root)).toBe('Amber Wallet')
    press(root, 'ArrowDown')
    expect(focusedName(root)).toBe('Cobalt Wallet')
    press(root, 'ArrowDown')
    expect(focusedName(root)).toBe('Foyer Test Wallet')
    press(root, 'ArrowDown')
    expect(focusedName(root)).toBe('All Wallets')
    // The last row stays put: no wrap-around into the header.
    press(root, 'ArrowDown')
    expect(focusedName(root)).toBe('All Wallets')
    press(root, 'ArrowUp')
    expect(focusedName(root)).toBe('Foyer Test Wallet')
    press(root, 'Home')
    expect(focusedName(root)).toBe('Amber Wallet')
    press(root, 'ArrowUp')
    expect(focusedName(root)).toBe('Amber Wallet')
    press(root, 'End')
    expect(focusedName(root)).toBe('All Wallets')
  })

  test('consume the keys they handle (no page scroll) and let other keys through', async () => {
    const { foyer } = createTestSetup({ walletNames: ['Amber Wallet', 'Cobalt Wallet'] })
    render(<FoyerProvider foyer={foyer} />)
    act(() => open(foyer))
    const { root, within } = await findDialog()
    act(() => within.getByRole('button', { name: /^Amber Wallet/ }).focus())
    expect(fireEvent.keyDown(root.activeElement!, { key: 'ArrowDown' })).toBe(false)
    expect(fireEvent.keyDown(root.activeElement!, { key: 'End' })).toBe(false)
    expect(fireEvent.keyDown(root.activeElement!, { key: 'a' })).toBe(true)
    expect(focusedName(root)).toBe('All Wallets')
  })

  test('move focus through the network list', async () => {
    const { foyer } = createTestSetup({
      rpcUrl,
      config: {
        networks: [
          anvilChain(rpcUrl),
          anvilChain(rpcUrl, 31338, 'Anvil B'),
          anvilChain(rpcUrl, 31339, 'Anvil C'),
        ],
      },
    })
    render(<FoyerProvider foyer={foyer} />)
    act(() => open(foyer, { view: 'SwitchNetwork' }))
    const { root, within } = await findDialog()
    const [first] = await within.findAllByRole('button', { name: /^Anvil/ })
    act(() => first!.focus())
    const label = () => focusedName(root)
    expect(label()).toBe('Anvil')
    press(root, 'ArrowDown')
    expect(label()).toBe('Anvil B')
    press(root, 'End')
    expect(label()).toBe('Anvil C')
    press(root, 'ArrowUp')
    expect(label()).toBe('Anvil B')
    press(root, 'Home')
    expect(label()).toBe('Anvil')
  })

  test('Left/Right move through the All Wallets grid as Up/Down do', async () => {
    const { foyer } = createTestSetup({
      walletNames: ['Amber Wallet', 'Cobalt Wallet', 'Foyer Test Wallet'],
    })
    render(<FoyerProvider foyer={foyer} />)
    act(() => navigate(foyer, { view: 'AllWallets' }))
    const { root, within } = await findDialog()
    await within.findByRole('button', { name: /^Foyer Test Wallet/ })
    act(() => within.getByRole('button', { name: /^Amber Wallet/ }).focus())
    press(root, 'ArrowRight')
    expect(focusedName(root)).toBe('Cobalt Wallet')
    press(root, 'End')
    expect(focusedName(root)).toBe('Foyer Test Wallet')
    press(root, 'ArrowLeft')
    expect(focusedName(root)).toBe('Cobalt Wallet')
    press(root, 'Home')
    expect(focusedName(root)).toBe('Amber Wallet')
  })

  test('in a right-to-left dialog the grid mirrors: Left moves on, Right moves back', async () => {
    const { foyer } = createTestSetup({
      walletNames: ['Amber Wallet', 'Cobalt Wallet', 'Foyer Test Wallet'],
      config: { locale: 'ar' },
    })
    render(<FoyerProvider foyer={foyer} />)
    act(() => navigate(foyer, { view: 'AllWallets' }))
    const { root, within } = await findDialog()
    await within.findByRole('button', { name: /^Foyer Test Wallet/ })
    act(() => within.getByRole('button', { name: /^Amber Wallet/ }).focus())
    press(root, 'ArrowLeft')
    expect(focusedName(root)).toBe('Cobalt Wallet')
    press(root, 'ArrowLeft')
    expect(focusedName(root)).toBe('Foyer Test Wallet')
    press(root, 'ArrowRight')
    expect(focusedName(root)).toBe('Cobalt Wallet')
  })
})
