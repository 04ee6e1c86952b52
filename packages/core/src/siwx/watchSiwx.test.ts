import { describe, expect, it, vi } from 'vitest'
import { connect } from '../actions/connect.ts'
import { disconnect } from '../actions/disconnect.ts'
import { reconnect } from '../actions/reconnect.ts'
import { anvil } from '../networks.ts'
import { createMemoryStorage, createStorage } from '../storage/createStorage.ts'
import { createMemoryWallet, createTestFoyer } from '../test-utils.ts'
import type { SiwxSession, SiwxVerifier } from './types.ts'

const address = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'

/** An app's verifier that keeps one session and counts what it was asked. */
function createCountingVerifier() {
  const calls = { verify: 0, getSession: 0, revoke: 0 }
  const account = {
    address,
    chainId: anvil.caipNetworkId,
    namespace: 'eip155' as const,
    expiresAt: new Date(Date.now() + 60_000).toISOString(),
  }
  const session: SiwxSession = { ...account, accounts: [account] }
  const verifier: SiwxVerifier = {
    getNonce: async () => '0123456789abcdef0123456789abcdef',
    async verify() {
      calls.verify++
      return session
    },
    async getSession() {
      calls.getSession++
      return session
    },
    async revoke() {
      calls.revoke++
    },
  }
  return { verifier, calls }
}

function setup() {
  const wallet = createMemoryWallet({ namespace: 'eip155', address })
  const { verifier, calls } = createCountingVerifier()
  const foyer = createTestFoyer({
    networks: [anvil],
    adapters: [wallet.adapter()],
    siwx: { verifier },
  })
  return { foyer, wallet, calls }
}

describe('watchSiwx', () => {
  it('signs a connecting wallet in and ends the session when it disconnects', async () => {
    const { foyer, wallet, calls } = setup()
    await connect(foyer, { connectorId: 'eip155-wallet' })
    await vi.waitFor(() => expect(foyer.getState().siwx.status).toBe('signed-in'))
    expect(calls.verify).toBe(1)
    expect(wallet.signedMessages).toHaveLength(1)

    await disconnect(foyer)
    await vi.waitFor(() => expect(foyer.getState().siwx.status).toBe('signed-out'))
    expect(calls.revoke).toBe(1)
  })

  it('keeps the session of a wallet restored on page load instead of asking it to sign', async () => {
    // One page load connects the wallet; the next restores it, with the session its cookie holds.
    const storage = createStorage({ storage: createMemoryStorage() })
    const wallet = createMemoryWallet({ namespace: 'eip155', address })
    await connect(createTestFoyer({ networks: [anvil], adapters: [wallet.adapter()], storage }), {
      connectorId: 'eip155-wallet',
    })
    const { verifier, calls } = createCountingVerifier()
    const foyer = createTestFoyer({
      networks: [anvil],
      adapters: [wallet.adapter()],
      siwx: { verifier },
      storage,
    })
    await reconnect(foyer)
    await vi.waitFor(() => expect(calls.getSession).toBe(1))
    expect(calls.verify).toBe(0)
    expect(wallet.signedMessages).toEqual([])
    expect(foyer.getState().siwx.status).toBe('signed-in')
  })
})
