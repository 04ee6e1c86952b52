import { describe, expect, test } from 'vitest'
import { identiconSvg, identiconUrl } from './Identicon.tsx'

const alice = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const bob = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'

describe('identicons', () => {
  test('the same address always draws the same picture, whatever its checksum casing', () => {
    expect(identiconSvg(alice)).toBe(identiconSvg(alice))
    expect(identiconSvg(alice.toLowerCase())).toBe(identiconSvg(alice))
    expect(identiconUrl(alice)).toBe(
      `data:image/svg+xml,${encodeURIComponent(identiconSvg(alice))}`,
    )
  })

  test('different addresses draw different pictures; case counts outside EVM', () => {
    expect(identiconSvg(bob)).not.toBe(identiconSvg(alice))
    const solana = 'Ax9ujW5B9oqcv59N8m6f1BpTBq2rGeGaBcpKjC5UYsXU'
    expect(identiconSvg(solana.toLowerCase())).not.toBe(identiconSvg(solana))
    // Twenty addresses, twenty pictures.
    const addresses = Array.from(
      { length: 20 },
      (_, i) => `0x${(i + 1).toString(16).padStart(40, '0')}`,
    )
    expect(new Set(addresses.map(identiconSvg)).size).toBe(20)
  })

  test('is a mirrored 5×5 pattern on a background, as well-formed SVG', () => {
    const svg = identiconSvg(alice)
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" viewBox="0 0 5 5"/)
    const cells = [...svg.matchAll(/M(\d) (\d)h1v1h-1z/g)].map(([, x, y]) => `${x},${y}`)
    expect(cells.length).toBeGreaterThan(0)
    for (const cell of cells) {
      const [x, y] = cell.split(',').map(Number) as [number, number]
      expect(cells).toContain(`${4 - x},${y}`)
    }
  })
})
