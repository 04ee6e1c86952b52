import { open } from '@foyer/core'
import type { ButtonHTMLAttributes } from 'react'
import { useFoyer, useFoyerContext } from '../hooks/useFoyer.ts'
import { prefetchDialog } from '../loadDialog.ts'
import { SurfaceStyles } from './surfaceStyles.tsx'
import { TriggerStyles, useTriggerLook } from './triggerStyles.tsx'
import { useButtonState } from './useConnectButtonState.ts'

export type NetworkButtonProps = Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'children'> & {
  /** Show the network's mark (default true). */
  showIcon?: boolean | undefined
  /**
   * Leave the look to the app: no stylesheet, no picture, only the name and the `data-foyer-*`
   * attributes to style (default false).
   */
  unstyled?: boolean | undefined
}

/**
 * Shows the active network's mark and name, drawn with the dialog's theme, and opens the network
 * list (SwitchNetwork). On a network the app does not list it reads 'Unknown network' in the
 * warning look. Hover or focus prefetches the dialog code.
 */
export function NetworkButton({
  showIcon = true,
  unstyled = false,
  className,
  style,
  onClick,
  onPointerEnter,
  onFocus,
  ...buttonProps
}: NetworkButtonProps) {
  const foyer = useFoyer()
  const { nonce } = useFoyerContext()
  const look = useTriggerLook(className, style)
  const {
    props: { chain },
    parts,
  } = useButtonState({
    watchBalance: false,
    networkIconWhileDisconnected: !unstyled && showIcon,
  })
  // Before mounting (server, hydration): the app's first network, as on the server.
  const name = chain?.name ?? foyer.config.networks[0].name
  const isUnsupported = chain?.unsupported ?? false
  return (
    <>
      {unstyled ? null : (
        <>
          <TriggerStyles />
          <SurfaceStyles nonce={nonce} />
        </>
      )}
      <button
        type="button"
        aria-haspopup="dialog"
        data-foyer-network-button=""
        data-unsupported={isUnsupported || undefined}
        data-state={isUnsupported ? 'wrong-network' : 'network'}
        {...(unstyled ? { className, style } : look)}
        {...buttonProps}
        onClick={(event) => {
          onClick?.(event)
          if (!event.defaultPrevented) open(foyer, { view: 'SwitchNetwork' })
        }}
        onPointerEnter={(event) => {
          onPointerEnter?.(event)
          void prefetchDialog(foyer, 'SwitchNetwork')
        }}
        onFocus={(event) => {
          onFocus?.(event)
          void prefetchDialog(foyer, 'SwitchNetwork')
        }}
      >
        {unstyled || !showIcon ? null : parts && isUnsupported ? (
          <parts.WarningIcon />
        ) : chain?.iconUrl ? (
          <img src={chain.iconUrl} alt="" width={20} height={20} />
        ) : (
          // Its place, while the mark's code loads.
          <i />
        )}
        {name}
      </button>
    </>
  )
}
