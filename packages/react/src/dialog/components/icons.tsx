/** The dialog's own drawn icons (decorative: a text label is always beside them). */

/** An envelope, at the start of the email field. */
export function EmailIcon() {
  return (
    <svg
      className="foyer-field-icon"
      width="20"
      height="20"
      viewBox="0 0 20 20"
      aria-hidden="true"
      focusable="false"
    >
      <rect
        x="2.75"
        y="4.75"
        width="14.5"
        height="10.5"
        rx="2.25"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.5"
      />
      <path
        d="m3.5 6 6.5 4.75L16.5 6"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.5"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  )
}

export type WalletGridIconProps = {
  /** Logo URLs; the first four fill the grid, missing ones are drawn as empty tiles. */
  images: readonly (string | undefined)[]
}

/**
 * The "All Wallets" row's icon: a 2×2 grid of the first four wallet logos (empty tiles, drawn,
 * while there are fewer), so the row never shows an empty square.
 */
export function WalletGridIcon({ images }: WalletGridIconProps) {
  const cells = [0, 1, 2, 3].map((index) => images[index])
  return (
    <span className="foyer-wallet-icon foyer-wallet-grid-icon" aria-hidden="true">
      {cells.map((src, index) =>
        src ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: the four cells are positions
          <img key={index} src={src} alt="" draggable={false} />
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: the four cells are positions
          <span key={index} className="foyer-wallet-grid-empty" />
        ),
      )}
    </span>
  )
}
