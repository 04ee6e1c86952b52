// @vitest-environment happy-dom

import {
  type CaipNetwork,
  connect,
  createFoyer,
  createMemoryStorage,
  createStorage,
  open,
} from '@foyer/core'
import { type StartSolanaDevnetReturnType, startSolanaDevnet } from '@foyer/devnet/solana'
import { createSolanaLocalnet, solanaAdapter } from '@foyer/solana'
import { createSolanaTestWallet } from '@foyer/test-wallets/solana'
import {
  type Address,
  createSolanaRpc,
  generateKeyPairSigner,
  lamports,
  type Rpc,
  type SolanaRpcApi,
} from '@solana/kit'
import { act, cleanup, fireEvent, render, waitFor, within } from '@testing-library/react'
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest'
import { FoyerProvider } from '../../../FoyerProvider.tsx'

/** The dialog in the host's shadow root (inline: this file needs none of the EVM test setup). */
async function findDialog() {
  const root = await waitFor(() => {
    const shadow = document.querySelector('[data-foyer-host]')?.shadowRoot
    if (!shadow) throw new Error('The Foyer host element is not in the document yet')
    return shadow
  })
  const dialog = await within(root as unknown as HTMLElement).findByRole('dialog')
  return { root, dialog, within: within(dialog) }
}

// @solana/kit's Node build raises each request's AbortSignal listener limit with Node's
// `events.setMaxListeners`, which accepts a Node EventTarget or anything with `setMaxListeners`;
// happy-dom's AbortSignal is neither. Give it the method (a no-op: happy-dom has no such limit).
const signalPrototype = AbortSignal.prototype as AbortSignal & { setMaxListeners?: () => void }
signalPrototype.setMaxListeners ??= () => {}

let world: StartSolanaDevnetReturnType
let localnet: CaipNetwork
let rpc: Rpc<SolanaRpcApi>

beforeAll(async () => {
  world = await startSolanaDevnet({ port: 0 })
  localnet = createSolanaLocalnet(world.devnet)
  rpc = createSolanaRpc(world.devnet.rpcUrl)
})
afterAll(async () => {
  await world?.stop()
})
afterEach(() => {
  cleanup()
  document.body.innerHTML = ''
})

const lamportsOf = async (address: string) =>
  (await rpc.getBalance(address as Address, { commitment: 'confirmed' }).send()).value

/** The Send view on the local Solana cluster, with a wallet holding exactly `balance` lamports. */
async function openSolanaSend(balance: bigint) {
  const owner = await generateKeyPairSigner()
  await rpc.requestAirdrop(owner.address, lamports(balance)).send()
  await waitFor(async () => expect(await lamportsOf(owner.address)).toBe(balance))
  const wallet = await createSolanaTestWallet({
    key: owner,
    rpcUrls: { 'solana:localnet': world.devnet.rpcUrl },
  })
  const foyer = createFoyer({
    networks: [localnet],
    adapters: [solanaAdapter({ discover: false, wallets: [wallet] })],
    storage: createStorage({ storage: createMemoryStorage() }),
  })
  render(<FoyerProvider foyer={foyer} />)
  await act(() => connect(foyer, { connectorId: 'solana.foyer-test-wallet' }))
  act(() => open(foyer, { view: 'Send' }))
  const dialog = await findDialog()
  await waitFor(() => expect(dialog.dialog.getAttribute('data-view')).toBe('Send'))
  await dialog.within.findByRole('option', { name: /^SOL — / })
  return { foyer, address: owner.address as string, ...dialog }
}

describe('Send on Solana', () => {
  test('Max leaves the network fee the RPC prices, shown in SOL, and sending it empties the account', async () => {
    const { address, within: inDialog } = await openSolanaSend(3_000_000_000n)
    const token = inDialog.getByLabelText('Token') as HTMLSelectElement
    const amount = inDialog.getByLabelText('Amount') as HTMLInputElement
    await waitFor(() => expect(token.value).toBe('native'))
    const receiver = (await generateKeyPairSigner()).address

    // Max before the receiver: the fee is not known yet, so the whole balance for now…
    fireEvent.click(inDialog.getByRole('button', { name: 'Max amount' }))
    expect(amount.value).toBe('3')
    // …and once the form is complete the fee arrives and Max leaves it.
    fireEvent.change(inDialog.getByLabelText('Receiver address'), {
      target: { value: receiver },
    })
    await waitFor(() => expect(amount.value).toBe('2.999995'), { timeout: 5_000 })
    // The amount changed, so the fee is priced again: still one signature's 5000 lamports.
    await waitFor(() =>
      expect(inDialog.getByText(/^Network fee/).textContent).toBe('Network fee ≈ 0.000005 SOL'),
    )
    expect(amount.value).toBe('2.999995')

    fireEvent.click(inDialog.getByRole('button', { name: 'Send' }))
    await waitFor(() => expect(amount.value).toBe(''), { timeout: 10_000 })
    expect(await lamportsOf(receiver)).toBe(2_999_995_000n)
    expect(await lamportsOf(address)).toBe(0n)
  })

  test('typing an amount after Max keeps what was typed', async () => {
    const { within: inDialog } = await openSolanaSend(1_000_000_000n)
    const amount = inDialog.getByLabelText('Amount') as HTMLInputElement
    await waitFor(() =>
      expect((inDialog.getByLabelText('Token') as HTMLSelectElement).value).toBe('native'),
    )
    fireEvent.click(inDialog.getByRole('button', { name: 'Max amount' }))
    fireEvent.change(amount, { target: { value: '0.5' } })
    fireEvent.change(inDialog.getByLabelText('Receiver address'), {
      target: { value: (await generateKeyPairSigner()).address },
    })
    await waitFor(() =>
      expect(inDialog.getByText(/^Network fee/).textContent).toBe('Network fee ≈ 0.000005 SOL'),
    )
    expect(amount.value).toBe('0.5')
  })
})
