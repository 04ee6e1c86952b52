// The mobile wallet's bip122, polkadot and cosmos answers, with the dev mnemonic's keys, checked
// with the project's own verifiers (no chain needed).
import {
  bitcoinRegtest,
  createTransferPsbt,
  finalizeTransaction,
  verifyBitcoinMessage,
} from '@foyer/bitcoin'
import { createAdr36SignDoc, verifyCosmosMessage } from '@foyer/cosmos'
import { anvilMnemonic } from '@foyer/devnet'
import { deriveBitcoinDevAccounts } from '@foyer/devnet/bitcoin'
import { deriveCosmosDevAccounts } from '@foyer/devnet/cosmos'
import { stringToHex, u8aWrapBytes } from '@polkadot/util'
import { signatureVerify } from '@polkadot/util-crypto'
import { describe, expect, it } from 'vitest'
import { createBitcoinTestWallet } from '../../bitcoin/createBitcoinTestWallet.ts'
import { createCosmosTestWallet } from '../../cosmos/createCosmosTestWallet.ts'
import { createPolkadotTestWallet } from '../../polkadot/createPolkadotTestWallet.ts'
import { answerSessionRequest } from './answerSessionRequest.ts'

const [bitcoinAccount] = deriveBitcoinDevAccounts({ count: 1 })
const [cosmosAccount] = deriveCosmosDevAccounts({ count: 1 })
const bitcoinChain = bitcoinRegtest.caipNetworkId
const message = 'Sign in to Foyer from the mobile wallet'

async function wallets() {
  return {
    bitcoin: createBitcoinTestWallet({
      paymentKey: bitcoinAccount!.payment.privateKey,
      ordinalKey: bitcoinAccount!.ordinal.privateKey,
    }),
    polkadot: await createPolkadotTestWallet({ seeds: [`${anvilMnemonic}//0`] }),
    cosmos: await createCosmosTestWallet({
      mnemonic: anvilMnemonic,
      chains: [{ chainId: 'foyer-local-1', bech32Prefix: 'cosmos' }],
    }),
  }
}

async function answer(method: string, params: unknown, chainId: string) {
  return answerSessionRequest({
    method,
    params,
    chainId,
    account: undefined,
    chains: [],
    switchChain: async () => {},
    ...(await wallets()),
  })
}

describe('answerSessionRequest for bip122', () => {
  it('lists the payment and ordinals addresses of the dev account with their purposes', async () => {
    const payment = bitcoinAccount!.payment
    expect(await answer('getAccountAddresses', { account: payment.address }, bitcoinChain)).toEqual(
      [
        { address: payment.address, publicKey: payment.publicKey, intention: 'payment' },
        {
          address: bitcoinAccount!.ordinal.address,
          publicKey: bitcoinAccount!.ordinal.publicKey,
          intention: 'ordinal',
        },
      ],
    )
  })

  it('signs BIP-322 messages that verifyBitcoinMessage accepts, for both addresses', async () => {
    for (const { address } of [bitcoinAccount!.payment, bitcoinAccount!.ordinal]) {
      const { signature } = (await answer(
        'signMessage',
        { account: bitcoinAccount!.payment.address, address, message, protocol: 'bip322' },
        bitcoinChain,
      )) as { signature: string }
      expect(verifyBitcoinMessage({ address, message, signature })).toBe(true)
      expect(verifyBitcoinMessage({ address, message: 'another', signature })).toBe(false)
    }
  })

  it('signs the PSBT inputs listed per address, ready to finalize', async () => {
    const from = bitcoinAccount!.payment.address
    const { psbt, signInputs } = createTransferPsbt({
      network: bitcoinRegtest,
      from,
      to: bitcoinAccount!.ordinal.address,
      amount: 10_000n,
      utxos: [{ txid: 'ab'.repeat(32), vout: 0, value: 100_000n, confirmed: true }],
      feeRate: 2n,
    })
    const signed = (await answer(
      'signPsbt',
      {
        account: from,
        psbt: Buffer.from(psbt).toString('base64'),
        signInputs: Object.entries(signInputs).flatMap(([address, indexes]) =>
          indexes.map((index) => ({ address, index })),
        ),
        broadcast: false,
      },
      bitcoinChain,
    )) as { psbt: string; txid?: string }
    expect(signed.txid).toBeUndefined()
    // Unsigned inputs would not finalize.
    expect(() => finalizeTransaction({ psbt })).toThrow()
    expect(finalizeTransaction({ psbt: Buffer.from(signed.psbt, 'base64') }).transaction).toMatch(
      /^[0-9a-f]+$/,
    )
  })

  it("refuses to sign an input of an address that is not the wallet's", async () => {
    await expect(
      answer(
        'signMessage',
        { account: 'bcrt1qother', address: 'bcrt1qother', message },
        bitcoinChain,
      ),
    ).rejects.toMatchObject({ code: -32602 })
  })
})

describe('answerSessionRequest for polkadot', () => {
  it('signs the <Bytes>-wrapped message with the sr25519 key of mnemonic//0', async () => {
    const { polkadot } = await wallets()
    const address = polkadot.accounts[0]!.address
    const { signature } = (await answer(
      'polkadot_signMessage',
      { address, message: stringToHex(message) },
      'polkadot:45454545454545454545454545454545',
    )) as { signature: string }
    expect(signatureVerify(u8aWrapBytes(message), signature, address).isValid).toBe(true)
    expect(signatureVerify(u8aWrapBytes('another'), signature, address).isValid).toBe(false)
  })
})

describe('answerSessionRequest for cosmos', () => {
  const chainId = 'cosmos:foyer-local-1'
  const address = cosmosAccount!.address

  it('lists the account with its base64 public key', async () => {
    expect(await answer('cosmos_getAccounts', {}, chainId)).toEqual([
      { algo: 'secp256k1', address, pubkey: cosmosAccount!.publicKey },
    ])
  })

  it('signs an ADR-36 doc with cosmos_signAmino that verifyCosmosMessage accepts', async () => {
    const signDoc = createAdr36SignDoc({ signer: address, data: btoa(message) })
    const { signature } = (await answer(
      'cosmos_signAmino',
      { signerAddress: address, signDoc },
      chainId,
    )) as { signature: { pub_key: unknown; signature: string } }
    expect(
      await verifyCosmosMessage({ address, message, signature: JSON.stringify(signature) }),
    ).toBe(true)
    expect(
      await verifyCosmosMessage({
        address,
        message: 'another',
        signature: JSON.stringify(signature),
      }),
    ).toBe(false)
  })

  it('answers a refusal with WalletConnect 5000', async () => {
    const { cosmos } = await wallets()
    cosmos.setBehaviour({ signing: 'reject' })
    await expect(
      answerSessionRequest({
        method: 'cosmos_signAmino',
        params: {
          signerAddress: address,
          signDoc: createAdr36SignDoc({ signer: address, data: btoa(message) }),
        },
        chainId,
        account: undefined,
        chains: [],
        switchChain: async () => {},
        cosmos,
      }),
    ).rejects.toMatchObject({ code: 5000 })
  })
})
