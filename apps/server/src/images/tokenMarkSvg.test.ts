import { describe, expect, it } from 'vitest'
import { monogramSvg } from './monogramSvg.ts'
import { tokenMarkSvg } from './tokenMarkSvg.ts'

describe('tokenMarkSvg', () => {
  it('draws a mark, not letters, for the built-in tokens whatever the case of the symbol', () => {
    for (const symbol of ['ETH', 'WETH', 'USDC', 'DAI', 'BTC', 'SOL', 'usdc']) {
      const svg = tokenMarkSvg(symbol)
      expect(svg).toMatch(/^<svg [^>]*role="img" aria-label="[^"]+">.*<\/svg>$/s)
      expect(svg).not.toContain('<text')
      expect(svg).not.toBe(monogramSvg({ label: symbol, shape: 'circle' }))
    }
    expect(tokenMarkSvg('usdc')).toBe(tokenMarkSvg('USDC'))
  })

  it('names the token for assistive tech', () => {
    expect(tokenMarkSvg('USDC')).toContain('aria-label="USD Coin"')
    expect(tokenMarkSvg('ETH')).toContain('aria-label="Ether"')
  })

  it('leaves other tokens to the monogram', () => {
    expect(tokenMarkSvg('DOT')).toBeUndefined()
    expect(tokenMarkSvg('<x>')).toBeUndefined()
  })
})
