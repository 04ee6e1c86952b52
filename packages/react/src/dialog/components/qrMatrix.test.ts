import QRCode from 'qrcode'
import { describe, expect, test } from 'vitest'
import { qrCodePath } from './qrMatrix.ts'

/** Redraws the path into a matrix, to compare it with the encoder's own modules. */
function rasterize(size: number, path: string): boolean[][] {
  const matrix = Array.from({ length: size }, () => Array<boolean>(size).fill(false))
  for (const match of path.matchAll(/M(\d+) (\d+)h(\d+)v1h-\d+z/g)) {
    const [, x, y, width] = match.map(Number) as [number, number, number, number]
    for (let column = x; column < x + width; column++) matrix[y]![column] = true
  }
  return matrix
}

describe('qrCodePath', () => {
  test('draws exactly the dark modules of the QR code', () => {
    const uri =
      'wc:7f6e504bfad60b485450578e05678ed3e8e8c4751d3c6160be17160d63ec90f9@2?relay-protocol=irn'
    const { size, path } = qrCodePath(uri)
    const { modules } = QRCode.create(uri, { errorCorrectionLevel: 'M' })
    expect(size).toBe(modules.size)
    const drawn = rasterize(size, path)
    for (let row = 0; row < size; row++)
      for (let column = 0; column < size; column++)
        expect(drawn[row]![column]).toBe(Boolean(modules.get(row, column)))
  })
})
