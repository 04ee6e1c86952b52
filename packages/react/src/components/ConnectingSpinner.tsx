import { PageStyleSheet } from './pageStyleSheet.tsx'

/**
 * The connecting button's spinner: an open ring that turns only without `prefers-reduced-motion`
 * (the ring and the text still say "busy"). With the connected parts, which load as soon as a
 * connection starts, so a page that never connects does not load its stylesheet.
 */
export const spinnerStyles = `.foyer-trigger>b{width:10px;height:10px;border:2px solid;border-inline-end-color:transparent;border-radius:50%}
@media (prefers-reduced-motion:no-preference){.foyer-trigger>b{animation:foyer-spin .8s linear infinite}}
@keyframes foyer-spin{to{transform:rotate(1turn)}}`

export function ConnectingSpinner({ nonce }: { nonce: string | undefined }) {
  return (
    <>
      <PageStyleSheet id="foyer-trigger-spinner" css={spinnerStyles} nonce={nonce} />
      <b aria-hidden="true" />
    </>
  )
}
