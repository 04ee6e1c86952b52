import { describe, expect, it, vi } from 'vitest'
import { bitcoin } from '../networks.ts'
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
})
