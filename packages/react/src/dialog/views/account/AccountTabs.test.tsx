// @vitest-environment happy-dom
import { addPendingTransaction, connect, open } from '@foyer/core'
import { type Devnet, erc20Abi, erc721Abi, toViemChain } from '@foyer/devnet'
import { act, cleanup, fireEvent, render, waitFor } from '@testing-library/react'
import { createPublicClient, createWalletClient, http, parseUnits } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest'
// The devnet and server run in a child Node process: happy-dom's module transform cannot load
// the devnet's contract artifacts.
import { spawnTestServer } from '../../../../../core/src/api/spawnTestServer.ts'
import { FoyerProvider } from '../../../FoyerProvider.tsx'
import { createTestSetup, findDialog } from '../../../testUtils.tsx'

let devnet: Devnet
let serverUrl: string
let syncIndexer: () => Promise<void>
let stop: () => Promise<void>

beforeAll(async () => {
  const server = await spawnTestServer()
  ;({ devnet, serverUrl, stop } = server)
  syncIndexer = server.sync
}, 120_000)
afterAll(async () => {
  await stop?.()
})
afterEach(() => {
  cleanup()
  document.body.innerHTML = ''
})

async function openAccount() {
  const { foyer, wallets } = createTestSetup({
    rpcUrl: devnet.chains[0]!.rpcUrl,
    config: { serverUrl, projectId: 'foyer-dev' },
  })
  render(<FoyerProvider foyer={foyer} />)
  await act(() => connect(foyer, { connectorId: 'dev.foyer.foyertestwallet' }))
  act(() => open(foyer))
  return { foyer, wallet: wallets[0]!.wallet, ...(await findDialog()) }
}

/** Sends USDC from dev account `from` to account `to` on the devnet; resolves with the hash. */
async function sendUsdc(from: number, to: number, amount: string) {
  const chain = devnet.chains[0]!
  const wallet = createWalletClient({
    account: privateKeyToAccount(devnet.accounts[from]!.privateKey),
    chain: toViemChain(chain),
    transport: http(chain.rpcUrl),
  })
  return wallet.writeContract({
    address: chain.contracts.usdc,
    abi: erc20Abi,
    functionName: 'transfer',
    args: [devnet.accounts[to]!.address, parseUnits(amount, 6)],
  })
}

describe('Account tabs', () => {
  test('the Tokens tab lists balances with quantity, price, value and the total', async () => {
    const { within } = await openAccount()
    const panel = await within.findByRole('tabpanel', { name: 'Tokens' })
    const usdc = await waitFor(() => {
      const row = panel.querySelector('[data-token-symbol="USDC"]')
      if (!row) throw new Error('no USDC row yet')
      return row
    })
    expect(usdc.textContent).toContain('1,000,000.000 USDC')
    expect(usdc.textContent).toContain('$1.00 per token')
    expect(usdc.textContent).toContain('$1,000,000.00')
    expect(panel.querySelector('[data-foyer-total-value]')?.textContent).toMatch(
      /^Total value \$[\d,]+\.\d{2}$/,
    )
  })

  test('the NFTs tab shows the sample NFTs and opens one', async () => {
    await syncIndexer()
    const { within } = await openAccount()
    fireEvent.click(await within.findByRole('tab', { name: 'NFTs' }))
    const panel = await within.findByRole('tabpanel', { name: 'NFTs' })
    const first = await waitFor(() => {
      const button = Array.from(panel.querySelectorAll('button')).find(
        (candidate) => candidate.textContent === 'Foyer Devnet Punk #1',
      )
      if (!button) throw new Error('no NFT yet')
      return button
    })
    expect(first.querySelector('img')?.getAttribute('src')).toMatch(/^data:image\/svg\+xml/)
    fireEvent.click(first)
    expect(await within.findByRole('heading', { name: 'Foyer Devnet Punk #1' })).toBeTruthy()
    expect(within.getByRole('img', { name: 'Foyer Devnet Punk #1' })).toBeTruthy()
    fireEvent.click(within.getByRole('button', { name: 'Back to NFTs' }))
    expect(await within.findByRole('button', { name: 'Foyer Devnet Punk #3' })).toBeTruthy()
  })

  test('the NFTs tab says so when the account owns none', async () => {
    // Account 1 gives its only sample NFT (#2) away, then the visitor picks it in the wallet.
    const chain = devnet.chains[0]!
    const owner = devnet.accounts[1]!
    const hash = await createWalletClient({
      account: privateKeyToAccount(owner.privateKey),
      chain: toViemChain(chain),
      transport: http(chain.rpcUrl),
    }).writeContract({
      address: chain.contracts.nft,
      abi: erc721Abi,
      functionName: 'transferFrom',
      args: [owner.address, devnet.accounts[5]!.address, 2n],
    })
    await createPublicClient({ transport: http(chain.rpcUrl) }).waitForTransactionReceipt({ hash })
    await syncIndexer()
    const { foyer, wallet, within } = await openAccount()
    act(() => wallet.selectAccount(owner.address))
    await waitFor(() => expect(foyer.getState().account.address).toBe(owner.address))
    fireEvent.click(await within.findByRole('tab', { name: 'NFTs' }))
    expect(await within.findByText('No NFTs on this network')).toBeTruthy()
  })

  test('the Activity tab shows our transfer at once as pending, then as confirmed', async () => {
    const { foyer, within } = await openAccount()
    fireEvent.click(await within.findByRole('tab', { name: 'Activity' }))
    const panel = await within.findByRole('tabpanel', { name: 'Activity' })
    const hash = await sendUsdc(0, 1, '12.5')
    act(() =>
      addPendingTransaction(foyer, {
        transaction: {
          hash,
          caipNetworkId: 'eip155:31337',
          from: devnet.accounts[0]!.address,
          to: devnet.accounts[1]!.address,
          amount: '12.5',
          symbol: 'USDC',
          sentAt: Date.now(),
        },
      }),
    )
    const row = () =>
      panel.querySelector(`[data-hash="${hash.toLowerCase()}"], [data-hash="${hash}"]`)
    await waitFor(() => expect(row()?.textContent).toContain('Pending'))
    expect(row()?.textContent).toContain('-12.500 USDC')
    await syncIndexer()
    await waitFor(() => expect(row()?.textContent).toContain('Confirmed'), { timeout: 10_000 })
    expect(row()?.textContent).toContain('-12.500 USDC')
    expect(row()?.textContent).toContain('Sent')
  })

  test('offers the wallet features in SPEC’s default order on EVM: Buy, Swap, Receive, Send', async () => {
    const { within, dialog } = await openAccount()
    await within.findByRole('tablist', { name: 'Account' })
    const features = Array.from(dialog.querySelectorAll('[data-foyer-feature]'), (button) =>
      button.getAttribute('data-foyer-feature'),
    )
    expect(features).toEqual(['onramp', 'swaps', 'receive', 'send'])
  })
})
