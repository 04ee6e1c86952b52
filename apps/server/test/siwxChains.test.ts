import { randomBytes } from 'node:crypto'
import { bitcoin, bitcoinRegtest, bitcoinTestnet, signBitcoinMessage } from '@foyer/bitcoin'
import { type CaipNetwork, createSiwxMessage, parseCaipNetworkId } from '@foyer/core'
import { cosmosHub, signCosmosMessage } from '@foyer/cosmos'
import { polkadot, signRawMessage } from '@foyer/polkadot'
import { siwxSessionResponse } from '@foyer/protocol'
import { createCosmosTestWallet } from '@foyer/test-wallets/cosmos'
import { createPolkadotTestWallet } from '@foyer/test-wallets/polkadot'
import { secp256k1 } from '@noble/curves/secp256k1.js'
import { NETWORK, p2pkh, p2tr, p2wpkh, TEST_NETWORK } from '@scure/btc-signer'
import type { FastifyInstance, LightMyRequestResponse } from 'fastify'
import * as v from 'valibot'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createDatabase, type FoyerDatabase } from '../src/db/createDatabase.ts'
import { createServer } from '../src/http/createServer.ts'
import { upsertProject } from '../src/projects/projects.ts'

const project = 'siwx-chains'
const appOrigin = 'https://app.example.com'
const mismatch = "signature does not match the message's account"

type Answer = { status: number; body: Record<string, unknown>; cookie: string | undefined }
type Signed = { message: string; signature: string; namespace: string }

/**
 * Sign in with Bitcoin, Cosmos and Polkadot wallets, end to end through `POST /v1/siwx/verify` on
 * PGlite: the client's CAIP-122 text (`createSiwxMessage`), signed with real keys the way each
 * namespace's wallet signs (BIP-322 / legacy with `signBitcoinMessage`; ADR-36 through the Cosmos
 * adapter's `signCosmosMessage` and a Keplr-like wallet; `<Bytes>`-wrapped sr25519 through the
 * Polkadot adapter's `signRawMessage` and a polkadot-js-like extension), checked by the adapters'
 * verifiers on the server.
 */
describe('SIWX on Bitcoin, Cosmos and Polkadot', () => {
  let app: FastifyInstance
  let database: FoyerDatabase

  beforeAll(async () => {
    database = await createDatabase({ dataDir: 'memory://' })
    app = await createServer({
      database,
      logger: false,
      rateLimit: false,
      indexer: { enabled: false },
    })
    await upsertProject({
      db: database.db,
      id: project,
      name: 'SIWX chains',
      allowedOrigins: [appOrigin],
    })
  }, 120_000)

  afterAll(async () => {
    await app?.close()
    await database?.destroy()
  })

  const answer = (response: LightMyRequestResponse): Answer => {
    const setCookie = [response.headers['set-cookie'] ?? []].flat()
    return {
      status: response.statusCode,
      body: response.json(),
      cookie: setCookie.find((line) => line.startsWith('foyer_siwx='))?.split(';')[0],
    }
  }
  const nonce = async (): Promise<string> => {
    const response = await app.inject({
      method: 'POST',
      url: `/v1/siwx/nonce?projectId=${project}`,
      headers: { origin: appOrigin },
    })
    expect(response.statusCode, response.body).toBe(200)
    return response.json().nonce
  }
  const verify = async (body: Signed, cookie?: string): Promise<Answer> =>
    answer(
      await app.inject({
        method: 'POST',
        url: `/v1/siwx/verify?projectId=${project}`,
        headers: { origin: appOrigin, ...(cookie ? { cookie } : {}) },
        payload: body,
      }),
    )
  const session = async (cookie: string) =>
    answer(
      await app.inject({
        url: `/v1/siwx/session?projectId=${project}`,
        headers: { origin: appOrigin, cookie },
      }),
    )
  /** The text the client asks the wallet to sign (`signIn` of @foyer/core fills the same fields). */
  const messageFor = async (network: CaipNetwork, accountAddress: string) => {
    const now = Date.now()
    return createSiwxMessage(network.chainNamespace, {
      accountAddress,
      chainId: parseCaipNetworkId(network.caipNetworkId).reference,
      domain: 'app.example.com',
      uri: `${appOrigin}/`,
      version: '1',
      nonce: await nonce(),
      statement: 'Sign in to the SIWX app.',
      issuedAt: new Date(now).toISOString(),
      expirationTime: new Date(now + 3_600_000).toISOString(),
    })
  }
  const expectSignedIn = (result: Answer, account: { address: string; network: CaipNetwork }) => {
    expect(result.status, JSON.stringify(result.body)).toBe(200)
    const { session: signedIn } = v.parse(siwxSessionResponse, result.body)
    expect(signedIn).toMatchObject({
      address: account.address,
      namespace: account.network.chainNamespace,
      chainId: account.network.caipNetworkId,
    })
    expect(result.cookie).toMatch(/^foyer_siwx=[A-Za-z0-9_-]{43}$/)
    return signedIn
  }
  const expectRefused = (result: Answer, message: string) => {
    expect({ status: result.status, body: result.body, cookie: result.cookie }).toEqual({
      status: 400,
      body: {
        statusCode: 400,
        code: 'INVALID_INPUT',
        error: 'Bad Request',
        message,
        field: 'signature',
      },
      cookie: undefined,
    })
  }
  /** The text with its statement changed: what the wallet showed is not what is sent. */
  const tamper = (message: string) => message.replace('Sign in to the SIWX app.', 'Sign in to X.')

  const bitcoinKey = () => {
    const privateKey = secp256k1.utils.randomSecretKey()
    const publicKey = secp256k1.getPublicKey(privateKey, true)
    return { privateKey, publicKey }
  }

  it('signs in with a Bitcoin wallet (BIP-322) and refuses forged, foreign and tampered signatures', async () => {
    const key = bitcoinKey()
    const address = p2wpkh(key.publicKey, NETWORK).address!
    const message = await messageFor(bitcoin, address)
    expect(message.split('\n')[0]).toBe(
      'app.example.com wants you to sign in with your Bitcoin account:',
    )
    const signature = signBitcoinMessage({ privateKey: key.privateKey, address, message })

    // Another key's signature of the very text (by its own address), a tampered text, noise.
    const other = bitcoinKey()
    const otherAddress = p2wpkh(other.publicKey, NETWORK).address!
    const foreign = signBitcoinMessage({
      privateKey: other.privateKey,
      address: otherAddress,
      message,
    })
    expectRefused(await verify({ message, signature: foreign, namespace: 'bip122' }), mismatch)
    expectRefused(
      await verify({ message: tamper(message), signature, namespace: 'bip122' }),
      mismatch,
    )
    const flipped = Buffer.from(signature, 'base64')
    flipped[10]! ^= 1
    expectRefused(
      await verify({ message, signature: flipped.toString('base64'), namespace: 'bip122' }),
      mismatch,
    )
    expectRefused(
      await verify({ message, signature: 'c2hvcnQ=', namespace: 'bip122' }),
      'signature must be a BIP-322 (or legacy signmessage) signature in base64',
    )

    // None of the refusals spent the nonce: the genuine signature signs in.
    const result = await verify({ message, signature, namespace: 'bip122' })
    const signedIn = expectSignedIn(result, { address, network: bitcoin })
    expect((await session(result.cookie!)).body).toEqual({ session: signedIn })
    // …once.
    expect((await verify({ message, signature, namespace: 'bip122' })).body).toMatchObject({
      message: 'nonce was already used or never issued',
    })
  })

  it('signs in with Taproot (BIP-322) on regtest and a legacy P2PKH signature on testnet', async () => {
    const taprootKey = bitcoinKey()
    const regtestFormat = { ...TEST_NETWORK, bech32: 'bcrt' }
    const taproot = p2tr(taprootKey.publicKey.subarray(1), undefined, regtestFormat).address!
    expect(taproot).toMatch(/^bcrt1p/)
    const onRegtest = await messageFor(bitcoinRegtest, taproot)
    expectSignedIn(
      await verify({
        message: onRegtest,
        signature: signBitcoinMessage({
          privateKey: taprootKey.privateKey,
          address: taproot,
          message: onRegtest,
        }),
        namespace: 'bip122',
      }),
      { address: taproot, network: bitcoinRegtest },
    )

    const legacyKey = bitcoinKey()
    const legacy = p2pkh(legacyKey.publicKey, TEST_NETWORK).address!
    const onTestnet = await messageFor(bitcoinTestnet, legacy)
    const signature = signBitcoinMessage({
      privateKey: legacyKey.privateKey,
      address: legacy,
      message: onTestnet,
    })
    // Bitcoin Core's `signmessage` format: 65 bytes.
    expect(Buffer.from(signature, 'base64')).toHaveLength(65)
    expectRefused(
      await verify({ message: tamper(onTestnet), signature, namespace: 'bip122' }),
      mismatch,
    )
    expectSignedIn(await verify({ message: onTestnet, signature, namespace: 'bip122' }), {
      address: legacy,
      network: bitcoinTestnet,
    })
  })

  const cosmosWallet = async () => {
    const wallet = await createCosmosTestWallet({
      privateKeyHex: randomBytes(32).toString('hex'),
      chains: [{ chainId: cosmosHub.cosmos.chainId, bech32Prefix: cosmosHub.cosmos.bech32Prefix }],
    })
    return { wallet, address: wallet.addressOn(cosmosHub.cosmos.chainId) }
  }
  /** What the Cosmos connector's `signMessage` does: ADR-36 `signArbitrary`, JSON back. */
  const cosmosSignature = (
    { wallet, address }: Awaited<ReturnType<typeof cosmosWallet>>,
    message: string,
  ) => signCosmosMessage({ wallet, chainId: cosmosHub.cosmos.chainId, address, message })

  it('signs in with a Cosmos wallet (ADR-36) and refuses forged, foreign and tampered signatures', async () => {
    const account = await cosmosWallet()
    const message = await messageFor(cosmosHub, account.address)
    expect(message.split('\n').at(-1)).toBe('Chain ID: cosmoshub-4')
    const signature = await cosmosSignature(account, message)
    expect(JSON.parse(signature)).toMatchObject({
      pub_key: { type: 'tendermint/PubKeySecp256k1' },
    })

    const other = await cosmosWallet()
    expectRefused(
      await verify({
        message,
        signature: await cosmosSignature(other, message),
        namespace: 'cosmos',
      }),
      mismatch,
    )
    // The account's key with another key's signature: the key is the address's, the signature not.
    const { pub_key } = JSON.parse(signature)
    const { signature: otherSignature } = JSON.parse(await cosmosSignature(other, message))
    expectRefused(
      await verify({
        message,
        signature: JSON.stringify({ pub_key, signature: otherSignature }),
        namespace: 'cosmos',
      }),
      mismatch,
    )
    expectRefused(
      await verify({ message: tamper(message), signature, namespace: 'cosmos' }),
      mismatch,
    )
    expectRefused(
      await verify({ message, signature: JSON.parse(signature).signature, namespace: 'cosmos' }),
      'signature must be the ADR-36 StdSignature as JSON: {"pub_key":{"type":"tendermint/PubKeySecp256k1","value":<base64 of 33 bytes>},"signature":<base64 of 64 bytes>}',
    )

    const result = await verify({ message, signature, namespace: 'cosmos' })
    const signedIn = expectSignedIn(result, { address: account.address, network: cosmosHub })
    expect((await session(result.cookie!)).body).toEqual({ session: signedIn })
  })

  const polkadotWallet = async () => {
    const wallet = await createPolkadotTestWallet({ ss58Prefix: polkadot.ss58Prefix })
    const { signer } = await wallet.enable('SIWX app')
    return { signer, address: wallet.accounts[0]!.address }
  }

  it('signs in with a Polkadot wallet (sr25519 signRaw) and refuses forged, foreign and tampered signatures', async () => {
    const account = await polkadotWallet()
    const message = await messageFor(polkadot, account.address)
    const signature = await signRawMessage({ ...account, message })
    expect(signature).toMatch(/^0x[0-9a-f]{128}$/)

    const other = await polkadotWallet()
    expectRefused(
      await verify({
        message,
        signature: await signRawMessage({ ...other, message }),
        namespace: 'polkadot',
      }),
      mismatch,
    )
    expectRefused(
      await verify({ message: tamper(message), signature, namespace: 'polkadot' }),
      mismatch,
    )
    expectRefused(
      await verify({ message, signature: `0x${'00'.repeat(64)}`, namespace: 'polkadot' }),
      mismatch,
    )
    expectRefused(
      await verify({ message, signature: signature.slice(2), namespace: 'polkadot' }),
      'signature must be 0x followed by the hex of an sr25519, ed25519 or ecdsa signature (64 or 65 bytes)',
    )

    const result = await verify({ message, signature, namespace: 'polkadot' })
    const signedIn = expectSignedIn(result, { address: account.address, network: polkadot })
    expect((await session(result.cookie!)).body).toEqual({ session: signedIn })
  })

  it('holds a Bitcoin, a Cosmos and a Polkadot account in one session', async () => {
    const key = bitcoinKey()
    const bitcoinAddress = p2wpkh(key.publicKey, NETWORK).address!
    const bitcoinText = await messageFor(bitcoin, bitcoinAddress)
    const first = await verify({
      message: bitcoinText,
      signature: signBitcoinMessage({
        privateKey: key.privateKey,
        address: bitcoinAddress,
        message: bitcoinText,
      }),
      namespace: 'bip122',
    })
    const cosmos = await cosmosWallet()
    const cosmosText = await messageFor(cosmosHub, cosmos.address)
    const second = await verify(
      {
        message: cosmosText,
        signature: await cosmosSignature(cosmos, cosmosText),
        namespace: 'cosmos',
      },
      first.cookie,
    )
    const substrate = await polkadotWallet()
    const polkadotText = await messageFor(polkadot, substrate.address)
    const third = await verify(
      {
        message: polkadotText,
        signature: await signRawMessage({ ...substrate, message: polkadotText }),
        namespace: 'polkadot',
      },
      second.cookie,
    )
    const { session: all } = v.parse(siwxSessionResponse, third.body)
    expect(all.accounts.map(({ namespace, address }) => ({ namespace, address }))).toEqual([
      { namespace: 'polkadot', address: substrate.address },
      { namespace: 'cosmos', address: cosmos.address },
      { namespace: 'bip122', address: bitcoinAddress },
    ])
  })
})
