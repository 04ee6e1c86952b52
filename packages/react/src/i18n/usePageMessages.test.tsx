// @vitest-environment happy-dom
import { act, cleanup, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, test, vi } from 'vitest'
import { ConnectButton } from '../components/ConnectButton.tsx'
import { FoyerProvider } from '../FoyerProvider.tsx'
import { createTestSetup } from '../testUtils.tsx'

// Which language modules the page really imported.
const { imported, record } = vi.hoisted(() => {
  const imported: string[] = []
  const record = (name: string) => async (importOriginal: () => Promise<unknown>) => {
    imported.push(name)
    return importOriginal()
  }
  return { imported, record }
})
vi.mock('./pageLocale.ts', record('page texts'))
vi.mock('./locales/de.ts', record('dialog catalog de'))

afterEach(() => {
  cleanup()
  vi.restoreAllMocks()
  imported.length = 0
  document.body.innerHTML = ''
})

function renderButton(config: Parameters<typeof createTestSetup>[0] = {}) {
  const { foyer } = createTestSetup(config)
  render(
    <FoyerProvider foyer={foyer} reconnectOnMount={false}>
      <ConnectButton />
    </FoyerProvider>,
  )
  return foyer
}

describe("the buttons' language on the host page", () => {
  test('an English page fetches no language module at all', async () => {
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['en-GB', 'de'])
    renderButton()
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)))
    expect(screen.getByRole('button').textContent).toBe('Connect Wallet')
    expect(imported).toEqual([])
  })

  test("another language fetches the page's texts only, never the dialog's catalog", async () => {
    renderButton({ config: { locale: 'de-AT' } })
    expect(await screen.findByRole('button', { name: 'Wallet verbinden' })).toBeTruthy()
    expect(imported).toEqual(['page texts'])
  })
})
