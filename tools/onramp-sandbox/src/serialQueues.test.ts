import { describe, expect, it } from 'vitest'
import { createSerialQueues } from './serialQueues.ts'

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

describe('createSerialQueues', () => {
  it('runs the tasks of one key one after the other, and keys side by side', async () => {
    const queues = createSerialQueues()
    const log: string[] = []
    const task = (name: string, ms: number) => async () => {
      log.push(`${name} start`)
      await sleep(ms)
      log.push(`${name} end`)
      return name
    }
    const results = Promise.all([
      queues.run('a', task('a1', 30)),
      queues.run('a', task('a2', 1)),
      queues.run('b', task('b1', 5)),
    ])
    expect(await results).toEqual(['a1', 'a2', 'b1'])
    expect(log.indexOf('a2 start')).toBeGreaterThan(log.indexOf('a1 end'))
    expect(log.indexOf('b1 start')).toBeLessThan(log.indexOf('a1 end'))
  })

  it('goes on after a failed task and reports the failure to its caller only', async () => {
    const queues = createSerialQueues()
    const failed = queues.run('a', async () => {
      throw new Error('boom')
    })
    const next = queues.run('a', async () => 'next')
    await expect(failed).rejects.toThrow('boom')
    await expect(next).resolves.toBe('next')
    await queues.idle()
  })
})
