import { useMemo } from 'react'
import { qrCodePath } from './qrMatrix.ts'

export type QrCodeProps = {
  /** The text to encode, e.g. a `wc:` pairing URI. */
  value: string
  /** Accessible name of the image. */
  label: string
}

/** A QR code drawn as one SVG path (black on white, regardless of theme, so every scanner reads it). */
export function QrCode({ value, label }: QrCodeProps) {
  const { size, path } = useMemo(() => qrCodePath(value), [value])
  return (
    <svg
      className="foyer-qr"
      role="img"
      aria-label={label}
      viewBox={`0 0 ${size} ${size}`}
      shapeRendering="crispEdges"
    >
      <path d={path} fill="#000" />
    </svg>
  )
}
