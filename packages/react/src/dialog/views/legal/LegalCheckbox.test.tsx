// @vitest-environment happy-dom
import {
  type BaseStorage,
  createFoyer,
  createMemoryStorage,
  createStorage,
  type FoyerConfig,
  open,
  STORAGE_KEYS,
} from '@foyer/core'
import { anvil } from '@foyer/core/networks'
import { act, cleanup, fireEvent, render } from '@testing-library/react'
import { afterEach, describe, expect, test } from 'vitest'
import { FoyerProvider } from '../../../FoyerProvider.tsx'
import { findDialog, idleWalletsAdapter } from '../../../testUtils.tsx'

afterEach(() => {
  cleanup()
  document.body.innerHTML = ''
})

const terms = 'https://app.example/terms'
const privacy = 'https://app.example/privacy'

/** A wallet and an embedded-wallet email login: the connect rows the checkbox guards. */
const adapters = [
  idleWalletsAdapter([
    { id: 'amber', name: 'Amber Wallet', type: 'injected' },
    {
      id: 'embedded',
      name: 'Email',
      type: 'auth',
      extra: { connectEmail: async () => ({}), isPasskeyLoginAvailable: () => false },
    },
  ]),
]

async function openConnect(config: Partial<FoyerConfig>, storage = createMemoryStorage()) {
  const foyer = createFoyer({
    networks: [anvil],
    adapters,
    storage: createStorage({ storage }),
    features: { socials: false },
    ...config,
  })
  render(
    <FoyerProvider foyer={foyer} reconnectOnMount={false}>
      <span />
    </FoyerProvider>,
  )
  act(() => open(foyer))
  const found = await findDialog()
  await found.within.findByRole('button', { name: /Amber Wallet/ })
  return { foyer, storage, ...found }
}

/** Disabled as a browser decides it: its own attribute or a disabled fieldset around it. */
const isDisabled = (element: Element) =>
  element.matches(':disabled') || element.closest('fieldset:disabled') !== null

/** Every way to connect the Connect view offers. */
function connectRows(dialog: HTMLElement) {
  const rows = [
    ...dialog.querySelectorAll('[data-connector-id], [data-foyer-email-login] input'),
    ...[...dialog.querySelectorAll('button')].filter((button) =>
      /All Wallets|Continue/.test(button.textContent ?? ''),
    ),
  ]
  expect(rows.length).toBeGreaterThanOrEqual(4)
  return rows
}

const legalOn = { features: { legalCheckbox: true, socials: false as const } }

describe('the legal checkbox', () => {
  test('is off by default: no checkbox, every row usable', async () => {
    const { dialog } = await openConnect({ termsConditionsUrl: terms, privacyPolicyUrl: privacy })
    expect(dialog.querySelector('[data-foyer-legal]')).toBeNull()
    expect(connectRows(dialog).filter(isDisabled)).toEqual([])
  })

  test('blocks every connect row (wallets, email, All Wallets) until ticked', async () => {
    const { dialog, within, storage } = await openConnect({
      ...legalOn,
      termsConditionsUrl: terms,
      privacyPolicyUrl: privacy,
    })
    const checkbox = within.getByRole('checkbox', {
      name: 'I agree to the Terms of Service (opens in a new tab) and Privacy Policy (opens in a new tab)',
    }) as HTMLInputElement
    expect(checkbox.checked).toBe(false)
    expect(connectRows(dialog).every(isDisabled)).toBe(true)

    fireEvent.click(checkbox)
    expect(checkbox.checked).toBe(true)
    expect(connectRows(dialog).filter(isDisabled)).toEqual([])
    expect(createStorage({ storage }).getItem(STORAGE_KEYS.legalConsent)).toEqual({
      termsConditionsUrl: terms,
      privacyPolicyUrl: privacy,
    })

    // Unticked, it blocks again and is forgotten.
    fireEvent.click(checkbox)
    expect(connectRows(dialog).every(isDisabled)).toBe(true)
    expect(createStorage({ storage }).getItem(STORAGE_KEYS.legalConsent)).toBeUndefined()
  })

  test("links the app's documents in a new tab, without giving them the page", async () => {
    const { within } = await openConnect({
      ...legalOn,
      termsConditionsUrl: terms,
      privacyPolicyUrl: privacy,
    })
    for (const [name, href] of [
      [/Terms of Service/, terms],
      [/Privacy Policy/, privacy],
    ] as const) {
      const link = within.getByRole('link', { name })
      expect(link.getAttribute('href')).toBe(href)
      expect(link.getAttribute('target')).toBe('_blank')
      expect(link.getAttribute('rel')).toContain('noopener')
    }
  })

  test('remembers the tick on the next visit, and asks again for other terms', async () => {
    const storage: BaseStorage = createMemoryStorage()
    const first = await openConnect(
      { ...legalOn, termsConditionsUrl: terms, privacyPolicyUrl: privacy },
      storage,
    )
    fireEvent.click(first.within.getByRole('checkbox'))
    cleanup()
    document.body.innerHTML = ''

    const again = await openConnect(
      { ...legalOn, termsConditionsUrl: terms, privacyPolicyUrl: privacy },
      storage,
    )
    expect((again.within.getByRole('checkbox') as HTMLInputElement).checked).toBe(true)
    expect(connectRows(again.dialog).filter(isDisabled)).toEqual([])
    cleanup()
    document.body.innerHTML = ''

    const newTerms = await openConnect(
      { ...legalOn, termsConditionsUrl: `${terms}-2026`, privacyPolicyUrl: privacy },
      storage,
    )
    expect((newTerms.within.getByRole('checkbox') as HTMLInputElement).checked).toBe(false)
    expect(connectRows(newTerms.dialog).every(isDisabled)).toBe(true)
  })

  test('names only the document the app links', async () => {
    const { within } = await openConnect({ ...legalOn, termsConditionsUrl: terms })
    expect(
      within.getByRole('checkbox', {
        name: 'I agree to the Terms of Service (opens in a new tab)',
      }),
    ).toBeTruthy()
    expect(within.queryByRole('link', { name: /Privacy Policy/ })).toBeNull()
  })

  test('speaks the dialog’s language, the links inside the sentence', async () => {
    const { within } = await openConnect({
      ...legalOn,
      locale: 'ja',
      termsConditionsUrl: terms,
      privacyPolicyUrl: privacy,
    })
    const checkbox = within.getByRole('checkbox')
    expect(checkbox.closest('label')?.textContent).toBe(
      '利用規約 （新しいタブで開きます）とプライバシーポリシー （新しいタブで開きます）に同意します',
    )
  })
})
