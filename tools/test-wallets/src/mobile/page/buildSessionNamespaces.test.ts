import type { WalletKitTypes } from '@reown/walletkit'
import { describe, expect, it } from 'vitest'
import { buildSessionNamespaces, getProposalChainIds } from './buildSessionNamespaces.ts'

const address = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const chains = [
  { chainId: 31337, name: 'Devnet A', rpcUrl: 'http://127.0.0.1:8545' },
  { chainId: 31338, name: 'Devnet B', rpcUrl: 'http://127.0.0.1:8546' },
]

function proposal(
  namespaces: Pick<
    WalletKitTypes.SessionProposal['params'],
    'requiredNamespaces' | 'optionalNamespaces'
  >,
): WalletKitTypes.SessionProposal['params'] {
  return {
    id: 1,
    expiryTimestamp: Math.floor(Date.now() / 1000) + 300,
    relays: [{ protocol: 'irn' }],
    proposer: {
      publicKey: '00'.repeat(32),
      metadata: { name: 'Dapp', description: '', url: 'http://127.0.0.1:5173', icons: [] },
    },
    pairingTopic: 'ab'.repeat(32),
    ...namespaces,
  }
}

describe('buildSessionNamespaces', () => {
  it('approves the requested devnet chains, supported methods and events for the account', () => {
    const namespaces = buildSessionNamespaces({
      proposal: proposal({
        requiredNamespaces: {},
        optionalNamespaces: {
          eip155: {
            chains: ['eip155:31338', 'eip155:1'],
            methods: ['personal_sign', 'eth_sendTransaction', 'eth_sign'],
            events: ['chainChanged', 'message'],
          },
        },
      }),
      chains,
      address,
    })
    expect(namespaces).toEqual({
      eip155: {
        chains: ['eip155:31338'],
        methods: ['personal_sign', 'eth_sendTransaction'],
        events: ['chainChanged'],
        accounts: [`eip155:31338:${address}`],
      },
    })
  })

  it('refuses a proposal that requires a chain the devnet does not have', () => {
    expect(() =>
      buildSessionNamespaces({
        proposal: proposal({
          requiredNamespaces: {
            eip155: { chains: ['eip155:1'], methods: ['personal_sign'], events: [] },
          },
          optionalNamespaces: {},
        }),
        chains,
        address,
      }),
    ).toThrow(/chains/)
  })

  it('refuses a proposal that asks for no devnet chain at all', () => {
    expect(() =>
      buildSessionNamespaces({
        proposal: proposal({
          requiredNamespaces: {},
          optionalNamespaces: {
            solana: {
              chains: ['solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp'],
              methods: ['solana_signMessage'],
              events: [],
            },
          },
        }),
        chains,
        address,
      }),
    ).toThrow('The dapp asked for no chain of the devnet')
  })
})

const localnet = 'solana:CmpNeggWJ4JaWJeJ8YKN1Zypmk7uvQq3'
const solanaAddress = 'oeYf6KAJkLYhBuR8CiGc6L4D4Xtfepr85fuDgA9kq96'

describe('buildSessionNamespaces with a Solana account', () => {
  const both = proposal({
    requiredNamespaces: {},
    optionalNamespaces: {
      eip155: { chains: ['eip155:31337'], methods: ['personal_sign'], events: [] },
      solana: {
        chains: [localnet, 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp'],
        methods: [
          'solana_signMessage',
          'solana_signAndSendTransaction',
          'solana_signAllTransactions',
        ],
        events: [],
      },
    },
  })

  it('approves the local cluster with the Solana account beside the eip155 chains', () => {
    const namespaces = buildSessionNamespaces({
      proposal: both,
      chains,
      address,
      solana: { caipNetworkId: localnet, address: solanaAddress },
    })
    expect(namespaces.eip155?.accounts).toEqual([`eip155:31337:${address}`])
    expect(namespaces.solana).toMatchObject({
      chains: [localnet],
      methods: ['solana_signMessage', 'solana_signAndSendTransaction'],
      accounts: [`${localnet}:${solanaAddress}`],
    })
  })

  it('approves a Solana-only proposal for the local cluster', () => {
    const namespaces = buildSessionNamespaces({
      proposal: proposal({
        requiredNamespaces: {},
        optionalNamespaces: {
          solana: { chains: [localnet], methods: ['solana_signMessage'], events: [] },
        },
      }),
      chains,
      address,
      solana: { caipNetworkId: localnet, address: solanaAddress },
    })
    expect(namespaces.solana?.accounts).toEqual([`${localnet}:${solanaAddress}`])
    expect(namespaces.eip155).toBeUndefined()
  })

  it('leaves solana out when the wallet has no Solana account', () => {
    const namespaces = buildSessionNamespaces({ proposal: both, chains, address })
    expect(namespaces.solana).toBeUndefined()
    expect(namespaces.eip155?.chains).toEqual(['eip155:31337'])
  })
})

describe('getProposalChainIds', () => {
  it('lists the eip155 chains asked for, required first, without duplicates', () => {
    expect(
      getProposalChainIds(
        proposal({
          requiredNamespaces: { 'eip155:31338': { methods: [], events: [] } },
          optionalNamespaces: {
            eip155: { chains: ['eip155:31337', 'eip155:31338'], methods: [], events: [] },
            solana: { chains: ['solana:devnet'], methods: [], events: [] },
          },
        }),
      ),
    ).toEqual([31338, 31337])
  })
})

describe('buildSessionNamespaces with Bitcoin, Polkadot and Cosmos accounts', () => {
  const bitcoinChain = 'bip122:0f9188f13cb7b2c71f2a335e3a4fc328'
  const polkadotChain = 'polkadot:45454545454545454545454545454545'
  const cosmosChain = 'cosmos:foyer-local-1'
  const accounts = {
    bitcoin: {
      caipNetworkId: bitcoinChain,
      addresses: ['bcrt1qquv9lg5g2r4jkr0ahun0ddfg5xntxjelwjpnuw', 'bcrt1pexample'],
    },
    polkadot: { caipNetworkId: polkadotChain, address: 'HLHi23GPLQMCbE3qwMskZyoSiHunuSes' },
    cosmos: {
      caipNetworkId: cosmosChain,
      address: 'cosmos15yk64u7zc9g9k2yr2wmzeva5qgwxps6yxj00e7',
    },
  }

  it('approves the chains the dapp asks for with their accounts and the methods the wallet answers', () => {
    const namespaces = buildSessionNamespaces({
      proposal: proposal({
        requiredNamespaces: {},
        optionalNamespaces: {
          bip122: {
            chains: [bitcoinChain],
            methods: ['getAccountAddresses', 'signMessage', 'signPsbt', 'sendTransfer'],
            events: ['bip122_addressesChanged'],
          },
          polkadot: {
            chains: [polkadotChain],
            methods: ['polkadot_signTransaction', 'polkadot_signMessage'],
            events: [],
          },
          cosmos: {
            chains: [cosmosChain, 'cosmos:cosmoshub-4'],
            methods: ['cosmos_getAccounts', 'cosmos_signDirect', 'cosmos_signAmino'],
            events: [],
          },
        },
      }),
      chains,
      address,
      ...accounts,
    })
    expect(namespaces).toEqual({
      bip122: {
        chains: [bitcoinChain],
        methods: ['getAccountAddresses', 'signMessage', 'signPsbt'],
        events: [],
        accounts: accounts.bitcoin.addresses.map((entry) => `${bitcoinChain}:${entry}`),
      },
      polkadot: {
        chains: [polkadotChain],
        methods: ['polkadot_signTransaction', 'polkadot_signMessage'],
        events: [],
        accounts: [`${polkadotChain}:${accounts.polkadot.address}`],
      },
      cosmos: {
        chains: [cosmosChain],
        methods: ['cosmos_getAccounts', 'cosmos_signDirect', 'cosmos_signAmino'],
        events: [],
        accounts: [`${cosmosChain}:${accounts.cosmos.address}`],
      },
    })
  })

  it('approves none of them when the dapp does not ask', () => {
    const namespaces = buildSessionNamespaces({
      proposal: proposal({
        requiredNamespaces: {},
        optionalNamespaces: {
          eip155: { chains: ['eip155:31337'], methods: ['personal_sign'], events: [] },
        },
      }),
      chains,
      address,
      ...accounts,
    })
    expect(Object.keys(namespaces)).toEqual(['eip155'])
  })
})
