import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { createOneTimeCode, digestsMatch, hashOneTimeCode } from './oneTimeCode.ts'

const key = new Uint8Array(32).fill(7)
const projectId = 'project-a'

describe('one-time codes', () => {
  it('are always six digits', () => {
    for (let i = 0; i < 200; i++) expect(createOneTimeCode()).toMatch(/^\d{6}$/)
  })

  it('match only the same code for the same email, purpose and project', () => {
    fc.assert(
      fc.property(
        fc.stringMatching(/^\d{6}$/),
        fc.stringMatching(/^\d{6}$/),
        fc.emailAddress(),
        (code, other, email) => {
          const stored = hashOneTimeCode({ key, projectId, purpose: 'login', email, code })
          expect(
            digestsMatch(
              stored,
              hashOneTimeCode({ key, projectId, purpose: 'login', email, code }),
            ),
          ).toBe(true)
          expect(
            digestsMatch(
              stored,
              hashOneTimeCode({ key, projectId, purpose: 'login', email, code: other }),
            ),
          ).toBe(code === other)
          expect(
            digestsMatch(
              stored,
              hashOneTimeCode({ key, projectId, purpose: 'update_primary', email, code }),
            ),
          ).toBe(false)
          expect(
            digestsMatch(
              stored,
              hashOneTimeCode({ key, projectId: 'project-b', purpose: 'login', email, code }),
            ),
          ).toBe(false)
        },
      ),
    )
  })

  it('never stores the code itself', () => {
    const stored = hashOneTimeCode({
      key,
      projectId,
      purpose: 'login',
      email: 'a@b.co',
      code: '123456',
    })
    expect(stored).not.toContain('123456')
    expect(stored).toMatch(/^[0-9a-f]{64}$/)
  })
})
