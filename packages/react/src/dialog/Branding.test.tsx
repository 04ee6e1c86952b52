// @vitest-environment happy-dom
import { type FoyerConfig, open } from '@foyer/core'
import { act, cleanup, render, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, test, vi } from 'vitest'
import { FoyerProvider } from '../FoyerProvider.tsx'
import { createTestSetup, findDialog } from '../testUtils.tsx'

afterEach(() => {
  cleanup()
  vi.restoreAllMocks()
  document.body.innerHTML = ''
})

async function openDialog(config: Partial<FoyerConfig> = {}) {
  const { foyer } = createTestSetup({ config })
  render(
    <FoyerProvider foyer={foyer} reconnectOnMount={false}>
      <span />
    </FoyerProvider>,
  )
  act(() => open(foyer))
  return findDialog()
}

const brandingLine = (dialog: HTMLElement) =>
  dialog.querySelector('[data-foyer-branding]')?.textContent ?? null

describe('the branding line', () => {
  test('says "Powered by Foyer" at the foot of the dialog by default (SPEC §6)', async () => {
    const { dialog } = await openDialog()
    expect(brandingLine(dialog)).toBe('Powered by Foyer')
  })

  test('is hidden when the app turns branding off', async () => {
    const { dialog } = await openDialog({ features: { branding: false } })
    expect(dialog.querySelector('.foyer-view')?.firstElementChild).toBeTruthy()
    expect(brandingLine(dialog)).toBeNull()
  })

  test("is hidden when the project's server turns branding off", async () => {
    vi.spyOn(globalThis, 'fetch').mockImplementation(async () =>
      Response.json({
        projectId: 'demo',
        name: 'Demo',
        features: {
          email: true,
          socials: [],
          swaps: true,
          onramp: true,
          activity: true,
          multiWallet: false,
          branding: false,
          analytics: false,
        },
      }),
    )
    const { dialog } = await openDialog({ serverUrl: 'http://server.test', projectId: 'demo' })
    await waitFor(() => expect(brandingLine(dialog)).toBeNull())
  })

  test('speaks the dialog’s language and keeps the name', async () => {
    const { dialog } = await openDialog({ locale: 'fr' })
    expect(brandingLine(dialog)).toBe('Propulsé par Foyer')
  })
})
