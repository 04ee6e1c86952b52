import { getAddress, isAddress } from 'viem'
import type { ApprovalAddress, ApprovalChains, ApprovalToken } from './types.ts'

export type CreateEvmAddressBookParameters = {
  chains: ApprovalChains
  chainId: number
  /** The visitor's own address. */
  account: string
}

export type EvmAddressBook = {
  networkName: string
  nativeCurrency: { name: string; symbol: string; decimals: number }
  /** The address (checksummed when valid) with its known name; the visitor's own is marked. */
  address: (address: string) => ApprovalAddress
  /** A token of the operator's list for this chain, else undefined. */
  token: (address: string) => ApprovalToken | undefined
}

const fallbackNativeCurrency = { name: 'Ether', symbol: 'ETH', decimals: 18 }

/** Names for the addresses of one EVM chain, from the frame's configuration only. */
export function createEvmAddressBook(parameters: CreateEvmAddressBookParameters): EvmAddressBook {
  const { chains, chainId, account } = parameters
  const chain = chains[chainId]
  const tokens = new Map(
    (chain?.tokens ?? []).map((token) => [token.address.toLowerCase(), token] as const),
  )
  const contracts = new Map(
    Object.entries(chain?.contracts ?? {}).map(([address, name]) => [address.toLowerCase(), name]),
  )
  const accountKey = account.toLowerCase()
  return {
    networkName: chain?.name ?? `Chain ${chainId}`,
    nativeCurrency: chain?.nativeCurrency ?? fallbackNativeCurrency,
    address: (address) => {
      const key = address.toLowerCase()
      const token = tokens.get(key)
      return {
        address: isAddress(address, { strict: false }) ? getAddress(address) : address,
        name: token ? `${token.name} (${token.symbol})` : contracts.get(key),
        isAccount: key === accountKey,
      }
    },
    token: (address) => {
      const token = tokens.get(address.toLowerCase())
      if (!token) return undefined
      return {
        address: getAddress(token.address),
        name: token.name,
        symbol: token.symbol,
        decimals: token.decimals,
        source: 'config',
      }
    },
  }
}
