import { describe, expect, it } from 'vitest'
import { startOnFreePort } from './freePort.ts'

describe('startOnFreePort', () => {
  it('tries another port when a start fails, and gives up after the attempts', async () => {
    const ports: number[] = []
    const started = await startOnFreePort(async (port) => {
      ports.push(port)
      if (ports.length < 3) throw new Error(`port ${port} taken`)
      return port
    })
    expect(ports).toHaveLength(3)
    expect(started).toBe(ports[2])
    for (const port of ports) expect(port).toBeGreaterThan(0)

    await expect(
      startOnFreePort(async (port) => {
        throw new Error(`port ${port} taken`)
      }, 2),
    ).rejects.toThrow(/^port \d+ taken$/)
  })
})
