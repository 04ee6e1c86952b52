import { describe, expect, it } from 'vitest'
import { createOriginDecisions } from './createOriginDecisions.ts'
import { matchOrigin } from './matchOrigin.ts'

describe('createOriginDecisions', () => {
  const origins = [
    'http://localhost:5173',
    'https://app.example.com',
    'https://a.b.example.com',
    'https://example.com',
    'https://evil.test',
    'not an origin',
  ]

  it('decides every origin as matchOrigin does, also when asked again', () => {
    const decisions = createOriginDecisions()
    const allowList = ['http://localhost:*', 'https://*.example.com']
    for (let round = 0; round < 2; round++)
      for (const origin of origins)
        expect(decisions.isAllowed(origin, allowList), origin).toBe(matchOrigin(origin, allowList))
  })

  it('decides a changed allow-list afresh', () => {
    const decisions = createOriginDecisions()
    expect(decisions.isAllowed('https://evil.test', ['https://app.example.com'])).toBe(false)
    expect(decisions.isAllowed('https://evil.test', ['https://evil.test'])).toBe(true)
  })

  it('stays right past the number of origins it remembers', () => {
    const decisions = createOriginDecisions({ maxOriginsPerList: 2 })
    const allowList = ['https://*.example.com']
    for (let i = 0; i < 5; i++) {
      expect(decisions.isAllowed(`https://app${i}.example.com`, allowList)).toBe(true)
      expect(decisions.isAllowed(`https://app${i}.evil.test`, allowList)).toBe(false)
    }
  })
})
