import { describe, expect, it } from 'vitest'
import { UserRejectedRequestError } from '../errors.ts'
import { toWalletError } from './toWalletError.ts'

describe('toWalletError', () => {
  it.each([
    'Cancelled',
    'Rejected by user',
    'User rejected the request',
    'Request denied',
    'The source https://app.example is not allowed to interact with this extension',
  ])('reads %j as a refusal with code 4001', (message) => {
    const cause = new Error(message)
    const error = toWalletError(cause)
    expect(error).toBeInstanceOf(UserRejectedRequestError)
    expect(error).toMatchObject({ code: 4001, details: message, cause })
  })

  it('keeps other failures as they were', () => {
    const failure = new Error('1010: Invalid Transaction: Inability to pay some fees')
    expect(toWalletError(failure)).toBe(failure)
    const coded = Object.assign(new Error('x'), { code: 4001 })
    expect(toWalletError(coded)).toBe(coded)
  })
})
