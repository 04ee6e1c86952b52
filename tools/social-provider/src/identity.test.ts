import { describe, expect, it } from 'vitest'
import { normalizeEmail, splitName, subjectFor, usernameFor } from './identity.ts'
import { socialProviderIds } from './types.ts'

describe('subjectFor', () => {
  it('is stable for an address, whatever its case or surrounding spaces', () => {
    for (const id of socialProviderIds) {
      expect(subjectFor(id, ' Ada@Example.com ')).toBe(subjectFor(id, 'ada@example.com'))
      expect(subjectFor(id, 'ada@example.com')).not.toBe(subjectFor(id, 'grace@example.com'))
    }
  })

  it('differs between providers', () => {
    const subjects = socialProviderIds.map((id) => subjectFor(id, 'ada@example.com'))
    expect(new Set(subjects).size).toBe(subjects.length)
  })

  it('is shaped like each provider’s ids', () => {
    for (const email of ['a@b.c', 'ada@example.com', 'x'.repeat(60) + '@example.org']) {
      expect(subjectFor('google', email)).toMatch(/^1\d{20}$/)
      expect(subjectFor('apple', email)).toMatch(/^\d{6}\.[0-9a-f]{32}\.\d{4}$/)
      expect(subjectFor('x', email)).toMatch(/^1\d{18}$/)
      expect(subjectFor('facebook', email)).toMatch(/^10\d{15}$/)
      const github = Number(subjectFor('github', email))
      expect(Number.isSafeInteger(github) && github > 0 && github < 2 ** 31).toBe(true)
      const discord = BigInt(subjectFor('discord', email))
      const createdAt = Number((discord >> 22n) + 1_420_070_400_000n)
      expect(createdAt).toBeGreaterThanOrEqual(Date.UTC(2016, 0, 1))
      expect(createdAt).toBeLessThan(Date.UTC(2025, 0, 1))
      expect(discord < 2n ** 63n).toBe(true)
    }
  })
})

describe('usernameFor', () => {
  it('follows each provider’s rules, from the local part', () => {
    expect(usernameFor('github', 'ada.lovelace+test@example.com')).toBe('ada-lovelace-test')
    expect(usernameFor('github', '--@example.com')).toBe('user')
    expect(usernameFor('github', `${'a'.repeat(38)}.b@example.com`)).toBe('a'.repeat(38))
    expect(usernameFor('x', 'ada.lovelace.countess@example.com')).toBe('ada_lovelace_co')
    expect(usernameFor('x', '...@example.com')).toBe('user')
    expect(usernameFor('discord', 'Ada..Lovelace@example.com')).toBe('ada.lovelace')
    expect(usernameFor('discord', 'a@example.com')).toBe('a_0')
  })
})

describe('splitName and normalizeEmail', () => {
  it('split a name as Apple’s form does and compare addresses loosely', () => {
    expect(splitName('  Grace  Brewster Hopper ')).toEqual({
      firstName: 'Grace',
      lastName: 'Brewster Hopper',
    })
    expect(splitName('Cher')).toEqual({ firstName: 'Cher', lastName: '' })
    expect(normalizeEmail(' Ada@Example.COM')).toBe('ada@example.com')
  })
})
