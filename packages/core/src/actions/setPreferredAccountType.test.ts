import { describe, expect, it } from 'vitest'
import { createFoyer } from '../createFoyer.ts'
import { anvil, bitcoin, solanaDevnet } from '../networks.ts'
import { createMemoryStorage, createStorage } from '../storage/createStorage.ts'
import { createMemoryWallet, createTestFoyer } from '../test-utils.ts'
import type { AccountType } from '../types/connector.ts'
import type { ChainNamespace } from '../types/network.ts'
import { connect } from './connect.ts'
import { setPreferredAccountType } from './setPreferredAccountType.ts'
import { switchNetwork } from './switchNetwork.ts'

const networks = [anvil, solanaDevnet, bitcoin] as const
const evmAddress = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'

/** The preferred account type the state shows on each namespace, switching through them. */
async function preferredPerNamespace(foyer: ReturnType<typeof createTestFoyer>) {
  const seen: Partial<Record<ChainNamespace, AccountType | undefined>> = {}
  for (const network of ['eip155:31337', solanaDevnet.caipNetworkId, bitcoin.caipNetworkId]) {
    const { chainNamespace } = await switchNetwork(foyer, { network: network as never })
    seen[chainNamespace] = foyer.getState().account.preferredAccountType
  }
  return seen
}

describe('preferred account type (SPEC §6 defaults)', () => {
  it('is smartAccount on EVM, eoa on Solana and payment on Bitcoin by default', async () => {
    const foyer = createTestFoyer({ networks: [...networks] })
    expect(foyer.getState().account.preferredAccountType).toBe('smartAccount')
    expect(await preferredPerNamespace(foyer)).toEqual({
      eip155: 'smartAccount',
      solana: 'eoa',
      bip122: 'payment',
    })
  })

  it('takes the config’s defaultAccountTypes over SPEC’s, namespace by namespace', async () => {
    const foyer = createTestFoyer({
      networks: [...networks],
      defaultAccountTypes: { eip155: 'eoa', bip122: 'ordinal' },
    })
    expect(foyer.config.defaultAccountTypes).toEqual({
      eip155: 'eoa',
      solana: 'eoa',
      polkadot: 'eoa',
      bip122: 'ordinal',
      cosmos: 'eoa',
    })
    expect(await preferredPerNamespace(foyer)).toEqual({
      eip155: 'eoa',
      solana: 'eoa',
      bip122: 'ordinal',
    })
  })

  it("refuses a default the namespace has no accounts of with 'Invalid account type'", () => {
    expect(() =>
      createTestFoyer({ defaultAccountTypes: { solana: 'smartAccount' as never } }),
    ).toThrowError(
      expect.objectContaining({
        name: 'InvalidAccountTypeError',
        shortMessage: 'Invalid account type',
        namespace: 'solana',
        accountType: 'smartAccount',
      }),
    )
  })

  it('keeps the account types the wallet reported: an EVM wallet connects as eoa under a smartAccount preference', async () => {
    const wallet = createMemoryWallet({ namespace: 'eip155', address: evmAddress })
    const foyer = createTestFoyer({ networks: [...networks], adapters: [wallet.adapter()] })
    await connect(foyer, { connectorId: 'eip155-wallet' })
    const { account, connections } = foyer.getState()
    expect(account.preferredAccountType).toBe('smartAccount')
    expect(account.user?.accounts).toEqual([{ address: evmAddress, type: 'eoa' }])
    expect(connections.eip155?.[0]?.accounts).toEqual([{ address: evmAddress, type: 'eoa' }])
  })
})

describe('setPreferredAccountType', () => {
  it('stores the choice per namespace, and a reload keeps it', async () => {
    const storage = createStorage({ storage: createMemoryStorage() })
    const foyer = createTestFoyer({ networks: [...networks], storage })
    expect(setPreferredAccountType(foyer, { accountType: 'eoa' })).toBe('eoa')
    expect(foyer.getState().account.preferredAccountType).toBe('eoa')
    // Another namespace's choice is stored without touching the active one.
    setPreferredAccountType(foyer, { accountType: 'ordinal', namespace: 'bip122' })
    expect(foyer.getState().account.preferredAccountType).toBe('eoa')
    expect(storage.getItem('preferredAccountTypes')).toEqual({ eip155: 'eoa', bip122: 'ordinal' })

    const again = createFoyer({ networks: [...networks], storage })
    expect(again.getState().account.preferredAccountType).toBe('eoa')
    expect(await preferredPerNamespace(again)).toEqual({
      eip155: 'eoa',
      solana: 'eoa',
      bip122: 'ordinal',
    })
  })

  it("refuses types SPEC §3 does not list or the namespace does not have with 'Invalid account type'", () => {
    const storage = createStorage({ storage: createMemoryStorage() })
    const foyer = createTestFoyer({ networks: [...networks], storage })
    const attempts: [AccountType, ChainNamespace][] = [
      ['smartAccount', 'solana'],
      ['payment', 'eip155'],
      ['ordinal', 'polkadot'],
      ['multisig' as AccountType, 'eip155'],
    ]
    for (const [accountType, namespace] of attempts)
      expect(() => setPreferredAccountType(foyer, { accountType, namespace })).toThrowError(
        expect.objectContaining({ name: 'InvalidAccountTypeError', accountType, namespace }),
      )
    expect(storage.getItem('preferredAccountTypes')).toBeUndefined()
    expect(foyer.getState().account.preferredAccountType).toBe('smartAccount')
  })

  it('ignores a stored preference the namespace cannot have', () => {
    const storage = createStorage({ storage: createMemoryStorage() })
    storage.setItem('preferredAccountTypes', { eip155: 'ordinal' })
    const foyer = createTestFoyer({ networks: [...networks], storage })
    expect(foyer.getState().account.preferredAccountType).toBe('smartAccount')
  })
})

describe('payment and ordinal accounts (Bitcoin)', () => {
  const payment = 'bcrt1qpaymentaddress'
  const ordinal = 'bcrt1pordinaladdress'
  const bitcoinWallet = () =>
    createMemoryWallet({
      namespace: 'bip122',
      address: payment,
      accounts: [
        { address: payment, type: 'payment' },
        { address: ordinal, type: 'ordinal' },
      ],
    })

  it('shows the payment address by default and the ordinal one once chosen, and back', async () => {
    const wallet = bitcoinWallet()
    const foyer = createTestFoyer({ networks: [bitcoin], adapters: [wallet.adapter()] })
    await connect(foyer, { connectorId: 'bip122-wallet' })
    expect(foyer.getState().account.address).toBe(payment)
    setPreferredAccountType(foyer, { accountType: 'ordinal' })
    expect(foyer.getState().account).toMatchObject({
      address: ordinal,
      caipAddress: `${bitcoin.caipNetworkId}:${ordinal}`,
      preferredAccountType: 'ordinal',
    })
    setPreferredAccountType(foyer, { accountType: 'payment' })
    expect(foyer.getState().account.address).toBe(payment)
  })

  it('connects on the ordinal address when the visitor chose it before (a reload keeps it)', async () => {
    const wallet = bitcoinWallet()
    const storage = createStorage({ storage: createMemoryStorage() })
    const first = createTestFoyer({ networks: [bitcoin], adapters: [wallet.adapter()], storage })
    setPreferredAccountType(first, { accountType: 'ordinal', namespace: 'bip122' })
    const second = createTestFoyer({ networks: [bitcoin], adapters: [wallet.adapter()], storage })
    await connect(second, { connectorId: 'bip122-wallet' })
    expect(second.getState().account.address).toBe(ordinal)
  })
})
