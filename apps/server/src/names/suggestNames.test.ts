import { nameLabelProblem } from '@foyer/protocol'
import { getAddress } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createDatabase, type FoyerDatabase } from '../db/createDatabase.ts'
import { storeRegistration } from './nameStore.ts'
import { parseRegistrableName } from './parseRegistrableName.ts'
import { nameVariants, suggestNames } from './suggestNames.ts'

const zone = 'foyer.eth'

describe('nameVariants', () => {
  it('offers digits, hyphenated numbers and words, interleaved', () => {
    expect(nameVariants('alice').slice(0, 6)).toEqual([
      'alice1',
      'alice-1',
      'alice-id',
      'alice2',
      'alice-2',
      'alice-me',
    ])
  })

  it('keeps every variant a valid label, also for the longest labels', () => {
    for (const label of ['abcd', 'a'.repeat(63), `${'a'.repeat(60)}-bc`, 'ab-c']) {
      const variants = nameVariants(label)
      expect(variants.length).toBeGreaterThanOrEqual(20)
      for (const variant of variants)
        expect([variant, nameLabelProblem(variant)]).toEqual([variant, undefined])
      expect(variants).not.toContain(label)
    }
  })
})

describe('suggestNames on PGlite', () => {
  let database: FoyerDatabase
  let counter = 0
  const register = (label: string) =>
    storeRegistration({
      db: database.db,
      name: `${label}.${zone}`,
      zone,
      projectId: 'p',
      address: getAddress(`0x${(++counter).toString(16).padStart(40, '0')}`),
      attributes: {},
      message: `m${counter}`,
      messageExpiresAt: new Date(Date.now() + 600_000),
    })
  const suggest = (label: string, random?: () => number) =>
    suggestNames({ db: database.db, name: parseRegistrableName(label, zone), random })

  beforeAll(async () => {
    database = await createDatabase({ dataDir: 'memory://' })
  })
  afterAll(async () => {
    await database?.destroy()
  })

  it('answers a free name first, then free variants', async () => {
    expect(await suggest('Carol')).toEqual([
      { name: 'carol.foyer.eth', registered: false },
      { name: 'carol1.foyer.eth', registered: false },
      { name: 'carol-1.foyer.eth', registered: false },
      { name: 'carol-id.foyer.eth', registered: false },
      { name: 'carol2.foyer.eth', registered: false },
      { name: 'carol-2.foyer.eth', registered: false },
    ])
  })

  it('flags a taken name and offers only free variants', async () => {
    await register('dave')
    await register('dave1')
    await register('dave-id')
    const suggestions = await suggest('dave')
    expect(suggestions[0]).toEqual({ name: 'dave.foyer.eth', registered: true })
    expect(suggestions.slice(1).map((entry) => entry.name)).toEqual([
      'dave-1.foyer.eth',
      'dave2.foyer.eth',
      'dave-2.foyer.eth',
      'dave-me.foyer.eth',
      'dave3.foyer.eth',
    ])
    expect(suggestions.slice(1).every((entry) => !entry.registered)).toBe(true)
  })

  it('still offers at least 3 free names when every fixed variant is taken', async () => {
    await register('erin')
    for (const variant of nameVariants('erin')) await register(variant)
    let next = 1000
    const suggestions = await suggest('erin', () => next++)
    expect(suggestions[0]).toEqual({ name: 'erin.foyer.eth', registered: true })
    expect(suggestions.slice(1).map((entry) => entry.name)).toEqual([
      'erin1000.foyer.eth',
      'erin1001.foyer.eth',
      'erin1002.foyer.eth',
      'erin1003.foyer.eth',
      'erin1004.foyer.eth',
    ])
  })
})
