import { createSiwxMessage } from '@foyer/core'
import { createSiweMessage } from 'viem/siwe'
import { describe, expect, it } from 'vitest'
import { parseSignInMessage, type SignInNamespace } from './parseSignInMessage.ts'
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

describe('parseSignInMessage: CAIP-122 (Bitcoin, Cosmos, Polkadot)', () => {
  const bitcoinAddress = 'bc1q9vza2e8x573nczrlzms0wvx3gsqjx7vavgkx0l'
  const bitcoinMainnet = '000000000019d6689c085ae165831e93'
  const regtest = '0f9188f13cb7b2c71f2a335e3a4fc328'
  const cosmosAddress = 'cosmos1hsk6jryyqjfhp5dhc55tc9jtckygx0eph6dd02'
  const polkadotAddress = '15oF4uVJwmo4TdGW7VfQxNLavjCXviqxT9S1MgbjMNHr6Sp5'
  const polkadotChain = '91b171bb158e2d3848fa23a9f1c25182'
  const fields = {
    domain: 'app.example.com',
    uri: 'https://app.example.com/login',
    version: '1' as const,
    nonce: base.nonce,
    issuedAt: '2025-01-02T03:04:05.000Z',
  }
  const caip122 = (
    namespace: 'bip122' | 'cosmos' | 'polkadot',
    accountAddress: string,
    chainId: string,
    extra: Partial<Parameters<typeof createSiwxMessage>[1]> = {},
  ) => createSiwxMessage(namespace, { ...fields, accountAddress, chainId, ...extra })
  const refusal = (message: string, namespace: SignInNamespace) => {
    try {
      parseSignInMessage(message, namespace)
    } catch (error) {
      return (error as Error).message
    }
    return 'accepted'
  }

  it("reads every SPEC §3 field of the client's text, and the CAIP-2 id of its chain", () => {
    const full = {
      statement: 'Sign in to Example.',
      expirationTime: '2025-01-03T00:00:00.000Z',
      notBefore: '2025-01-02T03:00:00.000Z',
      requestId: 'request-7',
      resources: ['https://app.example.com/terms', 'ipfs://bafy'],
    }
    const read = {
      scheme: undefined,
      domain: 'app.example.com',
      statement: 'Sign in to Example.',
      uri: fields.uri,
      version: '1',
      nonce: base.nonce,
      issuedAt: new Date(fields.issuedAt),
      expirationTime: new Date(full.expirationTime),
      notBefore: new Date(full.notBefore),
      requestId: 'request-7',
      resources: full.resources,
    }
    const cases = [
      ['bip122', bitcoinAddress, bitcoinMainnet, `bip122:${bitcoinMainnet}`],
      ['cosmos', cosmosAddress, 'cosmoshub-4', 'cosmos:cosmoshub-4'],
      ['polkadot', polkadotAddress, polkadotChain, `polkadot:${polkadotChain}`],
    ] as const
    for (const [namespace, address, chainId, caipNetworkId] of cases) {
      const parsed = parseSignInMessage(caip122(namespace, address, chainId, full), namespace)
      expect(parsed).toEqual({ ...read, address, chainId })
      expect(signInChainId(namespace, parsed.chainId)).toBe(caipNetworkId)
      // A whole CAIP-2 id on the Chain ID line (as other CAIP-122 clients write it) is the same chain.
      expect(signInChainId(namespace, caipNetworkId)).toBe(caipNetworkId)
      // Without the optional fields and the statement, Chain ID follows Issued At.
      expect(parseSignInMessage(caip122(namespace, address, chainId), namespace)).toMatchObject({
        statement: undefined,
        expirationTime: undefined,
        requestId: undefined,
        resources: undefined,
        chainId,
      })
    }
    // bech32 is read in either case and answered in lower case.
    expect(
      parseSignInMessage(caip122('bip122', bitcoinAddress.toUpperCase(), bitcoinMainnet), 'bip122')
        .address,
    ).toBe(bitcoinAddress)
  })

  it('refuses another header, the EVM order of the lines and addresses of another format', () => {
    const text = caip122('cosmos', cosmosAddress, 'cosmoshub-4')
    expect(refusal(text, 'polkadot')).toBe(
      'message is not a valid CAIP-122 (Polkadot) sign-in message: it signs in with a Cosmos account, not with a Polkadot account',
    )
    expect(refusal(text.replace('Cosmos account', 'cosmos account'), 'cosmos')).toBe(
      'message is not a valid CAIP-122 (Cosmos) sign-in message: it signs in with a cosmos account, not with a Cosmos account',
    )
    // EIP-4361's place for the Chain ID line (after Version) is not CAIP-122's.
    const evmOrder = text
      .replace('\nChain ID: cosmoshub-4', '')
      .replace('Version: 1', 'Version: 1\nChain ID: cosmoshub-4')
    expect(refusal(evmOrder, 'cosmos')).toBe(
      'message is not a valid CAIP-122 (Cosmos) sign-in message: the line "Nonce: …" is missing or out of order',
    )
    expect(refusal(text.replace('\nChain ID: cosmoshub-4', ''), 'cosmos')).toContain(
      'the line "Chain ID: …" is missing or out of order',
    )
    expect(refusal(`${text}\nNonce: 00000000`, 'cosmos')).toContain(
      'unexpected text on line 9: "Nonce: 00000000"',
    )

    // Each namespace's address format, checksums included.
    expect(refusal(text.replace(cosmosAddress, `${cosmosAddress.slice(0, -1)}3`), 'cosmos')).toBe(
      'message is not a valid CAIP-122 (Cosmos) sign-in message: the second line must be a Cosmos address (lower-case bech32 of 20 or 32 bytes, with a valid checksum)',
    )
    expect(refusal(text.replace(cosmosAddress, cosmosAddress.toUpperCase()), 'cosmos')).toContain(
      'the second line must be a Cosmos address',
    )
    const polkadot = caip122('polkadot', polkadotAddress, polkadotChain)
    expect(refusal(polkadot, 'polkadot')).toBe('accepted')
    for (const other of [
      `${polkadotAddress.slice(0, -1)}6`,
      // Alice's public key in hex, and a Solana address: not SS58 accounts.
      '0xd43593c715fdd31c61141abd04a99fd6822c8558854ccde39a5684e7a56da27d',
      solanaAddress,
    ])
      expect(refusal(polkadot.replace(polkadotAddress, other), 'polkadot')).toBe(
        'message is not a valid CAIP-122 (Polkadot) sign-in message: the second line must be a Polkadot address (SS58 of a 32-byte account id, with a valid checksum)',
      )
    const bitcoin = caip122('bip122', bitcoinAddress, bitcoinMainnet)
    expect(refusal(bitcoin, 'bip122')).toBe('accepted')
    // A broken checksum, an EVM address, a Cosmos one.
    for (const other of [`${bitcoinAddress.slice(0, -1)}m`, address, cosmosAddress])
      expect(refusal(bitcoin.replace(bitcoinAddress, other), 'bip122')).toBe(
        'message is not a valid CAIP-122 (Bitcoin) sign-in message: the second line must be a Bitcoin address (bech32, bech32m or base58, with a valid checksum)',
      )
  })

  it("refuses chain ids of another form, and a Bitcoin address of another chain's kind", () => {
    const chainIds = [
      ['bip122', bitcoinAddress, bitcoinMainnet.toUpperCase(), 'is not a Bitcoin chain'],
      ['bip122', bitcoinAddress, `eip155:${bitcoinMainnet}`, 'is not a Bitcoin chain'],
      ['cosmos', cosmosAddress, 'cosmos hub', 'is not a Cosmos chain id'],
      ['cosmos', cosmosAddress, 'c'.repeat(33), 'is not a Cosmos chain id'],
      ['polkadot', polkadotAddress, `0x${polkadotChain}`, 'is not a Polkadot chain'],
    ] as const
    for (const [namespace, address, chainId, problem] of chainIds)
      expect(refusal(caip122(namespace, address, chainId), namespace)).toContain(
        `the chain id "${chainId}" ${problem}`,
      )
    expect(refusal(caip122('bip122', bitcoinAddress, regtest), 'bip122')).toBe(
      `message is not a valid CAIP-122 (Bitcoin) sign-in message: the address ${bitcoinAddress} is not an address of bip122:${regtest} (a regtest chain)`,
    )
    // Testnet addresses (tb1…) are for the test chains, not for mainnet.
    const testnetAddress = 'tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx'
    expect(refusal(caip122('bip122', testnetAddress, bitcoinMainnet), 'bip122')).toContain(
      `is not an address of bip122:${bitcoinMainnet} (a mainnet chain)`,
    )
    expect(
      refusal(caip122('bip122', testnetAddress, '000000000933ea01ad0ee984209779ba'), 'bip122'),
    ).toBe('accepted')
  })
})
