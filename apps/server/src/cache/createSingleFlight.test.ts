import { describe, expect, it } from 'vitest'
import { createSingleFlight } from './createSingleFlight.ts'

/** A read that finishes when the test says so, counting how often it was started. */
function controlledRead<result>() {
  let started = 0
  let finish: (value: result) => void = () => {}
  let fail: (reason: unknown) => void = () => {}
  const read = () => {
    started++
    return new Promise<result>((resolve, reject) => {
      finish = resolve
      fail = reject
    })
  }
  return {
    read,
    started: () => started,
    finish: (value: result) => finish(value),
    fail: (reason: unknown) => fail(reason),
  }
}

describe('createSingleFlight', () => {
  it('shares one read among concurrent callers of the same key', async () => {
    const flights = createSingleFlight()
    const balance = controlledRead<string>()
    const answers = Promise.all(
      Array.from({ length: 20 }, () => flights.run('balance:a', balance.read)),
    )
    expect(balance.started()).toBe(1)
    balance.finish('[1]')
    expect(await answers).toEqual(Array.from({ length: 20 }, () => '[1]'))
  })

  it('reads each key on its own', async () => {
    const flights = createSingleFlight()
    const a = controlledRead<string>()
    const b = controlledRead<string>()
    const first = flights.run('balance:a', a.read)
    const second = flights.run('balance:b', b.read)
    expect([a.started(), b.started()]).toEqual([1, 1])
    a.finish('a')
    b.finish('b')
    expect([await first, await second]).toEqual(['a', 'b'])
  })

  it('reads again once a read has settled, so nothing stale is kept', async () => {
    const flights = createSingleFlight()
    const balance = controlledRead<string>()
    const first = flights.run('balance:a', balance.read)
    balance.finish('old')
    await first
    expect(flights.size).toBe(0)
    const second = flights.run('balance:a', balance.read)
    expect(balance.started()).toBe(2)
    balance.finish('new')
    expect(await second).toBe('new')
  })

  it('hands a failure to every waiting caller, and the next caller tries again', async () => {
    const flights = createSingleFlight()
    const balance = controlledRead<string>()
    const waiting = [flights.run('balance:a', balance.read), flights.run('balance:a', balance.read)]
    balance.fail(new Error('RPC down'))
    for (const caller of waiting) await expect(caller).rejects.toThrow('RPC down')
    const retry = flights.run('balance:a', balance.read)
    expect(balance.started()).toBe(2)
    balance.finish('[]')
    expect(await retry).toBe('[]')
  })
})
