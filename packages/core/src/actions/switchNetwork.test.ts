import { describe, expect, it } from 'vitest'
import { createTestFoyer } from '../test-utils.ts'
import { switchNetwork } from './switchNetwork.ts'

describe('switchNetwork without a wallet', () => {
  it('changes the active network and remembers it', async () => {
    const foyer = createTestFoyer()
    const events: string[] = []
    foyer.subscribeEvents((event) => events.push(event.type))
    await switchNetwork(foyer, { network: 'eip155:31338' })
    expect(foyer.getState().activeNetwork.caipNetworkId).toBe('eip155:31338')
    expect(foyer.storage.getItem('activeNetworkByNamespace')).toEqual({ eip155: 'eip155:31338' })
    expect(events).toEqual(['SWITCH_NETWORK'])
  })

  it("rejects a network missing from the config with 'Network not found'", async () => {
    const foyer = createTestFoyer()
    await expect(switchNetwork(foyer, { network: 'eip155:1' })).rejects.toMatchObject({
      name: 'NetworkNotFoundError',
      shortMessage: 'Network not found',
    })
  })
})
