import { getBase58Decoder, getUtf8Encoder } from '@solana/kit'
import { parseEther, toHex } from 'viem'
import { describe, expect, it } from 'vitest'
import { describeSessionRequest } from './describeSessionRequest.ts'

const address = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'

describe('describeSessionRequest', () => {
  it('shows a personal_sign message as text', () => {
    expect(
      describeSessionRequest({
        method: 'personal_sign',
        params: [toHex('Sign in to Foyer'), address],
      }),
    ).toEqual({
      title: 'Sign a message',
      details: [
        { label: 'Account', value: address },
        { label: 'Message', value: 'Sign in to Foyer' },
      ],
    })
  })

  it('shows a solana_signMessage message (base58 bytes) as text', () => {
    const pubkey = 'oeYf6KAJkLYhBuR8CiGc6L4D4Xtfepr85fuDgA9kq96'
    const message = getBase58Decoder().decode(getUtf8Encoder().encode('Sign in to Foyer'))
    expect(
      describeSessionRequest({ method: 'solana_signMessage', params: { message, pubkey } }),
    ).toEqual({
      title: 'Sign a message on Solana',
      details: [
        { label: 'Account', value: pubkey },
        { label: 'Message', value: 'Sign in to Foyer' },
      ],
    })
  })

  it('shows bytes that are not UTF-8 as hex', () => {
    const { details } = describeSessionRequest({
      method: 'personal_sign',
      params: ['0xff00fe', address],
    })
    expect(details[1]).toEqual({ label: 'Message', value: '0xff00fe' })
  })

  it('shows a transaction with its value in ETH', () => {
    expect(
      describeSessionRequest({
        method: 'eth_sendTransaction',
        params: [
          {
            from: address,
            to: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
            value: toHex(parseEther('1.5')),
            data: '0x1234',
          },
        ],
      }),
    ).toEqual({
      title: 'Send a transaction',
      details: [
        { label: 'From', value: address },
        { label: 'To', value: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8' },
        { label: 'Value', value: '1.5 ETH' },
        { label: 'Data', value: '0x1234' },
      ],
    })
  })

  it('shows the chain a dapp wants to switch to as a number', () => {
    expect(
      describeSessionRequest({
        method: 'wallet_switchEthereumChain',
        params: [{ chainId: '0x7a6a' }],
      }),
    ).toEqual({ title: 'Switch chain', details: [{ label: 'Chain', value: '31338' }] })
  })

  it('shows the primary type of typed data', () => {
    const typedData = { types: {}, primaryType: 'Mail', domain: {}, message: {} }
    const { title, details } = describeSessionRequest({
      method: 'eth_signTypedData_v4',
      params: [address, JSON.stringify(typedData)],
    })
    expect(title).toBe('Sign typed data')
    expect(details[1]).toEqual({ label: 'Type', value: 'Mail' })
  })
})

describe('describeSessionRequest for bip122, polkadot and cosmos', () => {
  const bitcoinAddress = 'bcrt1qquv9lg5g2r4jkr0ahun0ddfg5xntxjelwjpnuw'
  const polkadotAddress = 'HLHi23GPLQMCbE3qwMskZyoSiHunuSes'
  const cosmosAddress = 'cosmos15yk64u7zc9g9k2yr2wmzeva5qgwxps6yxj00e7'

  it('shows a Bitcoin message with its address and protocol', () => {
    expect(
      describeSessionRequest({
        method: 'signMessage',
        params: {
          account: bitcoinAddress,
          address: bitcoinAddress,
          message: 'Hi',
          protocol: 'bip322',
        },
      }),
    ).toEqual({
      title: 'Sign a message on Bitcoin',
      details: [
        { label: 'Address', value: bitcoinAddress },
        { label: 'Message', value: 'Hi' },
        { label: 'Protocol', value: 'BIP-322' },
      ],
    })
  })

  it('lists the PSBT inputs to sign per address, and says when it is sent', () => {
    const described = describeSessionRequest({
      method: 'signPsbt',
      params: {
        account: bitcoinAddress,
        psbt: 'cHNidP8=',
        signInputs: [
          { address: bitcoinAddress, index: 0 },
          { address: bitcoinAddress, index: 2 },
        ],
        broadcast: true,
      },
    })
    expect(described).toEqual({
      title: 'Sign and send a Bitcoin transaction',
      details: [
        {
          label: 'Inputs to sign',
          value: `#0 with ${bitcoinAddress}\n#2 with ${bitcoinAddress}`,
        },
        { label: 'PSBT (base64)', value: 'cHNidP8=' },
      ],
    })
  })

  it('shows a Bitcoin transfer in satoshis', () => {
    expect(
      describeSessionRequest({
        method: 'sendTransfer',
        params: { account: bitcoinAddress, recipientAddress: 'bcrt1qother', amount: '1500' },
      }).details,
    ).toEqual([
      { label: 'From', value: bitcoinAddress },
      { label: 'To', value: 'bcrt1qother' },
      { label: 'Amount', value: '1500 sats' },
    ])
  })

  it('shows a Polkadot message without its <Bytes> wrapping', () => {
    expect(
      describeSessionRequest({
        method: 'polkadot_signMessage',
        params: { address: polkadotAddress, message: toHex('<Bytes>Sign in to Foyer</Bytes>') },
      }),
    ).toEqual({
      title: 'Sign a message on Polkadot',
      details: [
        { label: 'Account', value: polkadotAddress },
        { label: 'Message', value: 'Sign in to Foyer' },
      ],
    })
  })

  it('shows the call and chain of a Polkadot transaction', () => {
    expect(
      describeSessionRequest({
        method: 'polkadot_signTransaction',
        params: {
          address: polkadotAddress,
          transactionPayload: { method: '0x0a03', genesisHash: `0x${'45'.repeat(32)}` },
        },
      }),
    ).toEqual({
      title: 'Sign a Polkadot transaction',
      details: [
        { label: 'Account', value: polkadotAddress },
        { label: 'Call (hex)', value: '0x0a03' },
        { label: 'Chain (genesis hash)', value: `0x${'45'.repeat(32)}` },
      ],
    })
  })

  it('shows an ADR-36 amino doc as the message it signs, and other amino docs as transactions', () => {
    const adr36 = {
      chain_id: '',
      account_number: '0',
      sequence: '0',
      fee: { gas: '0', amount: [] },
      memo: '',
      msgs: [{ type: 'sign/MsgSignData', value: { signer: cosmosAddress, data: btoa('Sign in') } }],
    }
    expect(
      describeSessionRequest({
        method: 'cosmos_signAmino',
        params: { signerAddress: cosmosAddress, signDoc: adr36 },
      }),
    ).toEqual({
      title: 'Sign a message on Cosmos',
      details: [
        { label: 'Account', value: cosmosAddress },
        { label: 'Message', value: 'Sign in' },
      ],
    })
    const send = { ...adr36, chain_id: 'foyer-local-1', msgs: [{ type: 'cosmos-sdk/MsgSend' }] }
    expect(
      describeSessionRequest({
        method: 'cosmos_signAmino',
        params: { signerAddress: cosmosAddress, signDoc: send },
      }).title,
    ).toBe('Sign a Cosmos transaction')
  })

  it('shows the chain of a cosmos_signDirect doc', () => {
    expect(
      describeSessionRequest({
        method: 'cosmos_signDirect',
        params: {
          signerAddress: cosmosAddress,
          signDoc: { chainId: 'foyer-local-1', accountNumber: '0', bodyBytes: 'CgA=' },
        },
      }).details,
    ).toEqual([
      { label: 'Account', value: cosmosAddress },
      { label: 'Chain', value: 'foyer-local-1' },
      { label: 'Body (base64)', value: 'CgA=' },
    ])
  })
})
