import { open } from '@foyer/core'
import type { ButtonHTMLAttributes } from 'react'
import { useFoyer, useFoyerContext } from '../hooks/useFoyer.ts'
import { useNetwork } from '../hooks/useNetwork.ts'
import { prefetchDialog } from '../loadDialog.ts'

export type NetworkButtonProps = Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'children'>

/**
 * Shows the active network and opens the network list; on an unsupported network it reads
 * 'Unknown network' and opens UnsupportedChain. Hover or focus prefetches the dialog code.
 */
export function NetworkButton({
  onClick,
  onPointerEnter,
  onFocus,
  ...buttonProps
}: NetworkButtonProps) {
  const foyer = useFoyer()
  const { t } = useFoyerContext()
  const { network, isUnsupported } = useNetwork()
  const name = isUnsupported ? t('networkButton.unknown') : network.name
  const view = isUnsupported ? 'UnsupportedChain' : 'SwitchNetwork'
  return (
    <button
      type="button"
      aria-haspopup="dialog"
      data-foyer-network-button=""
      data-unsupported={isUnsupported || undefined}
      {...buttonProps}
      onClick={(event) => {
        onClick?.(event)
        if (!event.defaultPrevented) open(foyer, { view })
      }}
      onPointerEnter={(event) => {
        onPointerEnter?.(event)
        void prefetchDialog(foyer, view)
      }}
      onFocus={(event) => {
        onFocus?.(event)
        void prefetchDialog(foyer, view)
      }}
    >
      {name}
    </button>
  )
}
