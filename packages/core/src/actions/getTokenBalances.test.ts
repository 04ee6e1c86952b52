import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { startStatusServer, startTestServer, type TestServer } from '../api/testServer.ts'
import { createTestFoyer } from '../test-utils.ts'
import { filterTokenBalances, getTokenBalances } from './getTokenBalances.ts'

let server: TestServer
beforeAll(async () => {
  server = await startTestServer()
}, 120_000)
afterAll(async () => {
  await server?.stop()
})

const balance = (chainId: string, address: string | undefined, decimals: string) => ({
  chainId,
  address,
  quantity: { decimals, numeric: '1' },
})

describe('filterTokenBalances', () => {
  test('keeps the first balance per token and drops 0-decimal tokens', () => {
    const first = balance('eip155:1', '0xA', '6')
    const kept = filterTokenBalances([
      first,
      balance('eip155:1', '0xa', '18'),
      balance('eip155:1', '0xB', '0'),
      balance('eip155:1', undefined, '18'),
    ])
    expect(kept).toEqual([first, balance('eip155:1', undefined, '18')])
  })
})

describe('getTokenBalances', () => {
  test('reads native and ERC-20 balances with prices from the server', async () => {
    const foyer = createTestFoyer({ serverUrl: server.serverUrl, projectId: server.projectId })
    const address = server.devnet.accounts[0]!.address
    const balances = await getTokenBalances(foyer, { address, network: 'eip155:31337' })
    const usdc = balances.find((token) => token.symbol === 'USDC')
    expect(usdc).toMatchObject({ chainId: 'eip155:31337', price: 1, value: 1_000_000 })
    expect(usdc?.priceSource).not.toBe('unavailable')
    expect(usdc?.quantity).toEqual({ decimals: '6', numeric: '1000000' })
    expect(balances.find((token) => token.address === undefined)?.symbol).toBe('ETH')
  })

  test("keeps the server's priceSource: no price source is not a price of 0", async () => {
    const token = (symbol: string, price: number, priceSource: string) => ({
      name: symbol,
      symbol,
      chainId: 'eip155:31337',
      address: `eip155:31337:0x${symbol === 'FREE' ? '1' : '2'}${'0'.repeat(39)}`,
      value: 0,
      price,
      priceSource,
      quantity: { decimals: '18', numeric: '5' },
      iconUrl: '',
    })
    const priced = await startStatusServer(() => ({
      status: 200,
      body: { balances: [token('FREE', 0, 'provider'), token('NEW', 0, 'unavailable')] },
    }))
    try {
      const foyer = createTestFoyer({ serverUrl: priced.url, projectId: 'p' })
      const address = server.devnet.accounts[2]!.address
      const balances = await getTokenBalances(foyer, { address, network: 'eip155:31337' })
      expect(
        balances.map((balance) => [balance.symbol, balance.price, balance.priceSource]),
      ).toEqual([
        ['FREE', 0, 'provider'],
        ['NEW', 0, 'unavailable'],
      ])
    } finally {
      await priced.stop()
    }
  })

  test('answers from the 30 s cache', async () => {
    const counting = await startStatusServer(() => ({ status: 200, body: { balances: [] } }))
    try {
      const foyer = createTestFoyer({ serverUrl: counting.url, projectId: 'p' })
      const address = server.devnet.accounts[1]!.address
      await getTokenBalances(foyer, { address, network: 'eip155:31337' })
      await getTokenBalances(foyer, { address, network: 'eip155:31337' })
      expect(counting.requests.length).toBe(1)
      await getTokenBalances(foyer, { address, network: 'eip155:31337', force: true })
      expect(counting.requests.length).toBe(2)
    } finally {
      await counting.stop()
    }
  })

  test('shows Token Balance Unavailable on failure and blocks retries for 30 s', async () => {
    const failing = await startStatusServer(() => ({ status: 502, body: { message: 'down' } }))
    try {
      const foyer = createTestFoyer({ serverUrl: failing.url, projectId: 'p' })
      const address = server.devnet.accounts[1]!.address
      await expect(getTokenBalances(foyer, { address, network: 'eip155:31337' })).rejects.toThrow(
        'Token Balance Unavailable',
      )
      await expect(getTokenBalances(foyer, { address, network: 'eip155:31337' })).rejects.toThrow(
        'Token Balance Unavailable',
      )
      expect(failing.requests.length).toBe(1)
      await new Promise((resolve) => setTimeout(resolve, 0))
      expect(foyer.getState().toast).toMatchObject({
        variant: 'error',
        message: 'Token Balance Unavailable',
      })
    } finally {
      await failing.stop()
    }
  })

  test('without a server reads only the native balance through the adapter', async () => {
    // No adapter is configured here, so the RPC fallback has nothing to read: a failure.
    const foyer = createTestFoyer()
    await expect(
      getTokenBalances(foyer, {
        address: server.devnet.accounts[0]!.address,
        network: 'eip155:31337',
      }),
    ).rejects.toThrow('Token Balance Unavailable')
  })
})
