// @vitest-environment happy-dom
import { ALERTS, type AlertCode, open, showAlert } from '@foyer/core'
import { act, cleanup, render } from '@testing-library/react'
import { afterEach, describe, expect, test } from 'vitest'
import { FoyerProvider } from '../FoyerProvider.tsx'
import { createTestSetup, findDialog } from '../testUtils.tsx'

afterEach(() => {
  cleanup()
  document.body.innerHTML = ''
})

async function openWithAlert(code: AlertCode, locale?: string) {
  const { foyer } = createTestSetup({ config: { locale } })
  render(<FoyerProvider foyer={foyer} reconnectOnMount={false} />)
  act(() => {
    open(foyer)
    showAlert(foyer, { code })
  })
  const found = await findDialog()
  return { ...found, alert: await found.within.findByRole('alert') }
}

describe('SPEC §8 alerts in the dialog', () => {
  test("every code reads from the catalog: in German, none shows core's English", async () => {
    for (const [code, { shortMessage, longMessage }] of Object.entries(ALERTS)) {
      const { alert } = await openWithAlert(code as AlertCode, 'de')
      expect(alert.textContent, code).not.toContain(shortMessage)
      expect(alert.textContent, code).not.toContain(longMessage)
      cleanup()
      document.body.innerHTML = ''
    }
  })

  test('in English they read as SPEC §8 words them', async () => {
    const { alert } = await openWithAlert('RATE_LIMITED')
    expect(alert.textContent).toContain('Rate Limited')
    expect(alert.textContent).toContain(ALERTS.RATE_LIMITED.longMessage)
  })

  test("are in the dialog's language, the dismiss button too", async () => {
    const { alert, within } = await openWithAlert('UNVERIFIED_DOMAIN', 'de')
    expect(alert.textContent).toContain('Nicht verifizierte Domain')
    expect(alert.textContent).toContain('Diese Domain ist für das Projekt nicht verifiziert.')
    expect(
      within.getByRole('button', { name: 'Ausblenden: Nicht verifizierte Domain' }),
    ).toBeTruthy()
  })
})
