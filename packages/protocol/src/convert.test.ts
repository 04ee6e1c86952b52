import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import {
  buildSwapTransactionBody,
  caip10Network,
  getSwapAllowanceQuery,
  getSwapQuoteQuery,
  NATIVE_TOKEN_ADDRESS,
  splitCaip10,
} from './convert.ts'
import { describeIssues } from './issues.ts'

const usdc = 'eip155:1:0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48'
const dai = 'eip155:1:0x6B175474E89094C44Da98b954EedeAC495271d0F'
const user = 'eip155:1:0x0000000000000000000000000000000000000001'
const quote = { projectId: 'p', amount: '1000000', userAddress: user, from: usdc, to: dai }

const fieldOf = (schema: v.GenericSchema, input: unknown) => {
  const result = v.safeParse(schema, input)
  return result.success ? undefined : describeIssues(result.issues).field
}

describe('convert schemas', () => {
  it('accepts a quote request, the native currency included', () => {
    expect(v.parse(getSwapQuoteQuery, quote)).toEqual(quote)
    const native = `eip155:1:${NATIVE_TOKEN_ADDRESS}`
    expect(v.parse(getSwapQuoteQuery, { ...quote, from: native, gasPrice: '0' }).from).toBe(native)
  })

  it('leaves networks of other namespaces to the server (not supported, not malformed)', () => {
    const solana =
      'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp:EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v'
    const owner =
      'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp:9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM'
    expect(
      v.safeParse(getSwapAllowanceQuery, {
        projectId: 'p',
        tokenAddress: solana,
        userAddress: owner,
      }).success,
    ).toBe(true)
  })

  it.each([
    [{ from: 'eip155:1' }, 'from'],
    [{ from: 'eip155:1:0xabc' }, 'from'],
    [{ from: 'eip155:x:0x6B175474E89094C44Da98b954EedeAC495271d0F' }, 'from'],
    [{ to: 'eip155:10:0x6B175474E89094C44Da98b954EedeAC495271d0F' }, 'to'],
    [{ to: usdc.toLowerCase() }, 'to'],
    [{ userAddress: 'eip155:10:0x0000000000000000000000000000000000000001' }, 'userAddress'],
    [{ amount: '-1' }, 'amount'],
    [{ amount: '1e6' }, 'amount'],
    [{ amount: '0' }, 'amount'],
    [{ amount: (2n ** 256n).toString() }, 'amount'],
    [{ gasPrice: '1.5' }, 'gasPrice'],
  ])('refuses %j in field %s', (change, field) => {
    expect(fieldOf(getSwapQuoteQuery, { ...quote, ...change })).toBe(field)
  })

  it('defaults the slippage to 1 % and the estimate to on', () => {
    const body = { amount: '1', from: usdc, to: dai, userAddress: user }
    expect(v.parse(buildSwapTransactionBody, body)).toMatchObject({
      disableEstimate: false,
      eip155: { slippage: '1' },
    })
    expect(v.parse(buildSwapTransactionBody, { ...body, eip155: {} }).eip155.slippage).toBe('1')
    expect(
      v.parse(buildSwapTransactionBody, {
        ...body,
        disableEstimate: true,
        eip155: { slippage: '0.5' },
      }),
    ).toMatchObject({ disableEstimate: true, eip155: { slippage: '0.5' } })
    for (const slippage of ['50.0001', '-1', '1%', '0.12345', 1])
      expect(fieldOf(buildSwapTransactionBody, { ...body, eip155: { slippage } })).toBe(
        'eip155.slippage',
      )
  })

  it('splits CAIP-10 ids', () => {
    expect(splitCaip10(usdc)).toEqual({
      namespace: 'eip155',
      reference: '1',
      address: '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48',
    })
    expect(splitCaip10('eip155:1')).toBeUndefined()
    expect(caip10Network(usdc)).toBe('eip155:1')
  })
})
