import QRCode, { type QRCodeErrorCorrectionLevel } from 'qrcode'

/**
 * An SVG path drawing the dark modules of the QR code for `text`, one horizontal run per
 * `h` segment so the path stays short. Error correction 'M' (15%) suits a plain code; a code with
 * a logo over its centre takes 'H' (30%) to still read what the logo hides. Pure computation:
 * the same on a server render and in the browser.
 */
export function qrCodePath(
  text: string,
  errorCorrectionLevel: QRCodeErrorCorrectionLevel = 'M',
): { size: number; path: string } {
  const { modules } = QRCode.create(text, { errorCorrectionLevel })
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
