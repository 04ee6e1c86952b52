import { describe, expect, it } from 'vitest'
import { monogramSvg } from './monogramSvg.ts'

describe('monogramSvg', () => {
  it('draws the initials of a wallet name', () => {
    expect(monogramSvg({ label: 'Trust Wallet' })).toContain('>TW</text>')
    expect(monogramSvg({ label: 'MetaMask' })).toContain('>Me</text>')
  })

  it('escapes text so a name cannot inject markup', () => {
    const svg = monogramSvg({ label: '<script>alert(1)</script> x' })
    expect(svg).not.toContain('<script>')
  })

  it('gives the same label the same colour', () => {
    expect(monogramSvg({ label: 'USDC', shape: 'circle' })).toBe(
      monogramSvg({ label: 'USDC', shape: 'circle' }),
    )
  })
})
