import { describe, expect, it } from 'vitest'
import { createTestFoyer } from '../test-utils.ts'
import { switchConnection } from './switchConnection.ts'

describe('switchConnection', () => {
  it('rejects any status other than connected, active or disconnected', async () => {
    const foyer = createTestFoyer()
    await expect(
      switchConnection(foyer, {
        namespace: 'eip155',
        connection: { connectorId: 'x', status: 'pending' as never },
      }),
    ).rejects.toThrow('Invalid connection status: pending')
  })

  it('rejects a connection whose connector is gone', async () => {
    const foyer = createTestFoyer()
    await expect(
      switchConnection(foyer, {
        namespace: 'eip155',
        connection: { connectorId: 'gone', status: 'connected' },
      }),
    ).rejects.toMatchObject({ shortMessage: 'No connector found for connection: gone' })
  })
})
