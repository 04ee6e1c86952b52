import type { CaipNetwork } from '@foyer/core'
import { describe, expect, it } from 'vitest'
import { createPolkadotNetwork, getSs58Prefix, getWsUrl, kusama, polkadot } from './networks.ts'

describe('Polkadot networks', () => {
  it('names Polkadot and Kusama by the first 32 hex characters of their genesis hash', () => {
    expect(polkadot).toMatchObject({
      caipNetworkId: 'polkadot:91b171bb158e2d3848fa23a9f1c25182',
      chainNamespace: 'polkadot',
      nativeCurrency: { symbol: 'DOT', decimals: 10 },
      rpcUrls: { default: { webSocket: ['wss://rpc.polkadot.io'] } },
      ss58Prefix: 0,
    })
    expect(kusama).toMatchObject({
      caipNetworkId: 'polkadot:b0a8d493285c2df73290dfb7e61f870f',
      nativeCurrency: { symbol: 'KSM', decimals: 12 },
      ss58Prefix: 2,
    })
  })

  it('creates a network from a chain description, keeping the full genesis hash', () => {
    const network = createPolkadotNetwork({
      genesisHash: `0x${'AB'.repeat(32)}`,
      name: 'Local',
      wsUrl: 'ws://127.0.0.1:9944',
      symbol: 'ROC',
      decimals: 12,
      testnet: true,
    })
    expect(network).toMatchObject({
      id: 'ab'.repeat(16),
      caipNetworkId: `polkadot:${'ab'.repeat(16)}`,
      genesisHash: `0x${'ab'.repeat(32)}`,
      ss58Prefix: 42,
      testnet: true,
      rpcUrls: { default: { http: ['http://127.0.0.1:9944'], webSocket: ['ws://127.0.0.1:9944'] } },
    })
    expect(getWsUrl(network)).toBe('ws://127.0.0.1:9944')
  })

  it('refuses a genesis hash that is not 32 bytes', () => {
    expect(() =>
      createPolkadotNetwork({
        genesisHash: '0x1234',
        name: 'x',
        wsUrl: 'ws://x',
        symbol: 'X',
        decimals: 1,
      }),
    ).toThrow('is not a 32-byte genesis hash')
  })

  it('knows the SS58 prefix of its own and the built-in networks, else the generic 42', () => {
    const { ss58Prefix: _, genesisHash: __, ...plainKusama } = kusama
    expect(getSs58Prefix(plainKusama as CaipNetwork)).toBe(2)
    expect(getSs58Prefix(polkadot)).toBe(0)
    expect(getSs58Prefix({ ...plainKusama, caipNetworkId: 'polkadot:00' } as CaipNetwork)).toBe(42)
  })
})
