import { describe, expect, it } from 'vitest'
import { createMemoryWallet, createTestFoyer } from '../test-utils.ts'
import { connect } from './connect.ts'
import { setPreferredAccountType } from './setPreferredAccountType.ts'
import { signTypedData } from './signTypedData.ts'

const eoa = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const smartAccount = '0x5FbDB2315678afecb367f032d93F642f64180aa3'
const usdc = '0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512'

const permit = {
  domain: { name: 'USD Coin', version: '1', chainId: 31337, verifyingContract: usdc },
  types: {
    Permit: [
      { name: 'owner', type: 'address' },
      { name: 'value', type: 'uint256' },
    ],
  },
  primaryType: 'Permit',
  message: { owner: smartAccount, value: 5_000_000n },
} as const

describe('signTypedData', () => {
  it('asks eth_signTypedData_v4 of the active account (the smart account) with the typed data as JSON', async () => {
    const wallet = createMemoryWallet({
      namespace: 'eip155',
      address: eoa,
      accounts: [
        { address: eoa, type: 'eoa' },
        { address: smartAccount, type: 'smartAccount' },
      ],
      async request({ method }) {
        if (method === 'eth_signTypedData_v4') return `0x${'12'.repeat(65)}`
        throw new Error(`unexpected ${method}`)
      },
    })
    const foyer = createTestFoyer({ adapters: [wallet.adapter()] })
    await connect(foyer, { connectorId: 'eip155-wallet' })
    setPreferredAccountType(foyer, { accountType: 'smartAccount' })

    expect(await signTypedData(foyer, permit)).toBe(`0x${'12'.repeat(65)}`)
    const request = wallet.requests.find((entry) => entry.method === 'eth_signTypedData_v4')!
    const [address, json] = request.params as [string, string]
    expect(address).toBe(smartAccount)
    // Wallets read the domain's type from `EIP712Domain`; amounts as decimal strings.
    expect(JSON.parse(json)).toEqual({
      domain: { ...permit.domain, verifyingContract: usdc.toLowerCase() },
      types: {
        EIP712Domain: [
          { name: 'name', type: 'string' },
          { name: 'version', type: 'string' },
          { name: 'chainId', type: 'uint256' },
          { name: 'verifyingContract', type: 'address' },
        ],
        Permit: permit.types.Permit,
      },
      primaryType: 'Permit',
      message: { owner: smartAccount.toLowerCase(), value: '5000000' },
    })
  })
})
