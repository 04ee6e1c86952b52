import fc from 'fast-check'
import { parseUnits } from 'viem'
import { describe, expect, it } from 'vitest'
import type { TokenBalance } from '../types/state.ts'
import { parseAmount } from './parseAmount.ts'
import { tokenContractAddress } from './publicClient.ts'
import { firstSendFormError, validateSendForm } from './validateSendForm.ts'

const usdc: TokenBalance = {
  name: 'USD Coin',
  symbol: 'USDC',
  chainId: 'eip155:31337',
  address: '0x5FbDB2315678afecb367f032d93F642f64180aa3',
  value: 0,
  price: 0,
  quantity: { decimals: '6', numeric: '100.5' },
  iconUrl: '',
}
const receiver = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const texts = (form: Parameters<typeof validateSendForm>[0]) =>
  Object.fromEntries(
    Object.entries(validateSendForm(form)).map(([field, error]) => [field, error?.shortMessage]),
  )

describe('validateSendForm', () => {
  it("asks for 'An amount and receiver address are required' when either is missing", () => {
    for (const form of [
      { sendTokenAmount: undefined, receiverAddress: receiver },
      { sendTokenAmount: '1', receiverAddress: '' },
      { sendTokenAmount: '  ', receiverAddress: '  ' },
    ])
      expect(texts({ ...form, token: usdc, namespace: 'eip155' })).toEqual({
        amountAndReceiver: 'An amount and receiver address are required',
      })
  })

  it("asks for 'A token is required' when no token is picked", () => {
    expect(
      texts({
        token: undefined,
        sendTokenAmount: '1',
        receiverAddress: receiver,
        namespace: 'eip155',
      }),
    ).toEqual({ token: 'A token is required' })
  })

  it('reports every missing field of an empty form, the amount and receiver first', () => {
    const errors = validateSendForm({
      token: undefined,
      sendTokenAmount: undefined,
      receiverAddress: undefined,
      namespace: 'eip155',
    })
    expect(errors.amountAndReceiver?.shortMessage).toBe(
      'An amount and receiver address are required',
    )
    expect(errors.token?.shortMessage).toBe('A token is required')
    expect(firstSendFormError(errors)?.shortMessage).toBe(
      'An amount and receiver address are required',
    )
  })

  it('rejects a receiver that is not an EVM address, and accepts one without 0x', () => {
    const base = { token: usdc, sendTokenAmount: '1', namespace: 'eip155' as const }
    expect(texts({ ...base, receiverAddress: '0x1234' })).toEqual({
      receiverAddress: 'Invalid receiver address',
    })
    expect(texts({ ...base, receiverAddress: receiver.slice(2) })).toEqual({})
    expect(texts({ ...base, receiverAddress: receiver })).toEqual({})
  })

  it('rejects amounts that are not positive, have too many decimals or exceed the balance', () => {
    const base = { token: usdc, receiverAddress: receiver, namespace: 'eip155' as const }
    expect(texts({ ...base, sendTokenAmount: '0' })).toEqual({ amount: 'Invalid amount' })
    expect(texts({ ...base, sendTokenAmount: '-1' })).toEqual({ amount: 'Invalid amount' })
    expect(texts({ ...base, sendTokenAmount: '1e3' })).toEqual({ amount: 'Invalid amount' })
    expect(texts({ ...base, sendTokenAmount: '0.0000001' })).toEqual({ amount: 'Invalid amount' })
    expect(texts({ ...base, sendTokenAmount: '100.6' })).toEqual({ amount: 'Insufficient balance' })
    expect(texts({ ...base, sendTokenAmount: '100.5' })).toEqual({})
    expect(texts({ ...base, sendTokenAmount: '.5' })).toEqual({})
  })

  it('checks the receiver against the namespace: a Solana address on Solana only', () => {
    const solanaReceiver = '9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM'
    const base = { token: usdc, sendTokenAmount: '1' }
    expect(texts({ ...base, receiverAddress: solanaReceiver, namespace: 'solana' })).toEqual({})
    expect(texts({ ...base, receiverAddress: receiver, namespace: 'solana' })).toEqual({
      receiverAddress: 'Invalid receiver address',
    })
    expect(texts({ ...base, receiverAddress: solanaReceiver, namespace: 'eip155' })).toEqual({
      receiverAddress: 'Invalid receiver address',
    })
  })

  it('says what is wrong in the details: the address and network, the decimals, the balance', () => {
    const details = (form: Parameters<typeof validateSendForm>[0]) =>
      Object.fromEntries(
        Object.entries(validateSendForm(form)).map(([field, error]) => [field, error?.details]),
      )
    const base = { token: usdc, sendTokenAmount: '1', receiverAddress: receiver }
    expect(details({ ...base, receiverAddress: ' 0x1234 ', namespace: 'eip155' })).toEqual({
      receiverAddress: '0x1234 is not an address on eip155.',
    })
    expect(details({ ...base, receiverAddress: '0x1234', namespace: undefined })).toEqual({
      receiverAddress: '0x1234 is not an address on this network.',
    })
    expect(details({ ...base, sendTokenAmount: '0.0000001', namespace: 'eip155' })).toEqual({
      amount: 'Expected a positive number with at most 6 decimals.',
    })
    expect(details({ ...base, sendTokenAmount: '100.6', namespace: 'eip155' })).toEqual({
      amount: '100.6 USDC is more than the balance 100.5.',
    })
  })
})

describe('parseAmount', () => {
  it("agrees with viem's parseUnits on every plain decimal the token can hold", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 24 }),
        fc.bigInt({ min: 0n, max: 10n ** 30n }),
        fc.nat({ max: 24 }),
        (decimals, integer, fractionLength) => {
          const fraction = fractionLength
            ? String(integer % 10n ** BigInt(Math.min(fractionLength, decimals) || 1)).padStart(
                Math.min(fractionLength, decimals),
                '0',
              )
            : ''
          const text = fraction && decimals ? `${integer}.${fraction}` : String(integer)
          expect(parseAmount(text, decimals)).toBe(parseUnits(text, decimals))
        },
      ),
    )
  })

  it('refuses what is not a plain decimal instead of guessing', () => {
    for (const text of ['', '.', '1.2.3', '1,5', '0x10', 'NaN', '-2', '1 000'])
      expect(parseAmount(text, 18)).toBeUndefined()
    expect(parseAmount('1.234', 2)).toBeUndefined()
  })
})

describe('tokenContractAddress', () => {
  it('reads the contract from a CAIP-10 token address and keeps a plain one', () => {
    expect(tokenContractAddress(`eip155:31337:${usdc.address}`)).toBe(usdc.address)
    expect(tokenContractAddress(usdc.address!)).toBe(usdc.address)
  })
})
