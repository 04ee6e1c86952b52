import type { WalletKitTypes } from '@reown/walletkit'
import { buildApprovedNamespaces } from '@walletconnect/utils'
import type { Address } from 'viem'
import { BITCOIN_WALLETCONNECT_METHODS } from '../../bitcoin/answerBitcoinRequest.ts'
import { COSMOS_WALLETCONNECT_METHODS } from '../../cosmos/answerCosmosRequest.ts'
import { POLKADOT_WALLETCONNECT_METHODS } from '../../polkadot/answerPolkadotRequest.ts'
import { SOLANA_WALLETCONNECT_METHODS } from '../../solana/answerSolanaRequest.ts'
import { supportedMethods } from './answerSessionRequest.ts'
import type { MobileWalletChain } from './types.ts'

export type BuildSessionNamespacesParameters = {
  proposal: WalletKitTypes.SessionProposal['params']
  chains: readonly MobileWalletChain[]
  address: Address
  /** The local Solana cluster's CAIP-2 id and the account to approve on it, if the wallet has one. */
  solana?: { caipNetworkId: string; address: string } | undefined
  /** The local Bitcoin chain and the addresses to approve on it: payment first, then ordinals. */
  bitcoin?: { caipNetworkId: string; addresses: readonly string[] } | undefined
  /** The local Polkadot chain and the account (in its SS58 format). */
  polkadot?: { caipNetworkId: string; address: string } | undefined
  /** The local Cosmos chain and the account's bech32 address. */
  cosmos?: { caipNetworkId: string; address: string } | undefined
}

/** A namespace of one chain and its accounts, with the methods the wallet answers there. */
const oneChain = (
  caipNetworkId: string,
  addresses: readonly string[],
  methods: readonly string[],
) => ({
  chains: [caipNetworkId],
  methods: [...methods],
  events: [],
  accounts: addresses.map((address) => `${caipNetworkId}:${address}`),
})

export type BuildSessionNamespacesReturnType = ReturnType<typeof buildApprovedNamespaces>

export const supportedEvents = ['chainChanged', 'accountsChanged'] as const

/**
 * The namespaces the wallet approves a proposal with: the requested devnet chains, methods and
 * events it supports, and `address` on each chain; the local Solana cluster, Bitcoin, Polkadot and
 * Cosmos chains with their accounts when the dapp asks for them. Throws (the SDK's message) when the proposal requires
 * something the wallet lacks, e.g. a chain that is not on the devnet.
 */
export function buildSessionNamespaces(
  parameters: BuildSessionNamespacesParameters,
): BuildSessionNamespacesReturnType {
  const { proposal, chains, address, solana, bitcoin, polkadot, cosmos } = parameters
  const namespaces = buildApprovedNamespaces({
    proposal,
    supportedNamespaces: {
      ...(solana
        ? {
            solana: {
              chains: [solana.caipNetworkId],
              methods: [...SOLANA_WALLETCONNECT_METHODS],
              events: [],
              accounts: [`${solana.caipNetworkId}:${solana.address}`],
            },
          }
        : {}),
      ...(bitcoin
        ? {
            bip122: oneChain(
              bitcoin.caipNetworkId,
              bitcoin.addresses,
              BITCOIN_WALLETCONNECT_METHODS,
            ),
          }
        : {}),
      ...(polkadot
        ? {
            polkadot: oneChain(
              polkadot.caipNetworkId,
              [polkadot.address],
              POLKADOT_WALLETCONNECT_METHODS,
            ),
          }
        : {}),
      ...(cosmos
        ? { cosmos: oneChain(cosmos.caipNetworkId, [cosmos.address], COSMOS_WALLETCONNECT_METHODS) }
        : {}),
      eip155: {
        chains: chains.map((chain) => `eip155:${chain.chainId}`),
        methods: [...supportedMethods],
        events: [...supportedEvents],
        accounts: chains.map((chain) => `eip155:${chain.chainId}:${address}`),
      },
    },
  })
  if (!Object.values(namespaces).some((namespace) => namespace.chains?.length)) {
    throw new Error(
      'The dapp asked for no chain of the devnet (this wallet has the eip155 devnet chains and the local Solana, Bitcoin, Polkadot and Cosmos chains only).',
    )
  }
  return namespaces
}

/** The eip155 chain ids a proposal asks for, required ones first, without duplicates. */
export function getProposalChainIds(proposal: WalletKitTypes.SessionProposal['params']): number[] {
  const chainIds: number[] = []
  for (const namespaces of [proposal.requiredNamespaces, proposal.optionalNamespaces ?? {}]) {
    for (const [key, namespace] of Object.entries(namespaces)) {
      const keyChains = key.includes(':') ? [key] : (namespace.chains ?? [])
      for (const chain of keyChains) {
        const [family, reference] = chain.split(':')
        const chainId = Number(reference)
        if (family === 'eip155' && Number.isInteger(chainId) && !chainIds.includes(chainId)) {
          chainIds.push(chainId)
        }
      }
    }
  }
  return chainIds
}
