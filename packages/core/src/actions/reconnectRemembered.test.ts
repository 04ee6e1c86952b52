import { describe, expect, it } from 'vitest'
import { createMemoryStorage, createStorage } from '../storage/createStorage.ts'
import { createMemoryWallet, createTestFoyer } from '../test-utils.ts'
import { connect } from './connect.ts'
import { reconnectRemembered } from './reconnectRemembered.ts'

const address = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'

describe('reconnectRemembered', () => {
  it('does nothing on a first visit: no wallet remembered, no status change', async () => {
    const foyer = createTestFoyer()
    const pending = reconnectRemembered(foyer)
    expect(foyer.getState().status).toBe('disconnected')
    await expect(pending).resolves.toEqual([])
    foyer.storage.setItem('connectedConnectors', { eip155: [] })
    await expect(reconnectRemembered(foyer)).resolves.toEqual([])
    expect(foyer.getState().status).toBe('disconnected')
  })

  it("restores a remembered wallet, reading 'connecting' from the call on", async () => {
    const wallet = createMemoryWallet({ namespace: 'eip155', address })
    const storage = createStorage({ storage: createMemoryStorage() })
    const first = createTestFoyer({ adapters: [wallet.adapter()], storage })
    await connect(first, { connectorId: 'eip155-wallet' })
    first.destroy()

    const reloaded = createTestFoyer({ adapters: [wallet.adapter()], storage })
    const pending = reconnectRemembered(reloaded)
    expect(reloaded.getState().status).toBe('connecting')
    const restored = await pending
    expect(restored.map((connection) => connection.connectorId)).toEqual(['eip155-wallet'])
    expect(reloaded.getState()).toMatchObject({ status: 'connected', account: { address } })
  })
})
