import { describe, expect, it } from 'vitest'
import { UnknownPriceError } from './errors.ts'
import { createDefaultUsdPrice } from './prices.ts'
import type { SandboxNetwork } from './types.ts'

const evm: SandboxNetwork = {
  kind: 'evm',
  name: 'plain',
  displayName: 'Plain',
  chainId: 1,
  rpcUrl: 'http://127.0.0.1:9',
  tokens: [],
}
const solana: SandboxNetwork = {
  kind: 'solana',
  name: 'sol',
  displayName: 'Sol',
  rpcUrl: 'http://127.0.0.1:9',
  tokens: [],
}

// ETH from a Uniswap pool is covered by createOnRampSandbox.test.ts, against a devnet.
describe('createDefaultUsdPrice', () => {
  const usdPrice = createDefaultUsdPrice()

  it('prices dollar stablecoins at 1 on any network', async () => {
    for (const symbol of ['USDC', 'usdc', 'DAI', 'USDT']) {
      expect(await usdPrice(symbol, evm)).toBe(1)
    }
    expect(await usdPrice('USDC', solana)).toBe(1)
  })

  it('falls back to the documented constants without a pool to read', async () => {
    expect(await usdPrice('ETH', evm)).toBe(3000)
    expect(await usdPrice('SOL', solana)).toBe(150)
  })

  it('knows nothing else', async () => {
    await expect(usdPrice('BTC', evm)).rejects.toBeInstanceOf(UnknownPriceError)
    await expect(usdPrice('BTC', evm)).rejects.toThrow('No USD price is known for BTC on plain.')
  })
})
