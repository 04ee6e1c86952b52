import { describe, expect, it } from 'vitest'
import { BaseError } from './base.ts'
import { ConnectionFailedError, UserRejectedRequestError } from './connection.ts'
import { getErrorCode, isUserRejectedRequestError } from './rpc.ts'

describe('errors', () => {
  it('keeps the catalogue text as shortMessage and the cause in details', () => {
    const error = new ConnectionFailedError({ cause: new Error('socket hang up') })
    expect(error).toBeInstanceOf(BaseError)
    expect(error.shortMessage).toBe('Failed to connect')
    expect(error.details).toBe('socket hang up')
    expect(error.message).toContain('Details: socket hang up')
  })

  it('finds EIP-1193 codes through causes and wrapped originals', () => {
    const wallet = Object.assign(new Error('User rejected the request.'), { code: 4001 })
    expect(isUserRejectedRequestError(wallet)).toBe(true)
    expect(isUserRejectedRequestError(new UserRejectedRequestError({ cause: wallet }))).toBe(true)
    expect(getErrorCode({ code: -32603, data: { originalError: { code: 4902 } } })).toBe(-32603)
    expect(getErrorCode({ data: { originalError: { code: 4902 } } })).toBe(4902)
    expect(getErrorCode(new Error('plain'))).toBeUndefined()
  })
})
