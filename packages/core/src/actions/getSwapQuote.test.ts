import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { startTestServer, type TestServer } from '../api/testServer.ts'
import { createMemoryWallet, createTestFoyer } from '../test-utils.ts'
import { connect } from './connect.ts'
import { getSwapQuote } from './getSwapQuote.ts'
import { getSwapTokens } from './getSwapTokens.ts'

let server: TestServer
beforeAll(async () => {
  server = await startTestServer()
}, 120_000)
afterAll(async () => {
  await server?.stop()
})

/** A visitor connected with devnet account 0 (1,000,000 USDC and DAI, 10,000 ETH). */
async function connected() {
  const address = server.devnet.accounts[0]!.address
  const wallet = createMemoryWallet({ namespace: 'eip155', address })
  const foyer = createTestFoyer({
    serverUrl: server.serverUrl,
    projectId: server.projectId,
    adapters: [wallet.adapter()],
  })
  await connect(foyer, { connectorId: 'eip155-wallet' })
  return foyer
}

describe('swap quotes from the server', () => {
  test('lists the swap tokens with the visitor’s balances, native first', async () => {
    const foyer = await connected()
    const tokens = await getSwapTokens(foyer)
    expect(tokens[0]).toMatchObject({ symbol: 'ETH', decimals: 18 })
    expect(tokens.find((token) => token.symbol === 'USDC')).toMatchObject({
      decimals: 6,
      quantity: '1000000',
      price: 1,
    })
  })

  test('quotes 100 USDC → DAI: the minimum at 1 % slippage, an approval first, the fee', async () => {
    const foyer = await connected()
    const tokens = await getSwapTokens(foyer)
    const from = tokens.find((token) => token.symbol === 'USDC')!
    const to = tokens.find((token) => token.symbol === 'DAI')!
    const quote = await getSwapQuote(foyer, { from, to, amount: '100', tokens })
    expect(quote.fromAmount).toBe(100_000_000n)
    expect(quote.toAmount).toBeGreaterThan(0n)
    expect(quote.toAmountMin).toBe((quote.toAmount * 9_900n) / 10_000n)
    expect(quote.slippage).toBe(1)
    expect(quote.needsApproval).toBe(true)
    expect(quote.route[0]).toBe('USDC')
    expect(quote.route.at(-1)).toBe('DAI')
    expect(quote.networkFee?.symbol).toBe('ETH')
    // ETH needs no approval.
    const eth = await getSwapQuote(foyer, { from: tokens[0]!, to: from, amount: '0.1', tokens })
    expect(eth.needsApproval).toBe(false)
  })

  test('refuses an amount that is not a number, zero, or more than the balance', async () => {
    const foyer = await connected()
    const tokens = await getSwapTokens(foyer)
    const [from, to] = [tokens[1]!, tokens[2]!]
    for (const amount of ['abc', '0', '1e3', '99999999999'])
      await expect(getSwapQuote(foyer, { from, to, amount })).rejects.toThrow(
        'Enter an amount you have',
      )
  })
})
