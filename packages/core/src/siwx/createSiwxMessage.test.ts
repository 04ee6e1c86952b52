import { createSiweMessage } from 'viem/siwe'
import { describe, expect, test } from 'vitest'
import { createSiwxMessage } from './createSiwxMessage.ts'

const fields = {
  accountAddress: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
  chainId: '31337',
  domain: 'app.example.com',
  uri: 'https://app.example.com/',
  version: '1' as const,
  nonce: '0123456789abcdef0123456789abcdef',
  issuedAt: '2026-11-25T10:00:00.000Z',
  expirationTime: '2026-11-26T10:00:00.000Z',
}

describe('sign-in messages', () => {
  test('EVM: the EIP-4361 text viem writes, with and without a statement and resources', () => {
    const viem = (statement?: string, resources?: string[]) =>
      createSiweMessage({
        address: fields.accountAddress as `0x${string}`,
        chainId: 31337,
        domain: fields.domain,
        uri: fields.uri,
        version: '1',
        nonce: fields.nonce,
        issuedAt: new Date(fields.issuedAt),
        expirationTime: new Date(fields.expirationTime),
        statement,
        resources,
      })
    expect(createSiwxMessage('eip155', fields)).toBe(viem())
    expect(createSiwxMessage('eip155', { ...fields, statement: 'Sign in to Acme' })).toBe(
      viem('Sign in to Acme'),
    )
    expect(
      createSiwxMessage('eip155', {
        ...fields,
        statement: 'Sign in to Acme',
        resources: ['https://app.example.com/terms'],
      }),
    ).toBe(viem('Sign in to Acme', ['https://app.example.com/terms']))
  })

  test('Solana: Sign In With Solana, line for line', () => {
    const text = createSiwxMessage('solana', {
      ...fields,
      accountAddress: 'oeYf6KAJkLYhBuR8CiGc6L4D4Xtfepr85fuDgA9kq96',
      chainId: 'solana:CmpNeggWJ4JaWJeJ8YKN1Zypmk7uvQq3',
      statement: 'Sign in to Acme',
    })
    expect(text).toBe(
      [
        'app.example.com wants you to sign in with your Solana account:',
        'oeYf6KAJkLYhBuR8CiGc6L4D4Xtfepr85fuDgA9kq96',
        '',
        'Sign in to Acme',
        '',
        'URI: https://app.example.com/',
        'Version: 1',
        'Chain ID: solana:CmpNeggWJ4JaWJeJ8YKN1Zypmk7uvQq3',
        `Nonce: ${fields.nonce}`,
        `Issued At: ${fields.issuedAt}`,
        `Expiration Time: ${fields.expirationTime}`,
      ].join('\n'),
    )
  })
})
