import { generateKeyPair, signJWT } from '@walletconnect/relay-auth'
import { describe, expect, it } from 'vitest'
import { InvalidAuthTokenError } from './errors.ts'
import { verifyRelayAuthToken } from './verifyRelayAuthToken.ts'

const relayUrl = 'ws://127.0.0.1:4402'
const nowSeconds = Math.floor(Date.now() / 1000)

const base64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url')

describe('verifyRelayAuthToken', () => {
  it('accepts the token the WalletConnect SDK signs and returns its did:key as client id', async () => {
    const keyPair = generateKeyPair()
    const token = await signJWT('session', relayUrl, 86_400, keyPair, nowSeconds)
    const { clientId, expiresAt } = verifyRelayAuthToken({
      token,
      audiences: [relayUrl],
      now: Date.now(),
    })
    expect(clientId).toMatch(/^did:key:z6Mk/)
    expect(expiresAt).toBe((nowSeconds + 86_400) * 1000)
  })

  it('accepts an audience written with a trailing slash', async () => {
    const token = await signJWT('session', `${relayUrl}/`, 60, generateKeyPair(), nowSeconds)
    expect(() =>
      verifyRelayAuthToken({ token, audiences: [relayUrl], now: Date.now() }),
    ).not.toThrow()
  })

  it('rejects an expired token', async () => {
    const token = await signJWT('session', relayUrl, 60, generateKeyPair(), nowSeconds - 120)
    expect(() => verifyRelayAuthToken({ token, audiences: [relayUrl], now: Date.now() })).toThrow(
      /token expired/,
    )
  })

  it('rejects a token made for another relay', async () => {
    const token = await signJWT('session', 'wss://relay.example', 60, generateKeyPair())
    expect(() => verifyRelayAuthToken({ token, audiences: [relayUrl], now: Date.now() })).toThrow(
      /aud is not this relay/,
    )
  })

  it('rejects a token whose payload claims another client id than the signer', async () => {
    const token = await signJWT('session', relayUrl, 60, generateKeyPair(), nowSeconds)
    const other = await signJWT('session', relayUrl, 60, generateKeyPair(), nowSeconds)
    const [header, , signature] = token.split('.')
    const forged = [header, other.split('.')[1], signature].join('.')
    expect(() =>
      verifyRelayAuthToken({ token: forged, audiences: [relayUrl], now: Date.now() }),
    ).toThrow(/signature does not match iss/)
  })

  it('rejects unsigned and malformed tokens', async () => {
    const token = await signJWT('session', relayUrl, 60, generateKeyPair(), nowSeconds)
    const [, payload] = token.split('.')
    const unsigned = `${base64url({ alg: 'none', typ: 'JWT' })}.${payload}.`
    for (const bad of [unsigned, 'not-a-jwt', 'a.b.c', `${token.split('.')[0]}.e30.`]) {
      expect(() =>
        verifyRelayAuthToken({ token: bad, audiences: [relayUrl], now: Date.now() }),
      ).toThrow(InvalidAuthTokenError)
    }
  })
})
