import {
  type AccountState,
  type CaipNetwork,
  type ChainNamespace,
  shortenAddress,
} from '@foyer/core'
import type { ConnectButtonAccount, ConnectButtonChain } from './ConnectButtonCustom.tsx'
import { identiconUrl } from './Identicon.tsx'
import { networkIconUrl } from './NetworkIcon.tsx'

export type ConnectedStateParameters = {
  account: AccountState & { address: string }
  network: CaipNetwork
  /** The wallet sits on a network the app does not list. */
  unsupported: boolean
  watchBalance: boolean
  /** The translated name of a network the app does not list. */
  unknownNetworkName: string
}

/**
 * The account and, on a network the app does not list, the network of a connected button. Lives
 * with the connected parts: a disconnected page never loads it.
 */
export function connectedState({
  account,
  network,
  unsupported,
  watchBalance,
  unknownNetworkName,
}: ConnectedStateParameters): { account: ConnectButtonAccount; chain?: ConnectButtonChain } {
  const { address, balance, balanceSymbol, profileName, profileImage } = account
  const showsBalance = watchBalance && balance !== undefined && balanceSymbol !== undefined
  // The wallet's own network is the one in its CAIP-10 address.
  const [namespace, reference] = (account.caipAddress ?? network.caipNetworkId).split(':') as [
    ChainNamespace,
    string,
  ]
  return {
    account: {
      address,
      caipAddress: account.caipAddress,
      displayName: profileName ?? shortenAddress(address),
      displayBalance: showsBalance ? `${balance} ${balanceSymbol}` : undefined,
      balance: showsBalance ? balance : undefined,
      balanceSymbol: showsBalance ? balanceSymbol : undefined,
      profileName,
      profileImage,
      avatarUrl: profileImage ?? identiconUrl(address),
    },
    ...(unsupported
      ? {
          chain: {
            caipNetworkId: `${namespace}:${reference}`,
            id: reference,
            namespace,
            name: unknownNetworkName,
            iconUrl: networkIconUrl({
              caipNetworkId: `${namespace}:${reference}`,
              chainNamespace: namespace,
            }),
            unsupported: true,
          },
        }
      : {}),
  }
}
