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

  it("takes the Bitcoin, Cosmos and Polkadot wallets' signatures in their own encodings", () => {
    const namespaces = {
      // BIP-322 simple, base64.
      bip122:
        'AkcwRAIgM2gBAQqvZX15ZiysmKmQpDrG83avLIT492QBzLnQIxYCIBaTpOaD20qRlEylyxFSeEA2ba9YOixpX8z46TSDtS40ASECx/EgAxlkQpQ9hYjgGu6EBCPMVPwVIVJqO4XCsMvViHI=',
      // What the Cosmos connector's signMessage returns: the StdSignature as JSON.
      cosmos: JSON.stringify({
        pub_key: {
          type: 'tendermint/PubKeySecp256k1',
          value: 'A08EGB7ro1ORuFhjOnZcSgwYlpe0DSFjVNUIkNNQxwKQ',
        },
        signature:
          'AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8gISIjJCUmJygpKissLS4vMDEyMzQ1Njc4OTo7PD0+Pw==',
      }),
      polkadot: `0x${'ab'.repeat(64)}`,
    }
    for (const [namespace, signature] of Object.entries(namespaces))
      expect(v.is(postSiwxVerifyBody, { ...body, namespace, signature })).toBe(true)
  })

  it('refuses CR, NUL and lone surrogates in the message, and malformed fields', () => {
    for (const message of ['a\r\nb', 'a\u0000b', 'a\ud800b', ''])
      expect(v.is(postSiwxVerifyBody, { ...body, message })).toBe(false)
    expect(v.is(postSiwxVerifyBody, { ...body, signature: 'a b' })).toBe(false)
    // JSON is one object on one line; nothing around it.
    for (const signature of ['{"signature":"x"}\n', '{"a":"\u0007"}', 'x{"a":1}', '["a"]'])
      expect(v.is(postSiwxVerifyBody, { ...body, signature })).toBe(false)
    expect(v.is(postSiwxVerifyBody, { ...body, namespace: 'EIP155' })).toBe(false)
    expect(v.is(postSiwxVerifyBody, { ...body, cacao: 'x' })).toBe(false)
  })
})
