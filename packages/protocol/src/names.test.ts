import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import {
  createRegisterNameMessage,
  getCcipGatewayParams,
  nameLabelMessages,
  nameLabelProblem,
  postProfileAccountBody,
  registerNameMessage,
} from './names.ts'

describe('nameLabelProblem (SPEC §5 and ENS)', () => {
  it('accepts 4 to 63 letters, digits and inner hyphens, in any case', () => {
    for (const label of ['abcd', 'Visitor-1', '1234', 'a-b-c', 'abc--d', 'a'.repeat(63)])
      expect([label, nameLabelProblem(label)]).toEqual([label, undefined])
  })

  it('says which rule a label breaks', () => {
    expect(nameLabelProblem('abc')).toBe(nameLabelMessages.characters)
    expect(nameLabelProblem('ali_ce')).toBe(nameLabelMessages.characters)
    expect(nameLabelProblem('alice.eth')).toBe(nameLabelMessages.characters)
    expect(nameLabelProblem('a'.repeat(64))).toBe(nameLabelMessages.tooLong)
    expect(nameLabelProblem('-abcd')).toBe(nameLabelMessages.edgeHyphen)
    expect(nameLabelProblem('xn--abcd')).toBe(nameLabelMessages.labelExtension)
    expect(nameLabelMessages.characters).toBe(
      'name must be at least 4 characters: letters, digits and hyphens',
    )
  })
})

describe('POST /v1/profile/account', () => {
  const body = {
    address: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
    message: createRegisterNameMessage({ name: 'alice.foyer.eth', timestamp: 1 }),
    signature: `0x${'ab'.repeat(65)}`,
  }

  it('takes coin type 60 as a number or a string', () => {
    expect(v.parse(postProfileAccountBody, { ...body, coin_type: 60 }).coin_type).toBe(60)
    expect(v.parse(postProfileAccountBody, { ...body, coin_type: '60' }).coin_type).toBe(60)
    for (const coin_type of [0, '0', 501, '60 ', undefined])
      expect(v.safeParse(postProfileAccountBody, { ...body, coin_type }).success).toBe(false)
  })

  it('refuses signatures that are not hex bytes', () => {
    for (const signature of ['0x', '0xabc', 'abcd', `0x${'zz'.repeat(65)}`])
      expect(
        v.safeParse(postProfileAccountBody, { ...body, coin_type: 60, signature }).success,
      ).toBe(false)
  })

  it('writes the message AppKit signs: { name, attributes?, timestamp } as JSON', () => {
    expect(createRegisterNameMessage({ name: 'alice.foyer.eth', timestamp: 5 })).toBe(
      '{"name":"alice.foyer.eth","timestamp":5}',
    )
    const message = createRegisterNameMessage({
      name: 'alice.foyer.eth',
      attributes: { avatar: 'https://example.com/a.png' },
      timestamp: 5,
    })
    expect(v.parse(registerNameMessage, JSON.parse(message))).toEqual({
      name: 'alice.foyer.eth',
      attributes: { avatar: 'https://example.com/a.png' },
      timestamp: 5,
    })
  })
})

describe('GET /v1/ccip/{sender}/{data}', () => {
  it('reads the data with or without the .json suffix of the URL template', () => {
    const sender = '0x0000000000000000000000000000000000000001'
    expect(v.parse(getCcipGatewayParams, { sender, '*': '0x9061b923.json' })['*']).toBe(
      '0x9061b923',
    )
    expect(v.parse(getCcipGatewayParams, { sender, '*': '0x' })['*']).toBe('0x')
    for (const data of ['0x1', 'nothex.json', '0x12.json.json', `0x${'00'.repeat(9000)}`])
      expect(v.safeParse(getCcipGatewayParams, { sender, '*': data }).success).toBe(false)
  })
})
