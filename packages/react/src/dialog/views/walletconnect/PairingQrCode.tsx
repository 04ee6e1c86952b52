import { useMemo, useState } from 'react'
import { qrCodePath } from '../../components/qrMatrix.ts'

export type PairingQrCodeProps = {
  /** The `wc:` pairing URI. */
  uri: string
  /** Accessible name of the image. */
  label: string
  /** The wallet's logo (registry image or connector icon); the WalletConnect mark without one. */
  logoSrc?: string | undefined
}

/** 'H': 30% of the codewords can be rebuilt, so the modules under the logo are read back. */
export const PAIRING_QR_ERROR_CORRECTION = 'H'

/** Share of the QR width the centre logo may cover: ~5% of the area, far inside level H's 30%. */
const LOGO_SHARE = 0.22

/** The logo's tile in module units: an odd number of whole modules, centred on the grid. */
export function logoBox(size: number) {
  const rounded = Math.max(3, Math.round(size * LOGO_SHARE))
  const side = rounded % 2 === 0 ? rounded + 1 : rounded
  const start = (size - side) / 2
  return { x: start, y: start, side }
}

/**
 * A pairing QR code, black on white, with the wallet's logo on a white tile in the centre. Drawn
 * entirely in SVG so it needs no extra styles (the dialog's stylesheet is shared), renders the same
 * on a server, and loads nothing but the logo (a `data:` URI or the image the server serves).
 */
export function PairingQrCode({ uri, label, logoSrc }: PairingQrCodeProps) {
  const { size, path } = useMemo(() => qrCodePath(uri, PAIRING_QR_ERROR_CORRECTION), [uri])
  const box = logoBox(size)
  // A logo that fails to load leaves the WalletConnect mark rather than an empty tile.
  const [failedSrc, setFailedSrc] = useState<string | undefined>()
  const src = logoSrc && logoSrc !== failedSrc ? logoSrc : undefined
  const inner = { x: box.x + 0.5, y: box.y + 0.5, width: box.side - 1, height: box.side - 1 }
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
      <g data-qr-logo={src ? 'wallet' : 'walletconnect'} shapeRendering="auto">
        <rect x={box.x} y={box.y} width={box.side} height={box.side} fill="#fff" rx={1} />
        {src ? (
          <image
            href={src}
            {...inner}
            preserveAspectRatio="xMidYMid meet"
            onError={() => setFailedSrc(src)}
          />
        ) : (
          <WalletConnectMark {...inner} />
        )}
      </g>
    </svg>
  )
}

/** WalletConnect's mark (the same drawing as `@foyer/walletconnect`'s default connector icon). */
function WalletConnectMark({ x, y, width }: { x: number; y: number; width: number }) {
  return (
    <g transform={`translate(${x} ${y}) scale(${width / 24})`} data-qr-walletconnect-mark="">
      <rect width="24" height="24" rx="6" fill="#3396ff" />
      <path
        d="M7 10c2.8-2.7 7.2-2.7 10 0M9 12.5c1.7-1.6 4.3-1.6 6 0"
        fill="none"
        stroke="#fff"
        strokeWidth="1.6"
        strokeLinecap="round"
      />
    </g>
  )
}
