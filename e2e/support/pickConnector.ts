import type { Locator } from 'playwright-core'
import { expect } from 'vitest'

/**
 * Picks a wallet in the dialog's Connect view by one of its connectors: the wallet's row (one row
 * per wallet, whatever namespaces it serves), then, when the wallet has a connector of its own per
 * namespace, that connector's namespace in the ConnectingMultiChain chooser.
 */
export async function pickConnector(dialog: Locator, connectorId: string) {
  const row = dialog.locator(`[data-connector-ids~="${connectorId}"]`)
  await expect.poll(() => row.isVisible(), { timeout: 10_000 }).toBe(true)
  await row.click()
  // The next view, or none: a wallet that connects at once closes the dialog.
  const view = async () =>
    (await dialog.count()) === 0
      ? 'closed'
      : await dialog.getAttribute('data-view', { timeout: 1_000 }).catch(() => 'closed')
  await expect.poll(view).not.toBe('Connect')
  if ((await view()) !== 'ConnectingMultiChain') return
  await dialog.locator(`[data-connector-id="${connectorId}"]`).click()
}
