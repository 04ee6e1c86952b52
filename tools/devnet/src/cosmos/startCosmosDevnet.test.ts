import { createServer } from 'node:net'
import { makeCosmoshubPath } from '@cosmjs/amino'
import { fromHex, toBech32 } from '@cosmjs/encoding'
import { DirectSecp256k1HdWallet, DirectSecp256k1Wallet } from '@cosmjs/proto-signing'
import { BroadcastTxError, GasPrice, SigningStargateClient, StargateClient } from '@cosmjs/stargate'
import { TxRaw } from 'cosmjs-types/cosmos/tx/v1beta1/tx'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { anvilMnemonic } from '../accounts.ts'
import { PortInUseError } from '../errors.ts'
import { type StartCosmosDevnetReturnType, startCosmosDevnet } from './startCosmosDevnet.ts'
import type { CosmosDevAccount } from './types.ts'

let world: StartCosmosDevnetReturnType
let client: StargateClient

beforeAll(async () => {
  world = await startCosmosDevnet({ port: 0 })
  client = await StargateClient.connect(world.devnet.rpcUrl)
})

afterAll(async () => {
  client?.disconnect()
  await world?.stop()
})

const account = (index: number) => world.devnet.accounts[index]!
const foy = (amount: number) => ({ denom: 'ufoy', amount: String(amount * 1_000_000) })
const balance = async (address: string) => BigInt((await client.getBalance(address, 'ufoy')).amount)

async function signingClient(signer: CosmosDevAccount) {
  const wallet = await DirectSecp256k1Wallet.fromKey(fromHex(signer.privateKey))
  return SigningStargateClient.connectWithSigner(world.devnet.rpcUrl, wallet, {
    gasPrice: GasPrice.fromString('0.025ufoy'),
    broadcastPollIntervalMs: 100,
  })
}

/** A signed MsgSend, as the wallet would produce it, with the signing data chosen by the test. */
async function signedTransfer(
  signer: CosmosDevAccount,
  to: string,
  options: { amount: { denom: string; amount: string }; chainId?: string; sequence?: number },
) {
  const wallet = await DirectSecp256k1Wallet.fromKey(fromHex(signer.privateKey))
  const offline = await SigningStargateClient.offline(wallet)
  const onChain = await client.getSequence(signer.address)
  const txRaw = await offline.sign(
    signer.address,
    [
      {
        typeUrl: '/cosmos.bank.v1beta1.MsgSend',
        value: { fromAddress: signer.address, toAddress: to, amount: [options.amount] },
      },
    ],
    { amount: [{ denom: 'ufoy', amount: '5000' }], gas: '200000' },
    '',
    {
      accountNumber: onChain.accountNumber,
      sequence: options.sequence ?? onChain.sequence,
      chainId: options.chainId ?? world.devnet.chainId,
    },
  )
  return TxRaw.encode(txRaw).finish()
}

describe('startCosmosDevnet', () => {
  it('describes a chain cosmjs connects to, with the chain id it was given', async () => {
    expect(world.devnet).toMatchObject({
      chainId: 'foyer-local-1',
      bech32Prefix: 'cosmos',
      denom: 'ufoy',
      displayDenom: 'FOY',
      decimals: 6,
    })
    expect(await client.getChainId()).toBe('foyer-local-1')
    const other = await startCosmosDevnet({ port: 0, chainId: 'foyer-other-7' })
    try {
      const otherClient = await StargateClient.connect(other.devnet.rpcUrl)
      expect(await otherClient.getChainId()).toBe('foyer-other-7')
      otherClient.disconnect()
    } finally {
      await other.stop()
    }
  })

  it("derives the dev accounts on m/44'/118'/0'/0/i of the dev mnemonic, as Keplr would", async () => {
    const wallet = await DirectSecp256k1HdWallet.fromMnemonic(anvilMnemonic, {
      hdPaths: Array.from({ length: 10 }, (_, index) => makeCosmoshubPath(index)),
    })
    const derived = await wallet.getAccounts()
    expect(world.devnet.accounts.map((entry) => entry.address)).toEqual(
      derived.map((entry) => entry.address),
    )
    expect(world.devnet.accounts.map((entry) => entry.publicKey)).toEqual(
      derived.map((entry) => Buffer.from(entry.pubkey).toString('base64')),
    )
    expect(world.devnet.accounts.map((entry) => entry.index)).toEqual([
      0, 1, 2, 3, 4, 5, 6, 7, 8, 9,
    ])
  })

  it('funds every dev account with 1,000 FOY and knows no other account', async () => {
    for (const entry of world.devnet.accounts.slice(5)) {
      expect(await client.getAllBalances(entry.address)).toEqual([foy(1_000)])
      expect(await client.getAccount(entry.address)).toMatchObject({ sequence: 0 })
    }
    const stranger = toBech32('cosmos', new Uint8Array(20).fill(7))
    expect(await client.getAccount(stranger)).toBeNull()
    expect(await client.getAllBalances(stranger)).toEqual([])
  })

  it('moves funds with sendTokens, charges the fee, bumps the sequence and finds the tx by hash', async () => {
    const [sender, receiver] = [account(0), account(1)]
    const [senderBefore, receiverBefore] = [
      await balance(sender.address),
      await balance(receiver.address),
    ]
    const signing = await signingClient(sender)
    const result = await signing.sendTokens(sender.address, receiver.address, [foy(3)], 'auto')
    signing.disconnect()

    expect(result.code).toBe(0)
    expect(await balance(receiver.address)).toBe(receiverBefore + 3_000_000n)
    const tx = await client.getTx(result.transactionHash)
    expect(tx).toMatchObject({ hash: result.transactionHash, code: 0, height: result.height })
    const feePaid = senderBefore - 3_000_000n - (await balance(sender.address))
    expect(feePaid).toBeGreaterThan(0n)
    const feeEvent = tx?.events.find(
      (event) => event.type === 'tx' && event.attributes[0]?.key === 'fee',
    )
    expect(feeEvent?.attributes[0]?.value).toBe(`${feePaid}ufoy`)
    expect(await client.getSequence(sender.address)).toMatchObject({ sequence: 1 })
    expect(await client.getHeight()).toBe(result.height)
  })

  it('answers CometBFT GET requests and browsers (CORS)', async () => {
    const signing = await signingClient(account(2))
    const { transactionHash } = await signing.sendTokens(
      account(2).address,
      account(3).address,
      [foy(1)],
      'auto',
    )
    signing.disconnect()
    const response = await fetch(`${world.devnet.rpcUrl}/tx?hash=0x${transactionHash}`)
    expect(response.headers.get('access-control-allow-origin')).toBe('*')
    const { result } = (await response.json()) as { result: { hash: string } }
    expect(result.hash).toBe(transactionHash)
    const preflight = await fetch(world.devnet.rpcUrl, { method: 'OPTIONS' })
    expect(preflight.status).toBe(204)
  })

  it('refuses an overspend with code 5 (insufficient funds) and changes nothing', async () => {
    const [sender, receiver] = [account(4), account(5)]
    const before = await balance(sender.address)
    const tx = await signedTransfer(sender, receiver.address, { amount: foy(1_001) })
    const refusal = await client.broadcastTxSync(tx).catch((error: unknown) => error)
    expect(refusal).toBeInstanceOf(BroadcastTxError)
    expect(refusal).toMatchObject({ code: 5, codespace: 'sdk' })
    expect((refusal as BroadcastTxError).log).toMatch(/insufficient funds/)
    expect(await balance(sender.address)).toBe(before)
    expect(await client.getSequence(sender.address)).toMatchObject({ sequence: 0 })
    // 'auto' fees simulate first, and the simulation fails the same way.
    const signing = await signingClient(sender)
    await expect(
      signing.sendTokens(sender.address, receiver.address, [foy(1_001)], 'auto'),
    ).rejects.toThrow(/insufficient funds/)
    signing.disconnect()
  })

  it('refuses a transaction signed for another chain with code 4 (signature verification failed)', async () => {
    const [sender, receiver] = [account(6), account(7)]
    const before = await balance(receiver.address)
    const tx = await signedTransfer(sender, receiver.address, {
      amount: foy(1),
      chainId: 'cosmoshub-4',
    })
    await expect(client.broadcastTxSync(tx)).rejects.toMatchObject({
      code: 4,
      log: expect.stringMatching(/^signature verification failed/),
    })
    expect(await balance(receiver.address)).toBe(before)
  })

  it('refuses a replayed transaction with code 32 (incorrect account sequence)', async () => {
    const [sender, receiver] = [account(8), account(9)]
    const tx = await signedTransfer(sender, receiver.address, { amount: foy(1) })
    await client.broadcastTxSync(tx)
    const after = await balance(receiver.address)
    await expect(client.broadcastTxSync(tx)).rejects.toMatchObject({ code: 32 })
    expect(await balance(receiver.address)).toBe(after)
  })

  it('names the port when it is taken', async () => {
    const blocker = createServer()
    await new Promise<void>((resolve) => blocker.listen({ port: 0, host: '127.0.0.1' }, resolve))
    const { port } = blocker.address() as { port: number }
    try {
      await expect(startCosmosDevnet({ port })).rejects.toBeInstanceOf(PortInUseError)
    } finally {
      blocker.close()
    }
  })
})
