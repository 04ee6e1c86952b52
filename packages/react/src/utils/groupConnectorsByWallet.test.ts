import type { ChainNamespace, Connector, ConnectorType } from '@foyer/core'
import { describe, expect, test } from 'vitest'
import { groupConnectorsByWallet, primaryConnector } from './groupConnectorsByWallet.ts'

/** Only the listing fields matter to grouping; the wallet methods are never called here. */
function connector(
  id: string,
  fields: {
    name: string
    namespace: ChainNamespace
    type?: ConnectorType
    group?: string
    icon?: string
  },
): Connector {
  const unused = () => {
    throw new Error('not called by groupConnectorsByWallet')
  }
  return {
    id,
    type: 'announced',
    ...fields,
    connect: unused,
    disconnect: unused,
    getAccounts: unused,
    getCaipNetworkId: unused,
    switchNetwork: unused,
    request: unused,
    on: unused,
    off: unused,
  }
}

const ids = (wallets: ReturnType<typeof groupConnectorsByWallet>) =>
  wallets.map((wallet) => wallet.connectors.map((each) => each.id))

describe('groupConnectorsByWallet', () => {
  test("merges a wallet's connectors of several namespaces by its name, in listing order", () => {
    const wallets = groupConnectorsByWallet([
      connector('dev.foyer.testwallet', {
        name: 'Foyer Test Wallet',
        namespace: 'eip155',
        icon: 'evm.svg',
      }),
      connector('io.other', { name: 'Other Wallet', namespace: 'eip155' }),
      connector('solana.foyer-test-wallet', { name: 'Foyer Test Wallet', namespace: 'solana' }),
      connector('bip122.foyer-test-wallet', { name: 'foyer test wallet ', namespace: 'bip122' }),
    ])
    expect(ids(wallets)).toEqual([
      ['dev.foyer.testwallet', 'solana.foyer-test-wallet', 'bip122.foyer-test-wallet'],
      ['io.other'],
    ])
    expect(wallets[0]).toMatchObject({
      id: 'dev.foyer.testwallet',
      name: 'Foyer Test Wallet',
      icon: 'evm.svg',
      namespaces: ['eip155', 'solana', 'bip122'],
      // Three extensions' connectors: each namespace connects on its own.
      connectsTogether: false,
    })
    expect(wallets[1]).toMatchObject({ namespaces: ['eip155'], connectsTogether: true })
  })

  test('merges the connectors of one session group whatever their names, and they connect together', () => {
    const wallets = groupConnectorsByWallet([
      connector('walletConnect', {
        name: 'WalletConnect',
        namespace: 'eip155',
        type: 'walletConnect',
        group: 'walletConnect',
      }),
      connector('walletConnect:solana', {
        name: 'WalletConnect (Solana)',
        namespace: 'solana',
        type: 'walletConnect',
        group: 'walletConnect',
      }),
    ])
    expect(ids(wallets)).toEqual([['walletConnect', 'walletConnect:solana']])
    expect(wallets[0]).toMatchObject({
      name: 'WalletConnect',
      namespaces: ['eip155', 'solana'],
      connectsTogether: true,
    })
  })

  test('keeps a session group apart from an unrelated wallet of the same name', () => {
    const wallets = groupConnectorsByWallet([
      connector('walletConnect', { name: 'WalletConnect', namespace: 'eip155', group: 'wc' }),
      connector('solana.walletconnect', { name: 'WalletConnect', namespace: 'solana' }),
    ])
    expect(ids(wallets)).toEqual([['walletConnect'], ['solana.walletconnect']])
  })

  test('keeps two wallets of one namespace that share a name as two rows', () => {
    const wallets = groupConnectorsByWallet([
      connector('io.a', { name: 'Twin', namespace: 'eip155' }),
      connector('io.b', { name: 'Twin', namespace: 'eip155' }),
      connector('solana.twin', { name: 'Twin', namespace: 'solana' }),
    ])
    // The Solana side joins the first wallet of that name that has no Solana connector yet.
    expect(ids(wallets)).toEqual([['io.a', 'solana.twin'], ['io.b']])
  })

  test('takes the icon of a later connector when the first has none', () => {
    const [wallet] = groupConnectorsByWallet([
      connector('cosmos.keplr', { name: 'Keplr', namespace: 'cosmos' }),
      connector('io.keplr', { name: 'Keplr', namespace: 'eip155', icon: 'keplr.svg' }),
    ])
    expect(wallet?.icon).toBe('keplr.svg')
  })
})

describe('primaryConnector', () => {
  const wallet = {
    connectors: [
      connector('walletConnect', { name: 'WalletConnect', namespace: 'eip155', group: 'wc' }),
      connector('walletConnect:solana', {
        name: 'WalletConnect',
        namespace: 'solana',
        group: 'wc',
      }),
    ],
  }

  test("is the connector of the visitor's namespace, so connecting keeps them on it", () => {
    expect(primaryConnector(wallet, 'solana').id).toBe('walletConnect:solana')
  })

  test("is the wallet's first connector otherwise", () => {
    expect(primaryConnector(wallet, undefined).id).toBe('walletConnect')
    expect(primaryConnector(wallet, 'bip122').id).toBe('walletConnect')
  })
})
