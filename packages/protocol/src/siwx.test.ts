import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import { postSiwxVerifyBody } from './siwx.ts'

describe('POST /v1/siwx/verify body', () => {
  const body = {
    message: 'example.com wants you to sign in with your Ethereum account:\n0x…',
    signature: '0xabcd',
    namespace: 'eip155',
  }

  it('takes multi-line messages, hex, base58 and base64 signatures, any CAIP-2 namespace', () => {
    expect(v.is(postSiwxVerifyBody, body)).toBe(true)
    for (const signature of ['3yZe7d', 'q83v/+ab==', 'q83v_-ab'])
      expect(v.is(postSiwxVerifyBody, { ...body, signature })).toBe(true)
    expect(v.is(postSiwxVerifyBody, { ...body, namespace: 'cosmos' })).toBe(true)
    expect(v.is(postSiwxVerifyBody, { ...body, cacao: { h: { t: 'caip122' } } })).toBe(true)
  })

  it('refuses CR, NUL and lone surrogates in the message, and malformed fields', () => {
    for (const message of ['a\r\nb', 'a\u0000b', 'a\ud800b', ''])
      expect(v.is(postSiwxVerifyBody, { ...body, message })).toBe(false)
    expect(v.is(postSiwxVerifyBody, { ...body, signature: 'a b' })).toBe(false)
    expect(v.is(postSiwxVerifyBody, { ...body, namespace: 'EIP155' })).toBe(false)
    expect(v.is(postSiwxVerifyBody, { ...body, cacao: 'x' })).toBe(false)
  })
})
