import { createSiweMessage } from 'viem/siwe'
import { describe, expect, test } from 'vitest'
import { bitcoin } from '../networks.ts'
import { createSiwxMessage } from './createSiwxMessage.ts'
import { siwxChainId } from './siwxChainId.ts'

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

describe('CAIP-122 sign-in messages (Bitcoin, Cosmos, Polkadot)', () => {
  const accounts = [
    {
      namespace: 'bip122',
      name: 'Bitcoin',
      accountAddress: 'bc1q9vza2e8x573nczrlzms0wvx3gsqjx7vavgkx0l',
      chainId: '000000000019d6689c085ae165831e93',
    },
    {
      namespace: 'cosmos',
      name: 'Cosmos',
      accountAddress: 'cosmos1hsk6jryyqjfhp5dhc55tc9jtckygx0eph6dd02',
      chainId: 'cosmoshub-4',
    },
    {
      namespace: 'polkadot',
      name: 'Polkadot',
      accountAddress: '5GrwvaEF5zXb26Fz9rcQpDWS57CtERHpNehXCPcNoHGKutQY',
      chainId: '91b171bb158e2d3848fa23a9f1c25182',
    },
  ] as const

  test("every SPEC §3 field, in CAIP-122's order: Chain ID after Request ID, before the resources", () => {
    for (const { namespace, name, accountAddress, chainId } of accounts)
      expect(
        createSiwxMessage(namespace, {
          ...fields,
          accountAddress,
          chainId,
          statement: 'Sign in to Acme',
          notBefore: '2026-11-25T09:59:00.000Z',
          requestId: 'request-7',
          resources: ['https://app.example.com/terms', 'ipfs://bafybeiemxf5abjwjbikoz4mc3a3dla6'],
        }),
      ).toBe(
        [
          `app.example.com wants you to sign in with your ${name} account:`,
          accountAddress,
          '',
          'Sign in to Acme',
          '',
          'URI: https://app.example.com/',
          'Version: 1',
          `Nonce: ${fields.nonce}`,
          `Issued At: ${fields.issuedAt}`,
          `Expiration Time: ${fields.expirationTime}`,
          'Not Before: 2026-11-25T09:59:00.000Z',
          'Request ID: request-7',
          `Chain ID: ${chainId}`,
          'Resources:',
          '- https://app.example.com/terms',
          '- ipfs://bafybeiemxf5abjwjbikoz4mc3a3dla6',
        ].join('\n'),
      )
  })

  test('without a statement or optional fields: no statement block, Chain ID last', () => {
    const { namespace, accountAddress, chainId } = accounts[0]
    expect(
      createSiwxMessage(namespace, {
        ...fields,
        accountAddress,
        chainId,
        expirationTime: undefined,
        resources: [],
      }),
    ).toBe(
      [
        'app.example.com wants you to sign in with your Bitcoin account:',
        accountAddress,
        '',
        'URI: https://app.example.com/',
        'Version: 1',
        `Nonce: ${fields.nonce}`,
        `Issued At: ${fields.issuedAt}`,
        `Chain ID: ${chainId}`,
      ].join('\n'),
    )
  })
})

describe('the Chain ID of a network', () => {
  test("EVM: the chain's number; Solana: the CAIP-2 id; elsewhere: the CAIP-2 reference", () => {
    expect(siwxChainId({ id: 31337, caipNetworkId: 'eip155:31337' })).toBe('31337')
    expect(
      siwxChainId({
        id: '5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
        caipNetworkId: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
      }),
    ).toBe('solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp')
    expect(siwxChainId(bitcoin)).toBe('000000000019d6689c085ae165831e93')
    // The reference, not `id`: a network's id need not be its CAIP-2 reference.
    expect(siwxChainId({ id: 'Cosmos Hub', caipNetworkId: 'cosmos:cosmoshub-4' })).toBe(
      'cosmoshub-4',
    )
    expect(
      siwxChainId({ id: 'polkadot', caipNetworkId: 'polkadot:91b171bb158e2d3848fa23a9f1c25182' }),
    ).toBe('91b171bb158e2d3848fa23a9f1c25182')
  })
})
