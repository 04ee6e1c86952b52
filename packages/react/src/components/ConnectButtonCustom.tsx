import type { CaipAddress, CaipNetworkId, ChainNamespace, ConnectionStatus } from '@foyer/core'
import type { ReactNode } from 'react'
import { type UseConnectButtonStateParameters, useButtonState } from './useConnectButtonState.ts'

export type ConnectButtonAccount = {
  address: string
  caipAddress: CaipAddress | undefined
  /** The profile name, else the shortened address ('0xf39F…2266'). */
  displayName: string
  /** The native balance to 3 decimals with its symbol ('1,234.567 ETH'); undefined until known. */
  displayBalance: string | undefined
  /** The balance alone, formatted in the provider's locale ('1,234.567'). */
  balance: string | undefined
  balanceSymbol: string | undefined
  profileName: string | undefined
  profileImage: string | undefined
  /** The profile image, else the address's generated identicon (a `data:` URL). */
  avatarUrl: string
}

export type ConnectButtonChain = {
  /** The network the wallet is on (while `unsupported`, one the app does not list). */
  caipNetworkId: CaipNetworkId
  id: number | string
  namespace: ChainNamespace
  /** The network's name; 'Unknown network' (translated) while `unsupported`. */
  name: string
  /**
   * The network's mark (a `data:` URL drawn by Foyer: built-in networks have their own, others a
   * neutral globe). Its code loads when a connection starts (or at mount, with
   * `networkIconWhileDisconnected`); undefined until then.
   */
  iconUrl: string | undefined
  /** The wallet sits on a network the app does not list. */
  unsupported: boolean
}

export type ConnectButtonRenderProps = {
  /** False on the server and while hydrating; every other field is the disconnected one then. */
  mounted: boolean
  /** Mounted and not in the middle of connecting (restoring a remembered wallet included). */
  ready: boolean
  status: ConnectionStatus
  /** A wallet is connected and `account` is set. */
  connected: boolean
  account: ConnectButtonAccount | undefined
  /** The active network (the app's choice until a wallet is connected); undefined until mounted. */
  chain: ConnectButtonChain | undefined
  /** Opens the dialog on Connect. */
  openConnect: () => void
  /** Opens the dialog on Account. */
  openAccount: () => void
  /** Opens the dialog on the network list. */
  openSwitchNetwork: () => void
}

export type ConnectButtonCustomProps = UseConnectButtonStateParameters & {
  /** Draws the app's own button from Foyer's state and actions. */
  children: (props: ConnectButtonRenderProps) => ReactNode
}

/**
 * The connect button without a look (`ConnectButton.Custom`): hands the app the account (display
 * name, balance, avatar), the network (name, mark, unsupported flag), the functions that open the
 * dialog and whether the component is mounted, and renders whatever the app returns. Safe to
 * server-render: the server and the hydration render both see `mounted: false`.
 */
export function ConnectButtonCustom({ children, ...parameters }: ConnectButtonCustomProps) {
  return children(useButtonState(parameters).props)
}
