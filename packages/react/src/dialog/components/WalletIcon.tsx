export type WalletIconProps = {
  src: string | undefined
  size?: 'default' | 'large'
}

/** A wallet's icon (decorative: the wallet's name is always next to it). */
export function WalletIcon({ src, size = 'default' }: WalletIconProps) {
  const className =
    size === 'large' ? 'foyer-wallet-icon foyer-wallet-icon-large' : 'foyer-wallet-icon'
  if (!src) return <span className={className} aria-hidden="true" />
  return <img className={className} src={src} alt="" aria-hidden="true" draggable={false} />
}
