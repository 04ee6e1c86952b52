import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { CHAIN_NAMESPACES } from '../types/network.ts'
import {
  formatCaipAddress,
  formatCaipNetworkId,
  isCaipAddress,
  parseCaipAddress,
  parseCaipNetworkId,
} from './caip.ts'

const part = fc.string({
  unit: fc.constantFrom(...'abcdefXYZ0123456789'),
  minLength: 1,
  maxLength: 50,
})

describe('CAIP addresses', () => {
  it('accepts three non-empty parts with a known namespace', () => {
    expect(isCaipAddress('eip155:1:0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266')).toBe(true)
    fc.assert(
      fc.property(
        fc.constantFrom(...CHAIN_NAMESPACES),
        part,
        part,
        (namespace, reference, address) => isCaipAddress(`${namespace}:${reference}:${address}`),
      ),
    )
  })

  it('rejects unknown namespaces, empty parts and wrong part counts', () => {
    expect(isCaipAddress('tezos:1:abc')).toBe(false)
    expect(isCaipAddress('eip155::abc')).toBe(false)
    expect(isCaipAddress('eip155:1:')).toBe(false)
    expect(isCaipAddress('eip155:1')).toBe(false)
    expect(isCaipAddress('eip155:1:a:b')).toBe(false)
  })

  it('parses what it formats', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...CHAIN_NAMESPACES),
        part,
        part,
        (namespace, reference, address) => {
          const caipNetworkId = formatCaipNetworkId(namespace, reference)
          expect(parseCaipNetworkId(caipNetworkId)).toEqual({ namespace, reference })
          expect(parseCaipAddress(formatCaipAddress(caipNetworkId, address))).toEqual({
            namespace,
            reference,
            caipNetworkId,
            address,
          })
        },
      ),
    )
  })

  it('throws on malformed input', () => {
    expect(() => parseCaipAddress('eip155:1')).toThrow('Invalid CAIP address')
    expect(() => parseCaipNetworkId('foo:1')).toThrow('Invalid CAIP network id')
  })
})
