import { verifyBitcoinMessage } from '@foyer/bitcoin'
import { base64, hex } from '@scure/base'
import { p2wpkh, Transaction } from '@scure/btc-signer'
import { pubECDSA } from '@scure/btc-signer/utils.js'
import { describe, expect, it } from 'vitest'
import { createBitcoinTestWallet } from './createBitcoinTestWallet.ts'

// BIP-322's test key: its P2WPKH address is the BIP's, its key-path Taproot address Bitcoin Core's.
const bipKey = 'L3VFeEujGtevx9w18HD1fhRbCH67Az2dpCymeRE1SoPK6XQtaN2k'

type Answer = { result?: unknown; error?: { code: number; message: string } }
const ask = async (
  wallet: ReturnType<typeof createBitcoinTestWallet>,
  method: string,
  params?: unknown,
) => (await wallet.provider.request(method, params)) as Answer

describe('Bitcoin test wallet (sats-connect)', () => {
  it('holds the P2WPKH payment and key-path P2TR ordinals addresses of its keys', () => {
    const wallet = createBitcoinTestWallet({
      paymentKey: bipKey,
      ordinalKey: bipKey,
      network: 'mainnet',
    })
    expect(wallet.payment).toMatchObject({
      address: 'bc1q9vza2e8x573nczrlzms0wvx3gsqjx7vavgkx0l',
      purpose: 'payment',
      addressType: 'p2wpkh',
    })
    expect(wallet.ordinal).toMatchObject({
      address: 'bc1ppv609nr0vr25u07u95waq5lucwfm6tde4nydujnu8npg4q75mr5sxq8lt3',
      purpose: 'ordinals',
      addressType: 'p2tr',
    })
    expect(wallet.ordinal.publicKey).toHaveLength(64) // x-only
    expect(createBitcoinTestWallet().payment.address).toMatch(/^bcrt1q/)
  })

  it('authorises the site on an approved wallet_connect; wallet_getAccount never prompts', async () => {
    const wallet = createBitcoinTestWallet()
    expect((await ask(wallet, 'wallet_getAccount', null)).error?.code).toBe(-32002)
    const connected = await ask(wallet, 'wallet_connect', { addresses: ['payment', 'ordinals'] })
    expect(connected.result).toMatchObject({
      addresses: [wallet.payment, wallet.ordinal],
      network: { bitcoin: { name: 'Regtest' } },
    })
    expect(wallet.isAuthorized).toBe(true)
    expect((await ask(wallet, 'wallet_getAccount', null)).result).toMatchObject({
      addresses: [wallet.payment, wallet.ordinal],
    })
    expect((await ask(wallet, 'getAccounts', { purposes: ['ordinals'] })).result).toEqual([
      wallet.ordinal,
    ])
  })

  it('answers a refusal with -32000 in the response, as sats-connect wallets do', async () => {
    const wallet = createBitcoinTestWallet({ behaviour: { connect: 'reject' } })
    const answer = await ask(wallet, 'wallet_connect', null)
    expect(answer).toMatchObject({ jsonrpc: '2.0', error: { code: -32000 } })
    expect(wallet.isAuthorized).toBe(false)
  })

  it('remembers the authorisation in its storage, and forgets it on wallet_disconnect with an event', async () => {
    const items = new Map<string, string>()
    const storage = {
      getItem: (key: string) => items.get(key) ?? null,
      setItem: (key: string, value: string) => void items.set(key, value),
    }
    const first = createBitcoinTestWallet({ storage })
    await ask(first, 'wallet_connect', null)
    const reloaded = createBitcoinTestWallet({ storage })
    expect(reloaded.isAuthorized).toBe(true)
    const events: string[] = []
    reloaded.provider.addListener?.({
      eventName: 'disconnect',
      cb: (event) => events.push(event.type),
    })
    await ask(reloaded, 'wallet_disconnect', null)
    expect(events).toEqual(['disconnect'])
    expect(createBitcoinTestWallet({ storage }).isAuthorized).toBe(false)
  })

  it('answers only the methods it is given, -32601 for the rest', async () => {
    const wallet = createBitcoinTestWallet({ methods: ['getInfo', 'getAccounts'] })
    expect((await ask(wallet, 'wallet_connect', null)).error?.code).toBe(-32601)
    expect((await ask(wallet, 'getInfo', null)).result).toMatchObject({
      methods: ['getInfo', 'getAccounts'],
    })
  })

  it('signs messages with BIP-322 when asked, and with ECDSA (BIP-137) by default for payments', async () => {
    const wallet = createBitcoinTestWallet()
    await ask(wallet, 'wallet_connect', null)
    const { address } = wallet.payment
    const bip322 = (
      await ask(wallet, 'signMessage', { address, message: 'Hello World', protocol: 'BIP322' })
    ).result as { signature: string; messageHash: string; protocol: string }
    expect(bip322.messageHash).toBe(
      'f0eb03b1a75ac6d9847f55c624a99169b5dccba2a31f5b23bea77ba270de0a7a',
    )
    expect(
      verifyBitcoinMessage({ address, message: 'Hello World', signature: bip322.signature }),
    ).toBe(true)
    const ecdsa = (await ask(wallet, 'signMessage', { address, message: 'Hello World' }))
      .result as {
      signature: string
      protocol: string
    }
    expect(ecdsa.protocol).toBe('ECDSA')
    expect(base64.decode(ecdsa.signature)).toHaveLength(65)
    expect(
      verifyBitcoinMessage({ address, message: 'Hello World', signature: ecdsa.signature }),
    ).toBe(true)
    const taproot = (
      await ask(wallet, 'signMessage', { address: wallet.ordinal.address, message: 'x' })
    ).result as { signature: string; protocol: string }
    expect(taproot.protocol).toBe('BIP322')
    expect(
      verifyBitcoinMessage({
        address: wallet.ordinal.address,
        message: 'x',
        signature: taproot.signature,
      }),
    ).toBe(true)
  })

  it('refuses to sign for a site it has not authorised (-32002), or when the visitor says no (-32000)', async () => {
    const wallet = createBitcoinTestWallet()
    const params = { address: wallet.payment.address, message: 'x', protocol: 'BIP322' }
    expect((await ask(wallet, 'signMessage', params)).error?.code).toBe(-32002)
    await ask(wallet, 'wallet_connect', null)
    wallet.setBehaviour({ signing: 'reject' })
    expect((await ask(wallet, 'signMessage', params)).error?.code).toBe(-32000)
    expect(wallet.getBehaviour()).toEqual({ connect: 'approve', signing: 'reject' })
  })

  it('signs a PSBT paying from its payment address, and cannot broadcast without a node', async () => {
    const wallet = createBitcoinTestWallet()
    await ask(wallet, 'wallet_connect', null)
    const publicKey = hex.decode(wallet.payment.publicKey)
    const transaction = new Transaction()
    transaction.addInput({
      txid: new Uint8Array(32).fill(1),
      index: 0,
      witnessUtxo: { script: p2wpkh(publicKey).script, amount: 50_000n },
    })
    transaction.addOutput({
      script: p2wpkh(pubECDSA(new Uint8Array(32).fill(5))).script,
      amount: 40_000n,
    })
    const psbt = base64.encode(transaction.toPSBT())
    const signInputs = { [wallet.payment.address]: [0] }
    const { result } = await ask(wallet, 'signPsbt', { psbt, signInputs })
    const signed = Transaction.fromPSBT(base64.decode((result as { psbt: string }).psbt))
    expect(signed.getInput(0).partialSig?.[0]?.[0]).toEqual(publicKey)
    expect((await ask(wallet, 'signPsbt', { psbt, signInputs, broadcast: true })).error?.code).toBe(
      -32603,
    )
  })
})

describe('Bitcoin test wallet (wallet standard)', () => {
  it('connects with one account per purpose, in the order asked for', async () => {
    const { standard, payment, ordinal } = createBitcoinTestWallet()
    expect(standard.chains).toEqual(['bitcoin:regtest'])
    expect(standard.accounts).toEqual([])
    const { accounts } = await standard.features['bitcoin:connect'].connect({
      purposes: ['ordinals', 'payment'],
    })
    expect(accounts.map((account) => account.address)).toEqual([ordinal.address, payment.address])
    expect(standard.accounts).toHaveLength(2)
  })

  it('throws 4001 when the visitor refuses, as wallet-standard wallets do', async () => {
    const wallet = createBitcoinTestWallet({ behaviour: { connect: 'reject' } })
    await expect(
      wallet.standard.features['bitcoin:connect'].connect({ purposes: ['payment'] }),
    ).rejects.toMatchObject({ code: 4001 })
    wallet.setBehaviour({ connect: 'approve', signing: 'reject' })
    const { accounts } = await wallet.standard.features['bitcoin:connect'].connect({
      purposes: ['payment'],
    })
    await expect(
      wallet.standard.features['bitcoin:signMessage'].signMessage({
        account: accounts[0]!,
        message: new Uint8Array([1]),
      }),
    ).rejects.toMatchObject({ code: 4001 })
  })

  it('signs messages with BIP-322, as bytes', async () => {
    const wallet = createBitcoinTestWallet()
    const { accounts } = await wallet.standard.features['bitcoin:connect'].connect({
      purposes: ['payment', 'ordinals'],
    })
    for (const account of accounts) {
      const [output] = await wallet.standard.features['bitcoin:signMessage'].signMessage({
        account,
        message: new TextEncoder().encode('hi'),
      })
      const signature = base64.encode(output!.signature)
      expect(verifyBitcoinMessage({ address: account.address, message: 'hi', signature })).toBe(
        true,
      )
    }
  })

  it('tells its listeners when the site is revoked', async () => {
    const wallet = createBitcoinTestWallet()
    await wallet.standard.features['bitcoin:connect'].connect({ purposes: ['payment'] })
    const changes: number[] = []
    wallet.standard.features['standard:events'].on('change', ({ accounts }) =>
      changes.push(accounts?.length ?? -1),
    )
    wallet.revoke()
    expect(changes).toEqual([0])
    expect(wallet.isAuthorized).toBe(false)
  })
})
