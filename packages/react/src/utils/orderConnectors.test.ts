import {
  type Connector,
  type ConnectorType,
  type ConnectorTypeOrderEntry,
  DEFAULT_CONNECT_METHODS_ORDER,
  DEFAULT_CONNECTOR_TYPE_ORDER,
} from '@foyer/core'
import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { orderConnectMethods } from './orderConnectMethods.ts'
import { orderConnectors } from './orderConnectors.ts'

/** Only the listing fields matter to ordering; the wallet methods are never called here. */
function connector(id: string, type: ConnectorType, rdns?: string): Connector {
  const unused = () => {
    throw new Error('not called by orderConnectors')
  }
  return {
    id,
    name: id,
    type,
    rdns,
    namespace: 'eip155',
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

describe('orderConnectors', () => {
  test('follows the default order: recent before installed, featured after', () => {
    const groups = orderConnectors({
      connectors: [
        connector('a', 'announced'),
        connector('b', 'announced', 'com.b'),
        connector('c', 'custom'),
        connector('email', 'auth'),
        connector('wc', 'walletConnect'),
        connector('f', 'external'),
      ],
      recentWalletIds: ['com.b'],
      featuredWalletIds: ['f'],
      connectorTypeOrder: DEFAULT_CONNECTOR_TYPE_ORDER,
    })
    expect(groups.map((group) => [group.entry, group.connectors.map((c) => c.id)])).toEqual([
      ['walletConnect', ['wc']],
      ['recent', ['b']],
      ['injected', ['a']],
      ['featured', ['f']],
      ['custom', ['c']],
    ])
  })

  test('lists every wallet connector exactly once, in configured order', () => {
    const types: ConnectorType[] = [
      'announced',
      'injected',
      'walletConnect',
      'external',
      'custom',
      'auth',
    ]
    const entries = [...DEFAULT_CONNECTOR_TYPE_ORDER]
    fc.assert(
      fc.property(
        fc.uniqueArray(
          fc.record({ id: fc.string({ minLength: 1 }), type: fc.constantFrom(...types) }),
          {
            selector: (entry) => entry.id,
          },
        ),
        fc.shuffledSubarray(entries, { minLength: entries.length }),
        fc.array(fc.string({ minLength: 1 }), { maxLength: 2 }),
        (specs, order: ConnectorTypeOrderEntry[], recent) => {
          const connectors = specs.map((spec) => connector(spec.id, spec.type))
          const groups = orderConnectors({
            connectors,
            recentWalletIds: recent,
            connectorTypeOrder: order,
          })
          const listed = groups.flatMap((group) => group.connectors.map((c) => c.id))
          const expected = specs.filter((spec) => spec.type !== 'auth').map((spec) => spec.id)
          expect([...listed].sort()).toEqual([...expected].sort())
          const positions = groups.map((group) => order.indexOf(group.entry))
          expect(positions).toEqual([...positions].sort((a, b) => a - b))
        },
      ),
    )
  })
})

describe('orderConnectMethods', () => {
  test('defaults to email, social, wallet and keeps only available methods', () => {
    expect(orderConnectMethods(DEFAULT_CONNECT_METHODS_ORDER, () => true)).toEqual([
      'email',
      'social',
      'wallet',
    ])
    expect(
      orderConnectMethods(['wallet', 'email', 'wallet'], (method) => method !== 'social'),
    ).toEqual(['wallet', 'email'])
  })
})
