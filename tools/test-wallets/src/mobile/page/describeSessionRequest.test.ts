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
