// @vitest-environment happy-dom

import { execFile } from 'node:child_process'
import { promisify } from 'node:util'
import { connect, type Foyer, open, type TokenBalance } from '@foyer/core'
import { anvilDevAccounts, type DevnetToken, startAnvil } from '@foyer/devnet'
import { act, cleanup, fireEvent, render, waitFor, within } from '@testing-library/react'
import { createPublicClient, erc20Abi, http, parseUnits } from 'viem'
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest'
import { FoyerProvider } from '../../FoyerProvider.tsx'
import { createTestSetup, findDialog } from '../../testUtils.tsx'

const [sender, receiver] = anvilDevAccounts() as [
  ReturnType<typeof anvilDevAccounts>[number],
  ReturnType<typeof anvilDevAccounts>[number],
]
let anvil: Awaited<ReturnType<typeof startAnvil>>
let usdc: DevnetToken
beforeAll(async () => {
  anvil = await startAnvil({ chainId: 31337, port: 0 })
  usdc = (await deployWorldOutsideDom(anvil.rpcUrl)).find((token) => token.symbol === 'USDC')!
}, 60_000)

/**
 * Runs `deployWorld` in a plain Node process: under happy-dom, `import.meta.url` is not the
 * file's URL, so the devnet cannot find its committed contract artifacts.
 */
async function deployWorldOutsideDom(rpcUrl: string): Promise<DevnetToken[]> {
  const script = `import('@foyer/devnet').then(async ({ deployWorld }) => {
    const world = await deployWorld(${JSON.stringify(rpcUrl)})
    process.stdout.write(JSON.stringify(world.tokens))
  })`
  const { stdout } = await promisify(execFile)(
    process.execPath,
    ['--import', 'tsx', '--input-type=module', '-e', script],
    { cwd: import.meta.dirname },
  )
  return JSON.parse(stdout) as DevnetToken[]
}

afterAll(async () => {
  await anvil?.stop()
})
afterEach(() => {
  cleanup()
  document.body.innerHTML = ''
})

/** The USDC entry the balance route reports for the account (what Account's Tokens tab holds). */
const usdcListing = (): TokenBalance => ({
  name: usdc.name,
  symbol: 'USDC',
  chainId: 'eip155:31337',
  // CAIP-10, as the server's balance route reports it.
  address: `eip155:31337:${usdc.address}`,
  value: 0,
  price: 0,
  quantity: { decimals: '6', numeric: '0' },
  iconUrl: '',
})

async function openSend(): Promise<{ foyer: Foyer } & Awaited<ReturnType<typeof findDialog>>> {
  const { foyer } = createTestSetup({ rpcUrl: anvil.rpcUrl })
  render(<FoyerProvider foyer={foyer} />)
  await act(() => connect(foyer, { connectorId: 'dev.foyer.foyertestwallet' }))
  act(() =>
    foyer.store.setState((state) => ({
      account: { ...state.account, tokenBalance: [usdcListing()] },
    })),
  )
  act(() => open(foyer, { view: 'Send' }))
  const dialog = await findDialog()
  await waitFor(() => expect(dialog.dialog.getAttribute('data-view')).toBe('Send'))
  // The picker lists native and USDC with balances read from the chain.
  await dialog.within.findByRole('option', { name: /^USDC — / })
  return { foyer, ...dialog }
}

const describedText = (root: ShadowRoot, element: HTMLElement) =>
  (element.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .filter(Boolean)
    .map((id) => root.getElementById(id)?.textContent)

describe('Send', () => {
  test('shows the SPEC texts for a missing amount and receiver, and a missing token, tied to their fields', async () => {
    const { within: inDialog, root } = await openSend()
    const token = inDialog.getByLabelText('Token') as HTMLSelectElement
    const amount = inDialog.getByLabelText('Amount') as HTMLInputElement
    const receiverInput = inDialog.getByLabelText('Receiver address') as HTMLInputElement
    await waitFor(() => expect(token.value).toBe('native'))

    fireEvent.change(token, { target: { value: '' } })
    fireEvent.click(inDialog.getByRole('button', { name: 'Send' }))

    expect(inDialog.getByText('An amount and receiver address are required')).toBeTruthy()
    expect(inDialog.getByText('A token is required')).toBeTruthy()
    expect(token.getAttribute('aria-invalid')).toBe('true')
    expect(describedText(root, token)).toEqual(['A token is required'])
    expect(amount.getAttribute('aria-invalid')).toBe('true')
    expect(describedText(root, amount)).toEqual(['An amount and receiver address are required'])
    expect(describedText(root, receiverInput)).toEqual([
      'An amount and receiver address are required',
    ])
    // Focus goes to the first field that needs attention.
    expect(root.activeElement).toBe(token)

    fireEvent.change(token, { target: { value: usdc.address.toLowerCase() } })
    fireEvent.change(amount, { target: { value: '5' } })
    fireEvent.change(receiverInput, { target: { value: '0x1234' } })
    expect(inDialog.queryByText('A token is required')).toBeNull()
    expect(inDialog.queryByText('An amount and receiver address are required')).toBeNull()
    expect(describedText(root, receiverInput)).toEqual(['Invalid receiver address'])
  })

  test('sends 12.5 USDC picked from the list; the chain and the picker show the new balances', async () => {
    const { foyer, within: inDialog, root } = await openSend()
    const client = createPublicClient({ transport: http(anvil.rpcUrl) })
    const balanceOf = (address: `0x${string}`) =>
      client.readContract({
        address: usdc.address,
        abi: erc20Abi,
        functionName: 'balanceOf',
        args: [address],
      })
    const [senderBefore, receiverBefore] = await Promise.all([
      balanceOf(sender.address),
      balanceOf(receiver.address),
    ])

    fireEvent.change(inDialog.getByLabelText('Token'), {
      target: { value: usdc.address.toLowerCase() },
    })
    fireEvent.change(inDialog.getByLabelText('Amount'), { target: { value: '12.5' } })
    fireEvent.change(inDialog.getByLabelText('Receiver address'), {
      target: { value: receiver.address },
    })
    expect(await inDialog.findByText(/^Network fee ≈ 0\.\d{6} ETH$/)).toBeTruthy()

    fireEvent.click(inDialog.getByRole('button', { name: 'Send' }))
    await waitFor(() =>
      expect(
        within(root as unknown as HTMLElement)
          .getAllByRole('status')
          .some((region) => region.textContent === 'Transaction sent'),
      ).toBe(true),
    )
    expect(await balanceOf(sender.address)).toBe(senderBefore - parseUnits('12.5', 6))
    expect(await balanceOf(receiver.address)).toBe(receiverBefore + parseUnits('12.5', 6))
    const expected = (senderBefore - parseUnits('12.5', 6)) / 10n ** 6n
    expect(
      await inDialog.findByRole('option', {
        name: `USDC — ${Number(expected).toLocaleString('en-US')}.500`,
      }),
    ).toBeTruthy()
    expect(foyer.getState().pendingTransactions[0]).toMatchObject({
      amount: '12.5',
      symbol: 'USDC',
    })
    // The form is ready for the next transfer.
    expect((inDialog.getByLabelText('Amount') as HTMLInputElement).value).toBe('')
  })

  test('Max fills in the whole token balance', async () => {
    const { within: inDialog } = await openSend()
    fireEvent.change(inDialog.getByLabelText('Token'), {
      target: { value: usdc.address.toLowerCase() },
    })
    fireEvent.click(inDialog.getByRole('button', { name: 'Max amount' }))
    const onChain = await createPublicClient({ transport: http(anvil.rpcUrl) }).readContract({
      address: usdc.address,
      abi: erc20Abi,
      functionName: 'balanceOf',
      args: [sender.address],
    })
    expect((inDialog.getByLabelText('Amount') as HTMLInputElement).value).toBe(
      String(Number(onChain) / 1e6),
    )
  })
})
