export type WalletIconProps = {
  src: string | undefined
  /** `small`: a round 24 px avatar beside a line of text (a receiver's profile). */
  size?: 'default' | 'large' | 'small'
}

/** A wallet's icon (decorative: the wallet's name is always next to it). */
export function WalletIcon({ src, size = 'default' }: WalletIconProps) {
  const className =
    size === 'default' ? 'foyer-wallet-icon' : `foyer-wallet-icon foyer-wallet-icon-${size}`
  if (!src) return <span className={className} aria-hidden="true" />
  return <img className={className} src={src} alt="" aria-hidden="true" draggable={false} />
}
