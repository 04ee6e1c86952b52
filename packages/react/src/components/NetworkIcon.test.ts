import { BUILT_IN_NETWORKS } from '@foyer/core/networks'
import { describe, expect, test } from 'vitest'
import { networkIconSvg, networkMarkOf } from './NetworkIcon.tsx'

describe('network marks', () => {
  test('every built-in EVM network has a mark of its own; the rest their namespace', () => {
    const marks = Object.fromEntries(
      BUILT_IN_NETWORKS.map((network) => [network.name, networkMarkOf(network)]),
    )
    expect(marks).toEqual({
      Ethereum: 'ethereum',
      Sepolia: 'sepolia',
      Base: 'base',
      'OP Mainnet': 'optimism',
      'Arbitrum One': 'arbitrum',
      Polygon: 'polygon',
      Anvil: 'anvil',
      'Anvil B': 'anvil',
      Solana: 'solana',
      'Solana Devnet': 'solana',
      'Solana Testnet': 'solana',
      Bitcoin: 'bitcoin',
      'Bitcoin Testnet': 'bitcoin',
    })
    expect(
      networkMarkOf({
        caipNetworkId: 'polkadot:91b171bb158e2d3848fa23a9f1c25182',
        chainNamespace: 'polkadot',
      }),
    ).toBe('polkadot')
    expect(networkMarkOf({ caipNetworkId: 'cosmos:cosmoshub-4', chainNamespace: 'cosmos' })).toBe(
      'cosmos',
    )
    // An EVM network Foyer does not know: the neutral diamond, no monogram.
    expect(networkMarkOf({ caipNetworkId: 'eip155:999999', chainNamespace: 'eip155' })).toBe('evm')
  })

  test('draws inline SVG, different for different marks, referencing nothing outside', () => {
    const svgs = BUILT_IN_NETWORKS.map(networkIconSvg)
    for (const svg of svgs) {
      expect(svg).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" viewBox="0 0 24 24">/)
      expect(svg).not.toMatch(/href|url\(/)
    }
    expect(new Set(svgs).size).toBe(new Set(BUILT_IN_NETWORKS.map(networkMarkOf)).size)
  })
})
