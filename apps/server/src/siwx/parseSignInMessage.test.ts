import { createSiweMessage } from 'viem/siwe'
import { describe, expect, it } from 'vitest'
import { parseSignInMessage } from './parseSignInMessage.ts'
import { signInChainId } from './signInChainId.ts'
import { solanaSignInText } from './solanaSignInText.ts'

const address = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266' as const
const solanaAddress = '9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM'
const base = {
  address,
  chainId: 8453,
  domain: 'app.example.com',
  uri: 'https://app.example.com/login',
  version: '1' as const,
  nonce: 'a1b2c3d4e5f60718293a4b5c6d7e8f90',
  issuedAt: new Date('2025-01-02T03:04:05.000Z'),
}

describe('parseSignInMessage', () => {
  it("reads every SPEC §3 field of viem's EIP-4361 text, with and without a statement", () => {
    const full = createSiweMessage({
      ...base,
      scheme: 'https',
      statement: 'Sign in to Example.',
      expirationTime: new Date('2025-01-03T00:00:00.000Z'),
      notBefore: new Date('2025-01-02T03:00:00.000Z'),
      requestId: 'request-7',
      resources: ['https://app.example.com/terms', 'ipfs://bafy'],
    })
    expect(parseSignInMessage(full, 'eip155')).toEqual({
      scheme: 'https',
      domain: 'app.example.com',
      address,
      statement: 'Sign in to Example.',
      uri: base.uri,
      version: '1',
      chainId: '8453',
      nonce: base.nonce,
      issuedAt: base.issuedAt,
      expirationTime: new Date('2025-01-03T00:00:00.000Z'),
      notBefore: new Date('2025-01-02T03:00:00.000Z'),
      requestId: 'request-7',
      resources: ['https://app.example.com/terms', 'ipfs://bafy'],
    })
    const bare = parseSignInMessage(createSiweMessage(base), 'eip155')
    expect(bare).toMatchObject({ scheme: undefined, statement: undefined, domain: base.domain })
    expect(bare.expirationTime).toBeUndefined()
    // Older SIWE texts have no empty statement line.
    expect(
      parseSignInMessage(createSiweMessage(base).replace('\n\n\nURI:', '\n\nURI:'), 'eip155'),
    ).toEqual(bare)
    // A lower-case address is read and answered checksummed.
    expect(
      parseSignInMessage(createSiweMessage(base).replace(address, address.toLowerCase()), 'eip155')
        .address,
    ).toBe(address)
  })

  it('reads a Sign In With Solana text in both layouts', () => {
    const text = solanaSignInText({
      domain: 'localhost:5173',
      address: solanaAddress,
      uri: 'http://localhost:5173/',
      version: '1',
      chainId: 'mainnet',
      nonce: base.nonce,
      issuedAt: '2025-01-02T03:04:05.000Z',
    })
    const parsed = parseSignInMessage(text, 'solana')
    expect(parsed).toMatchObject({
      domain: 'localhost:5173',
      address: solanaAddress,
      statement: undefined,
    })
    expect(signInChainId('solana', parsed.chainId)).toBe('solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp')
    const withStatement = parseSignInMessage(
      solanaSignInText({
        domain: 'localhost:5173',
        address: solanaAddress,
        statement: 'Hello',
        uri: 'http://localhost:5173/',
        version: '1',
        chainId: 'solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1',
        nonce: base.nonce,
        issuedAt: '2025-01-02T03:04:05Z',
        resources: ['https://example.com'],
      }),
      'solana',
    )
    expect(withStatement).toMatchObject({ statement: 'Hello', resources: ['https://example.com'] })
    expect(signInChainId('solana', withStatement.chainId)).toBe(
      'solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1',
    )
    expect(signInChainId('solana', '__proto__')).toBe('solana:__proto__')
    expect(signInChainId('eip155', '1')).toBe('eip155:1')
  })

  it('refuses texts that are not exactly the grammar, saying what is wrong', () => {
    const text = createSiweMessage(base)
    const refusal = (message: string, namespace: 'eip155' | 'solana' = 'eip155') => {
      try {
        parseSignInMessage(message, namespace)
      } catch (error) {
        return (error as Error).message
      }
      return 'accepted'
    }
    expect(refusal(text, 'solana')).toBe(
      'message is not a valid Sign In With Solana sign-in message: it signs in with a Ethereum account, not with a Solana account',
    )
    expect(refusal(`hello\n${text}`)).toBe(
      'message is not a valid EIP-4361 sign-in message: the first line must be "<domain> wants you to sign in with your Ethereum account:"',
    )
    expect(refusal(`${text}\nNonce: 00000000`)).toBe(
      'message is not a valid EIP-4361 sign-in message: unexpected text on line 10: "Nonce: 00000000"',
    )
    expect(refusal(text.replace('Version: 1\nChain ID: 8453', 'Chain ID: 8453\nVersion: 1'))).toBe(
      'message is not a valid EIP-4361 sign-in message: the line "Version: …" is missing or out of order',
    )
    expect(refusal(text.replace(address, address.replace('f39Fd', 'F39fd')))).toContain(
      'the second line must be an EVM address',
    )
    expect(refusal(text.replace('2025-01-02T03:04:05.000Z', 'yesterday'))).toBe(
      'message is not a valid EIP-4361 sign-in message: Issued At "yesterday" is not an RFC 3339 date-time',
    )
    expect(refusal(text.replace(base.nonce, 'short'))).toBe(
      'message is not a valid EIP-4361 sign-in message: the nonce must be at least 8 letters and digits',
    )
    expect(refusal(text.replace('Version: 1', 'Version: 2'))).toContain('the version must be 1')
    expect(refusal(text.replace('Chain ID: 8453', 'Chain ID: 0x2105'))).toContain(
      'the chain id "0x2105" is not an EIP-155 chain id',
    )
    expect(refusal(text.replace('app.example.com wants', 'user@app.example.com wants'))).toContain(
      'is not a host[:port]',
    )
    expect(refusal(text.replace(/\nIssued At: .*/, ''))).toContain('"Issued At: …" is missing')
    expect(refusal(text.replaceAll('\n', '\r\n'))).toContain('the first line must be')
    expect(
      refusal(
        solanaSignInText({
          domain: 'a.example',
          address: `${solanaAddress}1`,
          uri: 'https://a.example',
        }),
        'solana',
      ),
    ).toContain('the second line must be a Solana address (base58 of 32 bytes)')
  })
})
