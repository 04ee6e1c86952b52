import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createDatabase, type FoyerDatabase } from '../db/createDatabase.ts'
import { type CodeTarget, createCodeStore } from './codeStore.ts'
import type { EmbeddedApiError } from './errors.ts'

// A code whose mail could not be sent (SMTP down) is withdrawn: the visitor may ask again at once
// and no code they never received stays valid.

let database: FoyerDatabase
beforeAll(async () => {
  database = await createDatabase({ dataDir: 'memory://' })
})
afterAll(async () => {
  await database?.destroy()
})

let counter = 0
const newTarget = (): CodeTarget => ({ projectId: 'p', email: `withdraw${counter++}@example.com` })
const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => {
      throw new Error('expected a failure')
    },
    (error: EmbeddedApiError) => error,
  )

describe('code store: a code whose mail was not sent', () => {
  it('withdraws that code and the cooldown it took, and leaves the other codes valid', async () => {
    const codes = createCodeStore({
      db: database.db,
      key: new Uint8Array(32).fill(3),
      now: () => Date.parse('2030-01-01T00:00:00Z'),
    })
    const target = newTarget()
    const delivered = await codes.issue('login', target)
    await codes.claimEmailSlot(target)
    const undelivered = await codes.issue('login', target)
    const otherPurpose = await codes.issue('update_primary', target)
    const neighbour = newTarget()
    await codes.claimEmailSlot(neighbour)

    await codes.withdraw('login', target, undelivered)

    expect((await failure(codes.consume('login', target, undelivered))).code).toBe('invalid_otp')
    await codes.consume('login', target, delivered)
    await codes.consume('update_primary', target, otherPurpose)
    // The address may be mailed again at once; another address keeps its cooldown.
    await codes.claimEmailSlot(target)
    expect((await failure(codes.claimEmailSlot(neighbour))).code).toBe('rate_limited')
  })
})
