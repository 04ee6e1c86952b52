import { describe, expect, it } from 'vitest'
import { solanaDevnet } from '../networks.ts'
import { createMemoryWallet, createTestFoyer } from '../test-utils.ts'
import type { RequestArguments } from '../types/connector.ts'
import { connect } from './connect.ts'
import { getAssets } from './getAssets.ts'
import { grantPermissions } from './grantPermissions.ts'
import { revokePermissions } from './revokePermissions.ts'

const smartAccount = '0x5FbDB2315678afecb367f032d93F642f64180aa3'
const usdc: `0x${string}` = '0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512'
const shop = '0x9fE46736679d2D9a65F0992F2272dE9f3c7fa6e0'
const sessionKey = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'

/** An external smart-account wallet (not the embedded one: nothing is registered on a server). */
function sessionWallet() {
  return createMemoryWallet({
    namespace: 'eip155',
    address: smartAccount,
    accounts: [{ address: smartAccount, type: 'smartAccount', deployed: true }],
    async request({ method, params }: RequestArguments) {
      const [request] = params as [Record<string, unknown>]
      if (method === 'wallet_grantPermissions')
        return { ...request, context: '0xc0ffee', signerMeta: { delegationManager: shop } }
      if (method === 'wallet_revokePermissions') return {}
      if (method === 'wallet_getAssets')
        return {
          '0x7a69': [
            { address: 'native', balance: '0xde0b6b3a7640000', type: 'native', metadata: null },
            {
              address: usdc,
              balance: '0x989680',
              type: 'erc20',
              metadata: { decimals: 6, name: 'USD Coin', symbol: 'USDC' },
            },
          ],
        }
      throw Object.assign(new Error('Method not found'), { code: 4200 })
    },
  })
}

const inOneHour = () => Math.floor(Date.now() / 1000) + 3600
const tenUsdc = [
  { type: 'contract-call', data: { address: usdc, functions: ['transfer(address,uint256)'] } },
  { type: 'erc20-token-transfer', data: { address: usdc, allowance: 10_000_000n } },
] as const

describe('grantPermissions', () => {
  it('asks the smart account for a session limited to 10 USDC, amounts as hex', async () => {
    const wallet = sessionWallet()
    const foyer = createTestFoyer({ adapters: [wallet.adapter()] })
    await connect(foyer, { connectorId: 'eip155-wallet' })
    const expiry = inOneHour()
    const granted = await grantPermissions(foyer, {
      expiry,
      signer: { type: 'account', data: { address: sessionKey } },
      permissions: tenUsdc,
    })
    expect(wallet.requests[0]).toEqual({
      method: 'wallet_grantPermissions',
      params: [
        {
          chainId: '0x7a69',
          address: smartAccount,
          expiry,
          signer: { type: 'account', data: { address: sessionKey } },
          permissions: [
            tenUsdc[0],
            { type: 'erc20-token-transfer', data: { address: usdc, allowance: '0x989680' } },
          ],
        },
      ],
    })
    expect(granted).toMatchObject({
      chainId: 31337,
      address: smartAccount,
      context: '0xc0ffee',
      permissions: tenUsdc,
    })

    await revokePermissions(foyer, { permissionsContext: granted.context })
    expect(wallet.requests[1]).toEqual({
      method: 'wallet_revokePermissions',
      params: [{ permissionsContext: '0xc0ffee' }],
    })
  })

  it('refuses a session with no expiry or an unbounded limit before the wallet is asked', async () => {
    const wallet = sessionWallet()
    const foyer = createTestFoyer({ adapters: [wallet.adapter()] })
    await connect(foyer, { connectorId: 'eip155-wallet' })
    const signer = { type: 'account', data: { address: sessionKey } } as const
    const limit = (allowance: bigint) => [
      tenUsdc[0],
      { type: 'erc20-token-transfer' as const, data: { address: usdc, allowance } },
    ]
    const refused = [
      { expiry: undefined as never, permissions: tenUsdc },
      { expiry: Math.floor(Date.now() / 1000) - 1, permissions: tenUsdc },
      { expiry: inOneHour() + 31 * 24 * 3600, permissions: tenUsdc },
      { expiry: inOneHour(), permissions: [] },
      { expiry: inOneHour(), permissions: limit(0n) },
      { expiry: inOneHour(), permissions: limit(2n ** 256n - 1n) },
      { expiry: inOneHour(), permissions: limit(2n ** 128n) },
      { expiry: inOneHour(), permissions: [limit(1n)[1]!] },
    ]
    for (const request of refused)
      await expect(grantPermissions(foyer, { signer, ...request })).rejects.toMatchObject({
        name: 'InvalidPermissionsRequestError',
        shortMessage: 'Invalid permissions request',
      })
    expect(wallet.requests).toEqual([])
  })
})

describe('getAssets', () => {
  it("reads the wallet's assets per chain id with bigint balances (EIP-7811)", async () => {
    const wallet = sessionWallet()
    const foyer = createTestFoyer({ adapters: [wallet.adapter()] })
    await connect(foyer, { connectorId: 'eip155-wallet' })
    expect(await getAssets(foyer, { chainIds: [31337], assetTypes: ['erc20'] })).toEqual({
      31337: [
        { address: 'native', balance: 10n ** 18n, type: 'native', metadata: null },
        {
          address: usdc,
          balance: 10_000_000n,
          type: 'erc20',
          metadata: { decimals: 6, name: 'USD Coin', symbol: 'USDC' },
        },
      ],
    })
    expect(wallet.requests[0]).toEqual({
      method: 'wallet_getAssets',
      params: [{ account: smartAccount, chainFilter: ['0x7a69'], assetTypeFilter: ['erc20'] }],
    })
  })

  it('needs an EVM account', async () => {
    const wallet = createMemoryWallet({
      namespace: 'solana',
      address: '11111111111111111111111111111111',
    })
    const foyer = createTestFoyer({
      networks: [solanaDevnet],
      adapters: [wallet.adapter()],
    })
    await connect(foyer, { connectorId: 'solana-wallet' })
    await expect(getAssets(foyer)).rejects.toMatchObject({ name: 'EvmAccountRequiredError' })
  })
})
