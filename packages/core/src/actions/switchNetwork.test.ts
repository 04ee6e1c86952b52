import { describe, expect, it, vi } from 'vitest'
import { anvil, anvilB, solanaDevnet } from '../networks.ts'
import { initialSendState } from '../send/initialSendState.ts'
import { createMemoryWallet, createTestFoyer } from '../test-utils.ts'
import type { TokenBalance } from '../types/state.ts'
import { connect } from './connect.ts'
import { setReceiverAddress } from './setReceiverAddress.ts'
import { setSendToken } from './setSendToken.ts'
import { setSendTokenAmount } from './setSendTokenAmount.ts'
import { switchNetwork } from './switchNetwork.ts'

describe('switchNetwork without a wallet', () => {
  it('changes the active network and remembers it', async () => {
    const foyer = createTestFoyer()
    const events: string[] = []
    foyer.subscribeEvents((event) => events.push(event.type))
    await switchNetwork(foyer, { network: 'eip155:31338' })
    expect(foyer.getState().activeNetwork.caipNetworkId).toBe('eip155:31338')
    expect(foyer.storage.getItem('activeNetworkByNamespace')).toEqual({ eip155: 'eip155:31338' })
    expect(events).toEqual(['SWITCH_NETWORK'])
  })

  it("rejects a network missing from the config with 'Network not found' and the 'Network Not Found' alert", async () => {
    const foyer = createTestFoyer()
    const before = foyer.getState().activeNetwork
    await expect(switchNetwork(foyer, { network: 'eip155:1' })).rejects.toMatchObject({
      name: 'NetworkNotFoundError',
      shortMessage: 'Network not found',
    })
    expect(foyer.getState().alerts).toEqual([
      expect.objectContaining({ code: 'NETWORK_NOT_FOUND', shortMessage: 'Network Not Found' }),
    ])
    expect(foyer.getState().activeNetwork).toBe(before)
  })
})

describe('switchNetwork to another namespace (SPEC §4)', () => {
  const evmAddress = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
  const solanaAddress = '9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM'
  const sol: TokenBalance = {
    name: 'Solana',
    symbol: 'SOL',
    chainId: solanaDevnet.caipNetworkId,
    value: 0,
    price: 0,
    quantity: { decimals: '9', numeric: '2' },
    iconUrl: '',
  }

  /** Both namespaces connected, Solana active, with a filled send form. */
  async function setup() {
    const evm = createMemoryWallet({ namespace: 'eip155', address: evmAddress })
    const solana = createMemoryWallet({ namespace: 'solana', address: solanaAddress })
    const foyer = createTestFoyer({
      networks: [anvil, anvilB, solanaDevnet],
      adapters: [evm.adapter(), solana.adapter()],
    })
    await connect(foyer, { connectorId: 'eip155-wallet' })
    await switchNetwork(foyer, { network: solanaDevnet })
    await connect(foyer, { connectorId: 'solana-wallet' })
    setSendToken(foyer, { token: sol })
    setSendTokenAmount(foyer, { amount: '0.5' })
    setReceiverAddress(foyer, { address: solanaAddress })
    const flags: boolean[] = []
    foyer.subscribe((state, previous) => {
      if (state.switchingNamespace !== previous.switchingNamespace)
        flags.push(state.switchingNamespace)
    })
    return { foyer, evm, flags }
  }

  it('flags switchingNamespace while the wallet switches, then clears it and empties the send form', async () => {
    const { foyer, evm, flags } = await setup()
    let answer = () => {}
    evm.hold = new Promise<void>((resolve) => {
      answer = resolve
    })
    const switching = switchNetwork(foyer, { network: 'eip155:31338' })
    await vi.waitFor(() => expect(evm.switchRequests).toEqual(['eip155:31338']))
    const during = foyer.getState()
    expect(during.switchingNamespace).toBe(true)
    expect(during.activeNamespace).toBe('solana')
    expect(during.send.sendTokenAmount).toBe('0.5')

    answer()
    await switching
    const after = foyer.getState()
    expect(after.switchingNamespace).toBe(false)
    expect(after.activeNetwork.caipNetworkId).toBe('eip155:31338')
    expect(after.account.address).toBe(evmAddress)
    expect(after.send).toEqual(initialSendState)
    expect(flags).toEqual([true, false])
  })

  it('clears the flag and keeps the network and the send form when the wallet rejects the switch', async () => {
    const { foyer, evm, flags } = await setup()
    evm.behaviour.switchNetwork = 'reject'
    await expect(switchNetwork(foyer, { network: 'eip155:31338' })).rejects.toMatchObject({
      name: 'SwitchNetworkRejectedError',
      code: 4001,
    })
    const state = foyer.getState()
    expect(flags).toEqual([true, false])
    expect(state.switchingNamespace).toBe(false)
    expect(state.activeNetwork.caipNetworkId).toBe(solanaDevnet.caipNetworkId)
    expect(state.account.address).toBe(solanaAddress)
    expect(state.send).toMatchObject({
      token: sol,
      sendTokenAmount: '0.5',
      receiverAddress: solanaAddress,
    })
  })

  it('does not ask a wallet to switch to the chain it is already on when coming back to its namespace', async () => {
    const { foyer, evm, flags } = await setup()
    // Every prompt would be refused: coming back to 31337, where the wallet is, must not prompt.
    evm.behaviour.switchNetwork = 'reject'
    await switchNetwork(foyer, { network: 'eip155:31337' })
    expect(evm.switchRequests).toEqual([])
    expect(flags).toEqual([true, false])
    expect(foyer.getState().account.caipAddress).toBe(`eip155:31337:${evmAddress}`)
    expect(foyer.getState().send).toEqual(initialSendState)
  })

  it('never raises the flag nor empties the form for a switch within the namespace', async () => {
    const { foyer, evm, flags } = await setup()
    await switchNetwork(foyer, { network: 'eip155:31337' })
    setSendTokenAmount(foyer, { amount: '0.25' })
    await switchNetwork(foyer, { network: 'eip155:31338' })
    expect(evm.switchRequests).toEqual(['eip155:31338'])
    expect(flags).toEqual([true, false])
    expect(foyer.getState().send.sendTokenAmount).toBe('0.25')
  })
})
