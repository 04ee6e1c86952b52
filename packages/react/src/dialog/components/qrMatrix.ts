import QRCode from 'qrcode'

/**
 * An SVG path drawing the dark modules of the QR code for `text`, one horizontal run per
 * `h` segment so the path stays short. Error correction 'M' (15%) fits WalletConnect URIs well.
 */
export function qrCodePath(text: string): { size: number; path: string } {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' })
  const { size } = modules
  let path = ''
  for (let row = 0; row < size; row++) {
    let column = 0
    while (column < size) {
      if (!modules.get(row, column)) {
        column++
        continue
      }
      const start = column
      while (column < size && modules.get(row, column)) column++
      path += `M${start} ${row}h${column - start}v1h${start - column}z`
    }
  }
  return { size, path }
}
