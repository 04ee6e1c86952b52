import { useMemo } from 'react'
import { qrCodePath } from '../../components/qrMatrix.ts'

export type PairingQrCodeProps = {
  /** The `wc:` pairing URI. */
  uri: string
  /** Accessible name of the image. */
  label: string
  /** The wallet's logo, drawn in the centre (error correction still recovers what it covers). */
  logoSrc?: string | undefined
}

/** Share of the QR width the centre logo may cover: ~4% of the area, well inside level M's 15%. */
const LOGO_SHARE = 0.2

/** The logo's box in module units, or undefined without a logo. */
export function logoBox(size: number) {
  const side = Math.max(3, Math.round(size * LOGO_SHARE))
  const start = (size - side) / 2
  return { x: start, y: start, side }
}

/**
 * A pairing QR code, black on white, with the wallet's logo on a white tile in the centre. Drawn
 * entirely in SVG so it needs no extra styles (the dialog's stylesheet is shared).
 */
export function PairingQrCode({ uri, label, logoSrc }: PairingQrCodeProps) {
  const { size, path } = useMemo(() => qrCodePath(uri), [uri])
  const box = logoSrc ? logoBox(size) : undefined
  return (
    <svg
      className="foyer-qr"
      role="img"
      aria-label={label}
      data-uri={uri}
      viewBox={`0 0 ${size} ${size}`}
      shapeRendering="crispEdges"
    >
      <path d={path} fill="#000" />
      {box ? (
        <g data-qr-logo="">
          <rect x={box.x} y={box.y} width={box.side} height={box.side} fill="#fff" rx={1} />
          <image
            href={logoSrc}
            x={box.x + 0.5}
            y={box.y + 0.5}
            width={box.side - 1}
            height={box.side - 1}
            preserveAspectRatio="xMidYMid meet"
          />
        </g>
      ) : null}
    </svg>
  )
}
