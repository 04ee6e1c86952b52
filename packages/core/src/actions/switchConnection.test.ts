import { describe, expect, it } from 'vitest'
import { createTestFoyer } from '../test-utils.ts'
import type { Adapter, Connector } from '../types/connector.ts'
import { navigate } from './navigate.ts'
import { switchConnection } from './switchConnection.ts'

const alice = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const bob = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'

/** A connector of the given kind that counts its prompts. */
function connectorOf(id: string, type: Connector['type'], address = alice) {
  const prompts = { connect: 0 }
  const connector: Connector = {
    id,
    name: `Wallet ${id}`,
    type,
    namespace: 'eip155',
    async connect() {
      prompts.connect++
      return { accounts: [{ address, type: 'eoa' }], caipNetworkId: 'eip155:31337' }
    },
    async disconnect() {},
    getAccounts: async () => [],
    getCaipNetworkId: async () => 'eip155:31337',
    async switchNetwork() {},
    async request() {},
    on() {},
    off() {},
  }
  return { connector, prompts }
}

function setup(connectors: Connector[]) {
  const adapter: Adapter = {
    namespace: 'eip155',
    setup: ({ onConnectorsChange }) => {
      onConnectorsChange(connectors)
      return () => {}
    },
    getConnectors: () => connectors,
  }
  return createTestFoyer({ adapters: [adapter], features: { multiWallet: true } })
}

describe('switchConnection', () => {
  it('rejects any status other than connected, active or disconnected', async () => {
    const foyer = createTestFoyer()
    await expect(
      switchConnection(foyer, {
        namespace: 'eip155',
        connection: { connectorId: 'x', status: 'pending' as never },
      }),
    ).rejects.toThrow('Invalid connection status: pending')
  })

  it('rejects a connection whose connector is gone', async () => {
    const foyer = createTestFoyer()
    await expect(
      switchConnection(foyer, {
        namespace: 'eip155',
        connection: { connectorId: 'gone', status: 'connected' },
      }),
    ).rejects.toMatchObject({ shortMessage: 'No connector found for connection: gone' })
  })

  describe('to a disconnected wallet', () => {
    it.each([
      ['a WalletConnect wallet', 'walletConnect', undefined, 'ConnectingWalletConnect', {}],
      ['an email sign-in', 'auth', 'email', 'EmailLogin', {}],
      ['a sign-in of unknown method', 'auth', undefined, 'EmailLogin', {}],
      ['a social sign-in', 'auth', 'github', 'ConnectingSocial', { socialProvider: 'github' }],
      ['a Farcaster sign-in', 'auth', 'farcaster', 'ConnectingFarcaster', {}],
    ] as const)('reruns the flow of %s in the dialog', async (_, type, authName, view, data) => {
      const { connector, prompts } = connectorOf('left', type)
      const foyer = setup([connector])
      navigate(foyer, { view: 'ProfileWallets' })
      const result = await switchConnection(foyer, {
        namespace: 'eip155',
        connection: { connectorId: 'left', status: 'disconnected', authName },
      })
      expect(foyer.getState().dialog.data?.email).toBeUndefined()
      expect(result).toEqual({
        hasSwitchedAccount: false,
        hasSwitchedWallet: false,
        pendingInDialog: true,
      })
      expect(foyer.getState().dialog).toMatchObject({
        open: true,
        view,
        data: { connectorId: 'left', ...data },
      })
      // Back returns to the list.
      expect(foyer.getState().dialog.history.map((route) => route.view)).toEqual([
        'ProfileWallets',
        view,
      ])
      expect(prompts.connect).toBe(0)
    })

    it('reruns an email sign-in with the address it signed in with filled in', async () => {
      const { connector, prompts } = connectorOf('embedded', 'auth')
      const foyer = setup([connector])
      navigate(foyer, { view: 'ProfileWallets' })
      await switchConnection(foyer, {
        namespace: 'eip155',
        connection: {
          connectorId: 'embedded',
          status: 'disconnected',
          authName: 'email',
          email: 'visitor@example.com',
        },
      })
      expect(foyer.getState().dialog).toMatchObject({
        view: 'EmailLogin',
        data: { connectorId: 'embedded', email: 'visitor@example.com' },
      })
      // Nothing is sent before the visitor confirms the address.
      expect(prompts.connect).toBe(0)
    })

    it('prompts an extension wallet again and reports the wallet and account it changed to', async () => {
      const active = connectorOf('active', 'announced', alice)
      const left = connectorOf('left', 'announced', bob)
      const foyer = setup([active.connector, left.connector])
      await switchConnection(foyer, {
        namespace: 'eip155',
        connection: { connectorId: 'active', status: 'disconnected' },
      })
      foyer.store.setState({
        connections: {
          eip155: [
            ...(foyer.getState().connections.eip155 ?? []),
            {
              connectorId: 'left',
              accounts: [{ address: bob, type: 'eoa' }],
              status: 'disconnected',
            },
          ],
        },
      })
      const result = await switchConnection(foyer, {
        namespace: 'eip155',
        connection: { connectorId: 'left', status: 'disconnected' },
      })
      expect(left.prompts.connect).toBe(1)
      expect(result).toEqual({
        hasSwitchedAccount: true,
        hasSwitchedWallet: true,
        pendingInDialog: false,
      })
      expect(foyer.getState().connections.eip155?.map((c) => [c.connectorId, c.status])).toEqual([
        ['left', 'active'],
        ['active', 'connected'],
      ])
    })

    it('rejects a disconnected wallet whose connector the app no longer has', async () => {
      const foyer = setup([])
      await expect(
        switchConnection(foyer, {
          namespace: 'eip155',
          connection: { connectorId: 'gone', status: 'disconnected' },
        }),
      ).rejects.toMatchObject({ shortMessage: 'No connector found for connection: gone' })
    })
  })
})
