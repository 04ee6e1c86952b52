import { PageStyleSheet } from './pageStyleSheet.tsx'

const light =
  '--foyer-background:#fff;--foyer-foreground:#141414;--foyer-border:rgba(0,0,0,.1);--foyer-error:#d52d3b'

/**
 * The surface look of a connected connect button and of the network button (the dialog's
 * background, text and border colours), their pictures and the wrong-network warning. Apart from
 * `triggerStyles` so a disconnected page does not load it: the connected parts bring it.
 */
export const surfaceStyles = `.foyer-trigger:is([data-state=connected],[data-state=wrong-network],[data-state=network]){--foyer-background:#121313;--foyer-foreground:#e4e7e7;--foyer-border:rgba(255,255,255,.1);--foyer-error:#f25a67;border-color:var(--foyer-border);background:var(--foyer-background);color:var(--foyer-foreground)}
.foyer-trigger[data-theme=light]:is([data-state=connected],[data-state=wrong-network],[data-state=network]){${light}}
@media (prefers-color-scheme:light){.foyer-trigger[data-theme=system]:is([data-state=connected],[data-state=wrong-network],[data-state=network]){${light}}}
.foyer-trigger.foyer-trigger[data-state=wrong-network]{border-color:currentColor;color:var(--foyer-error)}
.foyer-trigger :is(img,i){width:20px;height:20px;border-radius:50%;background:var(--foyer-border)}`

/** `surfaceStyles`, hoisted into the document's head once (React 19 dedupes it by `href`). */
export function SurfaceStyles({ nonce }: { nonce: string | undefined }) {
  return <PageStyleSheet id="foyer-trigger-surface" css={surfaceStyles} nonce={nonce} />
}
