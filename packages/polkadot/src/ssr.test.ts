// The default (node) environment: no window, as in a server render.
import { describe, expect, it } from 'vitest'
import * as foyerPolkadot from './index.ts'

describe('@foyer/polkadot on a server', () => {
  it('imports without a window and sets up with no connectors', () => {
    expect(typeof window).toBe('undefined')
    const adapter = foyerPolkadot.polkadotAdapter({ appName: 'Foyer tests' })
    const lists: unknown[] = []
    const teardown = adapter.setup({
      networks: [foyerPolkadot.polkadot],
      onConnectorsChange: (connectors) => lists.push(connectors),
    })
    expect(adapter.getConnectors()).toEqual([])
    expect(lists).toEqual([[]])
    teardown()
  })
})
