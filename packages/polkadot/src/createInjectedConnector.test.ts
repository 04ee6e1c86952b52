import type { ConnectorAccount } from '@foyer/core'
import { describe, expect, it } from 'vitest'
import { createApiPool } from './actions/createApiPool.ts'
import { createInjectedConnector } from './createInjectedConnector.ts'
import { createEnabledExtensions } from './enabledExtensions.ts'
import { kusama, polkadot } from './networks.ts'
import type { InjectedAccount, InjectedExtension } from './types.ts'

// One key (`//Alice`) in the generic format, and what Polkadot and Kusama call it.
const alice = {
  generic: '5GrwvaEF5zXb26Fz9rcQpDWS57CtERHpNehXCPcNoHGKutQY',
  polkadot: '15oF4uVJwmo4TdGW7VfQxNLavjCXviqxT9S1MgbjMNHr6Sp5',
  kusama: 'HNZata7iMYWmk5RvZRTiAsSDhV8366zq2YGb3tLH5Upf74F',
}
// `//Bob`.
const bob = {
  generic: '5FHneW46xGXgs5mUiveU4sbTyGBzmstUspZC92UhjJM694ty',
  polkadot: '14E5nqKAp3oAJcmzgZhUD2RcptBeUBScxKHgJKU4HPNcKVf3',
  kusama: 'FoQJpPyadYccjavVdTWxpxU7rUEaYhfLCPwXgkfD6Zat9QP',
}

/** An extension whose accounts the test sets, as one that ignores `anyType` might list them. */
function fakeExtension(initial: InjectedAccount[]) {
  let accounts = initial
  const subscribers = new Set<(accounts: InjectedAccount[]) => void>()
  const extension: InjectedExtension = {
    version: '1',
    enable: async () => ({
      accounts: {
        get: async () => accounts,
        subscribe(callback) {
          subscribers.add(callback)
          callback(accounts)
          return () => subscribers.delete(callback)
        },
      },
      signer: {},
    }),
  }
  return {
    extension,
    setAccounts(next: InjectedAccount[]) {
      accounts = next
      for (const subscriber of subscribers) subscriber(next)
    },
  }
}

function createConnector(extension: InjectedExtension) {
  return createInjectedConnector({
    key: 'fake',
    extension,
    description: { name: 'Fake', icon: 'data:image/svg+xml,' },
    appName: 'Foyer tests',
    networks: [polkadot, kusama],
    enabled: createEnabledExtensions(() => undefined),
    apis: createApiPool(),
  })
}

describe('injected connector accounts', () => {
  it('lists the accounts the network can use, once each, in its SS58 format', async () => {
    const { extension } = fakeExtension([
      { address: alice.generic, type: 'sr25519' },
      { address: alice.kusama, type: 'sr25519' }, // the same key again, in another format
      { address: '0x8ba1f109551bd432803012645ac136ddd64dba72', type: 'ethereum' },
      { address: bob.generic, type: 'ed25519', genesisHash: kusama.genesisHash },
      { address: 'garbage' },
    ])
    const connector = createConnector(extension)
    const { accounts, caipNetworkId } = await connector.connect({ network: polkadot })
    expect(caipNetworkId).toBe(polkadot.caipNetworkId)
    expect(accounts).toEqual([{ address: alice.polkadot, type: 'eoa' }])

    // On Kusama: Alice in Kusama's format, and Bob, whose account is for Kusama only.
    const changes: (readonly ConnectorAccount[])[] = []
    connector.on('accountsChanged', ({ accounts: next }) => changes.push(next))
    await connector.switchNetwork({ network: kusama })
    expect(changes).toEqual([
      [
        { address: alice.kusama, type: 'eoa' },
        { address: bob.kusama, type: 'eoa' },
      ],
    ])
  })

  it('tells the app when the extension’s accounts change, and disconnects when none is left', async () => {
    const fake = fakeExtension([{ address: alice.generic }])
    const connector = createConnector(fake.extension)
    await connector.connect({ network: polkadot })
    const events: string[] = []
    connector.on('accountsChanged', ({ accounts }) =>
      events.push(`accounts ${accounts.map((account) => account.address).join(' ')}`),
    )
    connector.on('disconnect', () => events.push('disconnect'))

    fake.setAccounts([{ address: alice.generic }]) // the same list: nothing to tell
    fake.setAccounts([{ address: alice.generic }, { address: bob.generic }])
    fake.setAccounts([])
    await expect.poll(() => events).toHaveLength(2)
    expect(events).toEqual([`accounts ${alice.polkadot} ${bob.polkadot}`, 'disconnect'])
  })

  it('refuses a network the app did not configure', async () => {
    const connector = createConnector(fakeExtension([]).extension)
    const other = { ...polkadot, caipNetworkId: 'polkadot:00' as const }
    await expect(connector.switchNetwork({ network: other })).rejects.toMatchObject({
      name: 'UnsupportedChainError',
    })
  })
})
