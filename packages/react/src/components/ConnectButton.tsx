import { open, shortenAddress } from '@foyer/core'
import type { ButtonHTMLAttributes } from 'react'
import { useAccount } from '../hooks/useAccount.ts'
import { useBalance } from '../hooks/useBalance.ts'
import { useFoyer, useFoyerContext } from '../hooks/useFoyer.ts'
import { prefetchDialog } from '../loadDialog.ts'

export type ConnectButtonProps = Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'children'> & {
  /** Text while disconnected (default 'Connect Wallet'). */
  label?: string | undefined
  /** Show the native balance next to the account when connected (default true). */
  showBalance?: boolean | undefined
}

/**
 * Opens the dialog. Disconnected it reads 'Connect Wallet'; connected it shows the profile name or
 * the shortened address, and the balance to 3 decimals with its symbol. Hover or focus prefetches
 * the dialog code. Unstyled: style it through `className` or the `data-foyer-*` attributes.
 */
export function ConnectButton({
  label,
  showBalance = true,
  onClick,
  onPointerEnter,
  onFocus,
  ...buttonProps
}: ConnectButtonProps) {
  const foyer = useFoyer()
  const { t } = useFoyerContext()
  const { address, profileName, isConnected, isConnecting } = useAccount()
  const { balance, symbol } = useBalance({ watch: showBalance })
  const state = isConnected ? 'connected' : isConnecting ? 'connecting' : 'disconnected'
  const name = address ? (profileName ?? shortenAddress(address)) : undefined

  return (
    <button
      type="button"
      aria-haspopup="dialog"
      data-foyer-connect-button=""
      data-state={state}
      {...buttonProps}
      onClick={(event) => {
        onClick?.(event)
        if (!event.defaultPrevented) open(foyer)
      }}
      onPointerEnter={(event) => {
        onPointerEnter?.(event)
        void prefetchDialog(foyer)
      }}
      onFocus={(event) => {
        onFocus?.(event)
        void prefetchDialog(foyer)
      }}
    >
      {isConnected && name ? (
        <>
          <span data-foyer-account="" title={address}>
            {name}
          </span>
          {showBalance && balance !== undefined && symbol !== undefined ? (
            <>
              {' '}
              <span data-foyer-balance="">{`${balance} ${symbol}`}</span>
            </>
          ) : null}
        </>
      ) : (
        (label ?? t(isConnecting ? 'connectButton.connecting' : 'connectButton.connect'))
      )}
    </button>
  )
}
