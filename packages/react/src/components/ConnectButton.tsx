import { open } from '@foyer/core'
import type { ButtonHTMLAttributes } from 'react'
import { useFoyer, useFoyerContext } from '../hooks/useFoyer.ts'
import { prefetchDialog } from '../loadDialog.ts'
import { ConnectButtonCustom } from './ConnectButtonCustom.tsx'
import { TriggerStyles, useTriggerLook } from './triggerStyles.tsx'
import { useButtonState } from './useConnectButtonState.ts'

export type ConnectButtonProps = Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'children'> & {
  /** Text while disconnected (default 'Connect Wallet'). */
  label?: string | undefined
  /** Show the native balance, to 3 decimals with its symbol, when connected (default true). */
  showBalance?: boolean | undefined
  /** Show the network's mark when connected (default true). */
  showNetwork?: boolean | undefined
  /** Show the profile picture or the address's identicon when connected (default true). */
  showAvatar?: boolean | undefined
  /**
   * Leave the look to the app: no stylesheet, no pictures, only texts and the `data-foyer-*` and
   * `data-state` attributes to style (default false).
   */
  unstyled?: boolean | undefined
}

/**
 * Opens the dialog, drawn with the dialog's theme (mode, accent, radius). Disconnected it reads
 * 'Connect Wallet'; connecting it shows a spinner (`aria-busy`); connected, the network's mark,
 * the balance, the avatar or identicon and the profile name or shortened address; on a network
 * the app does not list, 'Wrong network', and a click opens the network list. Hover or focus
 * prefetches the dialog code. `ConnectButton.Custom` hands the same state to the app's own button.
 */
export function ConnectButton({
  label,
  showBalance = true,
  showNetwork = true,
  showAvatar = true,
  unstyled = false,
  className,
  style,
  onClick,
  onPointerEnter,
  onFocus,
  ...buttonProps
}: ConnectButtonProps) {
  const foyer = useFoyer()
  const { t, nonce } = useFoyerContext()
  const look = useTriggerLook(className, style)
  const {
    props: { status, account, chain },
    parts,
  } = useButtonState({ watchBalance: showBalance })
  const wrongNetwork = !!chain?.unsupported && !foyer.config.allowUnsupportedChain
  // Connected with its parts still loading (a moment) shows as connecting.
  const state = wrongNetwork
    ? 'wrong-network'
    : account
      ? 'connected'
      : status === 'disconnected'
        ? 'disconnected'
        : 'connecting'
  // The wrong network is fixed from the network list; otherwise the dialog picks its first view.
  const view = wrongNetwork ? 'SwitchNetwork' : undefined
  return (
    <>
      {unstyled ? null : <TriggerStyles />}
      <button
        type="button"
        aria-haspopup="dialog"
        aria-busy={state === 'connecting' || undefined}
        data-foyer-connect-button=""
        data-state={state}
        {...(unstyled ? { className, style } : look)}
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
        {account && parts ? (
          <parts.ConnectedButtonContent
            account={account}
            chain={chain}
            wrongNetwork={wrongNetwork}
            showBalance={showBalance}
            showNetwork={showNetwork}
            showAvatar={showAvatar}
            unstyled={unstyled}
            t={t}
            nonce={nonce}
          />
        ) : (
          <>
            {/* The connected parts start loading with the connection: the spinner is theirs. */}
            {state === 'connecting' && !unstyled && parts ? (
              <parts.ConnectingSpinner nonce={nonce} />
            ) : null}
            {state === 'connecting'
              ? t('connectButton.connecting')
              : (label ?? t('connectButton.connect'))}
          </>
        )}
      </button>
    </>
  )
}

// `ConnectButton.Custom`, as RainbowKit names its headless variant.
ConnectButton.Custom = ConnectButtonCustom
