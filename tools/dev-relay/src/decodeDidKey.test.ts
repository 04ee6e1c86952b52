import { base58 } from '@scure/base'
import { encodeIss, generateKeyPair } from '@walletconnect/relay-auth'
import { describe, expect, it } from 'vitest'
import { decodeDidKey } from './decodeDidKey.ts'
import { InvalidDidKeyError } from './errors.ts'

const didKeyOf = (bytes: number[]) => `did:key:z${base58.encode(Uint8Array.from(bytes))}`

describe('decodeDidKey', () => {
  it('reads the public key out of the client id the WalletConnect SDK sends', () => {
    const keyPair = generateKeyPair()
    const clientId = encodeIss(keyPair.publicKey)
    expect(clientId.startsWith('did:key:z6Mk')).toBe(true)
    expect(decodeDidKey(clientId)).toEqual(keyPair.publicKey)
  })

  it('rejects identifiers that are not did:key in base58btc', () => {
    expect(() => decodeDidKey('did:web:example.com')).toThrow(InvalidDidKeyError)
    expect(() => decodeDidKey('did:key:f00ed01')).toThrow(InvalidDidKeyError)
    expect(() => decodeDidKey('did:key:z0OIl')).toThrow(InvalidDidKeyError)
  })

  it('rejects keys of another type or length', () => {
    const secp256k1Key = didKeyOf([0xe7, 0x01, ...new Array(33).fill(2)])
    expect(() => decodeDidKey(secp256k1Key)).toThrow(/not an ed25519 key/)
    expect(() => decodeDidKey(didKeyOf([0xed, 0x01, ...new Array(31).fill(2)]))).toThrow(
      /32-byte key/,
    )
  })
})
