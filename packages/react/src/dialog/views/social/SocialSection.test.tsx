// @vitest-environment happy-dom
import { createFoyer, createMemoryStorage, createStorage, type Foyer, open } from '@foyer/core'
import { anvil } from '@foyer/core/networks'
import { act, cleanup, fireEvent, render, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, test, vi } from 'vitest'
import { FoyerProvider } from '../../../FoyerProvider.tsx'
import { findDialog, idleWalletsAdapter } from '../../../testUtils.tsx'

afterEach(() => {
  cleanup()
  vi.restoreAllMocks()
  document.body.innerHTML = ''
})

/** The server's `/appkit/v1/config`: the logins it can run. */
function serveConfig(socials: readonly string[]) {
  const urls: string[] = []
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
    urls.push(String(input))
    return new Response(
      JSON.stringify({
        projectId: 'demo',
        name: 'Demo',
        features: {
          email: true,
          socials,
          swaps: true,
          onramp: true,
          activity: true,
          multiWallet: false,
          branding: true,
          analytics: false,
        },
      }),
      { headers: { 'content-type': 'application/json' } },
    )
  })
  return urls
}

/** An embedded wallet as the Connect view sees it (its frame is not needed to list logins). */
const embeddedWallet = () =>
  idleWalletsAdapter([
    {
      id: 'embedded',
      name: 'Email',
      type: 'auth',
      extra: { connectEmail: async () => ({}), isPasskeyLoginAvailable: () => false },
    },
  ])

function renderDialog(foyer: Foyer) {
  render(
    <FoyerProvider foyer={foyer}>
      <span />
    </FoyerProvider>,
  )
  act(() => open(foyer))
}

const newFoyer = (config: Parameters<typeof createFoyer>[0] extends infer C ? Partial<C> : never) =>
  createFoyer({
    networks: [anvil],
    storage: createStorage({ storage: createMemoryStorage() }),
    serverUrl: 'http://server.test',
    projectId: 'demo',
    adapters: [embeddedWallet()],
    ...config,
  })

const socialButtons = (dialog: HTMLElement) =>
  [...dialog.querySelectorAll('[data-foyer-social]')].map((button) =>
    button.getAttribute('data-foyer-social'),
  )

describe('the Connect view’s social logins', () => {
  test('offers what the app wants and the server runs, in the app’s order: one full button, a row, and more', async () => {
    const urls = serveConfig(['google', 'x', 'farcaster', 'discord', 'apple', 'github', 'facebook'])
    const foyer = newFoyer({})
    renderDialog(foyer)
    const { dialog, within } = await findDialog()
    await waitFor(() => expect(socialButtons(dialog)).toHaveLength(5))
    expect(urls.filter((url) => url.includes('/appkit/v1/config'))).toHaveLength(1)
    // SPEC's default list: google first and full width, then a compact row of marks.
    expect(socialButtons(dialog)).toEqual(['google', 'x', 'farcaster', 'discord', 'apple'])
    expect(within.getByRole('button', { name: 'Continue with Google' }).textContent).toBe(
      'Continue with Google',
    )
    const x = within.getByRole('button', { name: 'Continue with X' })
    expect(x.getAttribute('title')).toBe('Continue with X')
    const more = within.getByRole('button', { name: 'More sign-in options' })
    expect(more.getAttribute('aria-expanded')).toBe('false')
    fireEvent.click(more)
    expect(socialButtons(dialog)).toEqual([
      'google',
      'x',
      'farcaster',
      'discord',
      'apple',
      'github',
      'facebook',
    ])
    const fewer = within.getByRole('button', { name: 'Fewer sign-in options' })
    expect(fewer.getAttribute('aria-expanded')).toBe('true')
    // Every mark is decorative: the button's name says the provider.
    for (const svg of dialog.querySelectorAll('[data-foyer-social] svg'))
      expect(svg.getAttribute('aria-hidden')).toBe('true')
  })

  test('shows no button the server cannot run, and follows the app’s list and order', async () => {
    serveConfig(['github', 'google'])
    const foyer = newFoyer({ features: { socials: ['github', 'discord', 'google'] } })
    renderDialog(foyer)
    const { dialog } = await findDialog()
    await waitFor(() => expect(socialButtons(dialog)).toEqual(['github', 'google']))
    expect(dialog.querySelector('[data-foyer-social-more]')).toBeNull()
  })

  test('shows no section when the app turns social login off; the config is read once, by the dialog', async () => {
    const urls = serveConfig(['google'])
    const foyer = newFoyer({ features: { socials: false } })
    renderDialog(foyer)
    const { dialog } = await findDialog()
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(dialog.querySelector('[data-foyer-section="social"]')).toBeNull()
    // The dialog reads the project's settings once when it opens; social login asks nothing more.
    expect(urls.filter((url) => url.includes('/appkit/v1/config')).length).toBeLessThanOrEqual(1)
  })
})
