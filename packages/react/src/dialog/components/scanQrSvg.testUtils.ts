// Test helper (not exported): reads a drawn QR code back as a phone camera would.
import jsQR from 'jsqr'

/** What the centre logo puts over the modules it covers, from harmless to worst. */
export type LogoPaint = 'white' | 'black' | 'inverted'

/**
 * Rasterises a QR `<svg>` drawn as one `M x y h n v1 h-n z` path (with a 4-module quiet zone)
 * and decodes it with jsQR. The logo tile (`[data-qr-logo]`'s first rect) covers the modules
 * under it with `logo`: a white tile, a dark logo, or the worst case, every module flipped.
 */
export function scanQrSvg(svg: Element, logo: LogoPaint = 'white'): string | undefined {
  const size = Number(svg.getAttribute('viewBox')!.split(' ')[2])
  const dark = Array.from({ length: size }, () => Array<boolean>(size).fill(false))
  const path = svg.querySelector('path')!.getAttribute('d')!
  for (const match of path.matchAll(/M(\d+) (\d+)h(\d+)v1h-\d+z/g)) {
    const [, x, y, runLength] = match.map(Number) as [number, number, number, number]
    for (let column = x; column < x + runLength; column++) dark[y]![column] = true
  }
  const tile = svg.querySelector('[data-qr-logo] rect')
  if (tile) {
    const [x, y, side] = ['x', 'y', 'width'].map((name) => Number(tile.getAttribute(name)))
    for (let row = 0; row < size; row++)
      for (let column = 0; column < size; column++) {
        // A module touched by the tile at all counts as covered.
        const covered = column + 1 > x! && column < x! + side! && row + 1 > y! && row < y! + side!
        if (covered)
          dark[row]![column] = logo === 'black' ? true : logo === 'inverted' && !dark[row]![column]
      }
  }

  const scale = 4
  const quiet = 4
  const width = (size + 2 * quiet) * scale
  const pixels = new Uint8ClampedArray(width * width * 4).fill(255)
  for (let row = 0; row < size; row++)
    for (let column = 0; column < size; column++) {
      if (!dark[row]![column]) continue
      for (let dy = 0; dy < scale; dy++)
        for (let dx = 0; dx < scale; dx++) {
          const offset = (((row + quiet) * scale + dy) * width + (column + quiet) * scale + dx) * 4
          pixels[offset] = pixels[offset + 1] = pixels[offset + 2] = 0
        }
    }
  return jsQR(pixels, width, width)?.data
}
