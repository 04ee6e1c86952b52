import { type StartSolanaDevnetReturnType, startSolanaDevnet } from '@foyer/devnet/solana'
import {
  type Address,
  appendTransactionMessageInstructions,
  compileTransaction,
  createNoopSigner,
  createSolanaRpc,
  createTransactionMessage,
  generateKeyPairSigner,
  getBase58Decoder,
  getTransactionEncoder,
  pipe,
  type Signature,
  type SignatureBytes,
  setTransactionMessageFeePayer,
  setTransactionMessageLifetimeUsingBlockhash,
  verifySignature,
} from '@solana/kit'
import { getTransferSolInstruction } from '@solana-program/system'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createSolanaTestWallet } from './createSolanaTestWallet.ts'

let world: StartSolanaDevnetReturnType
let rpc: ReturnType<typeof createSolanaRpc>

beforeAll(async () => {
  world = await startSolanaDevnet({ port: 0 })
  rpc = createSolanaRpc(world.devnet.rpcUrl)
})
afterAll(async () => {
  await world?.stop()
})

async function transferTransaction(from: Address, to: Address, amount: bigint) {
  const { value: blockhash } = await rpc.getLatestBlockhash().send()
  const message = pipe(
    createTransactionMessage({ version: 0 }),
    (draft) => setTransactionMessageFeePayer(from, draft),
    (draft) => setTransactionMessageLifetimeUsingBlockhash(blockhash, draft),
    (draft) =>
      appendTransactionMessageInstructions(
        [getTransferSolInstruction({ source: createNoopSigner(from), destination: to, amount })],
        draft,
      ),
  )
  return new Uint8Array(getTransactionEncoder().encode(compileTransaction(message)))
}

const createDevWallet = (index: number) =>
  createSolanaTestWallet({
    key: world.devnet.accounts[index]!.secretKey,
    rpcUrls: { 'solana:localnet': world.devnet.rpcUrl },
  })

describe('Solana test wallet', () => {
  it('holds the dev account whose secret key it was given', async () => {
    const wallet = await createDevWallet(0)
    expect(wallet.signer.address).toBe(world.devnet.accounts[0]!.address)
    expect(wallet.chains).toContain('solana:localnet')
    expect(wallet.icon).toMatch(/^data:image\/svg\+xml;base64,/)
  })

  it('authorises on an approved connect; a silent connect never prompts', async () => {
    const wallet = await createDevWallet(0)
    expect((await wallet.features['standard:connect'].connect({ silent: true })).accounts).toEqual(
      [],
    )
    expect(wallet.isAuthorized).toBe(false)
    const { accounts } = await wallet.features['standard:connect'].connect()
    expect(accounts.map((account) => account.address)).toEqual([wallet.signer.address])
    expect(wallet.accounts).toEqual(accounts)
  })

  it('remembers the authorisation across page loads in the storage it is given', async () => {
    const items = new Map<string, string>()
    const storage = {
      getItem: (key: string) => items.get(key) ?? null,
      setItem: (key: string, value: string) => void items.set(key, value),
    }
    const create = () =>
      createSolanaTestWallet({ key: world.devnet.accounts[0]!.secretKey, storage })
    const first = await create()
    await first.features['standard:connect'].connect()
    const reloaded = await create()
    expect(reloaded.isAuthorized).toBe(true)
    const silent = await reloaded.features['standard:connect'].connect({ silent: true })
    expect(silent.accounts.map((account) => account.address)).toEqual([reloaded.signer.address])

    await reloaded.features['standard:disconnect'].disconnect()
    expect((await create()).isAuthorized).toBe(false)
  })

  it('rejects connect with the 4001 user-rejected error when set to reject', async () => {
    const wallet = await createDevWallet(0)
    wallet.setBehaviour({ connect: 'reject' })
    await expect(wallet.features['standard:connect'].connect()).rejects.toMatchObject({
      code: 4001,
    })
    expect(wallet.accounts).toEqual([])
  })

  it('refuses to sign before the site is authorised', async () => {
    const wallet = await createDevWallet(0)
    const [account] = (await (await createDevWallet(0)).features['standard:connect'].connect())
      .accounts
    await expect(
      wallet.features['solana:signMessage'].signMessage({
        account: account!,
        message: new Uint8Array([1]),
      }),
    ).rejects.toMatchObject({ code: 4100 })
  })

  it('signs messages with its ed25519 key', async () => {
    const wallet = await createDevWallet(0)
    const [account] = (await wallet.features['standard:connect'].connect()).accounts
    const message = new TextEncoder().encode('hello')
    const [output] = await wallet.features['solana:signMessage'].signMessage({
      account: account!,
      message,
    })
    expect(
      await verifySignature(
        wallet.signer.keyPair.publicKey,
        output!.signature as SignatureBytes,
        message,
      ),
    ).toBe(true)
  })

  it('signs a transfer and sends it to the RPC of the chain asked for', async () => {
    const wallet = await createDevWallet(1)
    const [account] = (await wallet.features['standard:connect'].connect()).accounts
    const receiver = (await generateKeyPairSigner()).address
    const transaction = await transferTransaction(wallet.signer.address, receiver, 1_000_000n)
    const [output] = await wallet.features['solana:signAndSendTransaction'].signAndSendTransaction({
      account: account!,
      transaction,
      chain: 'solana:localnet',
    })
    const signature = getBase58Decoder().decode(output!.signature) as Signature
    const {
      value: [status],
    } = await rpc.getSignatureStatuses([signature]).send()
    expect(status?.err).toBeNull()
    expect((await rpc.getBalance(receiver).send()).value).toBe(1_000_000n)
  })

  it('rejects signing with 4001 when set to reject, and sends nothing', async () => {
    const wallet = await createDevWallet(2)
    const [account] = (await wallet.features['standard:connect'].connect()).accounts
    wallet.setBehaviour({ sign: 'reject' })
    const receiver = (await generateKeyPairSigner()).address
    const transaction = await transferTransaction(wallet.signer.address, receiver, 1_000_000n)
    await expect(
      wallet.features['solana:signAndSendTransaction'].signAndSendTransaction({
        account: account!,
        transaction,
        chain: 'solana:localnet',
      }),
    ).rejects.toMatchObject({ code: 4001 })
    expect((await rpc.getBalance(receiver).send()).value).toBe(0n)
  })
})
