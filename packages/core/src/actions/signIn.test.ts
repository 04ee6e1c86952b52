import { describe, expect, it, vi } from 'vitest'
import { anvil, bitcoin, solanaDevnet } from '../networks.ts'
import type { SiwxSession, SiwxVerifier } from '../siwx/types.ts'
import { createMemoryWallet, createTestFoyer } from '../test-utils.ts'
import { connect } from './connect.ts'

const address = 'bc1q9vza2e8x573nczrlzms0wvx3gsqjx7vavgkx0l'

/** An app's own verifier that keeps what it was asked to check. */
function createRecordingVerifier() {
  const checked: { message: string; signature: string; namespace: string }[] = []
  const verifier: SiwxVerifier = {
    getNonce: async () => '0123456789abcdef0123456789abcdef',
    async verify(parameters) {
      checked.push(parameters)
      const account = {
        address,
        chainId: bitcoin.caipNetworkId,
        namespace: parameters.namespace,
        expiresAt: new Date(Date.now() + 60_000).toISOString(),
      }
      return { ...account, accounts: [account] } satisfies SiwxSession
    },
    getSession: async () => null,
    revoke: async () => {},
  }
  return { verifier, checked }
}

describe('signIn', () => {
  it("asks a Bitcoin wallet to sign CAIP-122 text naming its chain's CAIP-2 reference", async () => {
    const wallet = createMemoryWallet({ namespace: 'bip122', address })
    const { verifier, checked } = createRecordingVerifier()
    const foyer = createTestFoyer({
      networks: [bitcoin],
      adapters: [wallet.adapter()],
      siwx: { verifier, statement: 'Sign in to Acme' },
    })
    // With `siwx` on, connecting signs in.
    await connect(foyer, { connectorId: 'bip122-wallet' })
    await vi.waitFor(() => expect(foyer.getState().siwx.status).toBe('signed-in'))
    expect(checked).toHaveLength(1)
    const [signed] = checked
    expect(signed!.namespace).toBe('bip122')
    const lines = signed!.message.split('\n')
    expect(lines.slice(0, 5)).toEqual([
      'localhost wants you to sign in with your Bitcoin account:',
      address,
      '',
      'Sign in to Acme',
      '',
    ])
    // CAIP-122: the reference (the header names the namespace), after the optional fields.
    expect(lines.at(-1)).toBe('Chain ID: 000000000019d6689c085ae165831e93')
    expect(lines.slice(5, 9).map((line) => line.split(':')[0])).toEqual([
      'URI',
      'Version',
      'Nonce',
      'Issued At',
    ])
  })

  const evmAddress = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
  const solanaAddress = '9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM'

  /** A verifier that keeps one session with an account per namespace, as the Foyer server does. */
  function createSessionVerifier() {
    const checked: { message: string; namespace: string }[] = []
    let accounts: SiwxSession['accounts'] = []
    let revoked = 0
    const verifier: SiwxVerifier = {
      getNonce: async () => '0123456789abcdef0123456789abcdef',
      async verify({ message, namespace }) {
        checked.push({ message, namespace })
        const address = message.split('\n')[1]!
        const account = {
          address,
          chainId: namespace === 'eip155' ? anvil.caipNetworkId : solanaDevnet.caipNetworkId,
          namespace,
          expiresAt: new Date(Date.now() + 60_000).toISOString(),
        }
        accounts = [account, ...accounts.filter((entry) => entry.namespace !== namespace)]
        return { ...account, accounts }
      },
      getSession: async () => (accounts.length ? { ...accounts[0]!, accounts } : null),
      async revoke() {
        revoked++
        accounts = []
      },
    }
    return { verifier, checked, revokes: () => revoked }
  }

  /** One wallet serving EVM and Solana: approving the EVM connection approves both. */
  function setupBothNamespaces(namespaces?: 'active' | 'connected') {
    const evm = createMemoryWallet({ namespace: 'eip155', address: evmAddress, group: 'both' })
    const solana = createMemoryWallet({
      namespace: 'solana',
      address: solanaAddress,
      group: 'both',
    })
    solana.authorized = true
    const recorded = createSessionVerifier()
    const foyer = createTestFoyer({
      networks: [anvil, solanaDevnet],
      adapters: [evm.adapter(), solana.adapter()],
      siwx: { verifier: recorded.verifier, ...(namespaces ? { namespaces } : {}) },
    })
    return { foyer, evm, solana, ...recorded }
  }

  it("with namespaces: 'connected', a wallet that connected EVM and Solana together signs both into one session", async () => {
    const { foyer, evm, solana, checked } = setupBothNamespaces('connected')
    await connect(foyer, { connectorId: 'eip155-wallet' })
    await vi.waitFor(() => expect(foyer.getState().siwx.status).toBe('signed-in'))
    expect(checked.map((entry) => entry.namespace)).toEqual(['eip155', 'solana'])
    expect(evm.signedMessages).toHaveLength(1)
    expect(evm.signedMessages[0]).toContain(
      `localhost wants you to sign in with your Ethereum account:\n${evmAddress}`,
    )
    expect(solana.signedMessages).toHaveLength(1)
    expect(solana.signedMessages[0]).toContain(
      `localhost wants you to sign in with your Solana account:\n${solanaAddress}`,
    )
    expect(
      foyer
        .getState()
        .siwx.session?.accounts.map((account) => [account.namespace, account.address]),
    ).toEqual([
      ['solana', solanaAddress],
      ['eip155', evmAddress],
    ])
  })

  it('by default only the account of the namespace the visitor connected signs in', async () => {
    const { foyer, solana, checked } = setupBothNamespaces()
    await connect(foyer, { connectorId: 'eip155-wallet' })
    await vi.waitFor(() => expect(foyer.getState().siwx.status).toBe('signed-in'))
    expect(checked.map((entry) => entry.namespace)).toEqual(['eip155'])
    expect(solana.signedMessages).toEqual([])
    // Both namespaces are connected all the same.
    expect(Object.keys(foyer.getState().connections).sort()).toEqual(['eip155', 'solana'])
  })

  it('a refusal by the second namespace revokes the session the first started and disconnects', async () => {
    const { foyer, solana, checked, revokes } = setupBothNamespaces('connected')
    solana.behaviour.signMessage = 'reject'
    await connect(foyer, { connectorId: 'eip155-wallet' })
    await vi.waitFor(() => expect(foyer.getState().status).toBe('disconnected'))
    expect(checked.map((entry) => entry.namespace)).toEqual(['eip155'])
    expect(revokes()).toBe(1)
    expect(foyer.getState().siwx).toEqual({ status: 'signed-out', session: undefined })
    // Neither namespace stays connected.
    const left = Object.values(foyer.getState().connections).flatMap((list) => list ?? [])
    expect(left.filter((connection) => connection.status !== 'disconnected')).toEqual([])
  })
})
