import { createServer, type Server } from 'node:net'
import {
  appendTransactionMessageInstructions,
  assertIsTransactionWithBlockhashLifetime,
  createKeyPairSignerFromBytes,
  createSolanaRpc,
  createSolanaRpcSubscriptions,
  createTransactionMessage,
  getSignatureFromTransaction,
  type Instruction,
  type KeyPairSigner,
  lamports,
  pipe,
  type Rpc,
  type RpcSubscriptions,
  type Signature,
  type SolanaRpcApi,
  type SolanaRpcSubscriptionsApi,
  sendAndConfirmTransactionFactory,
  setTransactionMessageFeePayerSigner,
  setTransactionMessageLifetimeUsingBlockhash,
  signTransactionMessageWithSigners,
} from '@solana/kit'
import { getTransferSolInstruction } from '@solana-program/system'
import {
  findAssociatedTokenPda,
  getCreateAssociatedTokenIdempotentInstruction,
  getTransferCheckedInstruction,
  TOKEN_PROGRAM_ADDRESS,
} from '@solana-program/token'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { PortInUseError } from '../errors.ts'
import { solanaOnRampTreasuryAmounts } from './seedSolanaWorld.ts'
import { type StartSolanaDevnetReturnType, startSolanaDevnet } from './startSolanaDevnet.ts'

let world: StartSolanaDevnetReturnType
let rpc: Rpc<SolanaRpcApi>
let rpcSubscriptions: RpcSubscriptions<SolanaRpcSubscriptionsApi>
let alice: KeyPairSigner
let bob: KeyPairSigner

beforeAll(async () => {
  world = await startSolanaDevnet({ port: 0 })
  rpc = createSolanaRpc(world.devnet.rpcUrl)
  rpcSubscriptions = createSolanaRpcSubscriptions(world.devnet.wsUrl)
  const signers = await Promise.all(
    world.devnet.accounts.map((account) =>
      createKeyPairSignerFromBytes(new Uint8Array(account.secretKey)),
    ),
  )
  alice = signers[0]!
  bob = signers[1]!
})

afterAll(async () => {
  await world?.stop()
})

async function sendAndConfirm(
  payer: KeyPairSigner,
  instructions: Instruction[],
): Promise<Signature> {
  const { value: latestBlockhash } = await rpc.getLatestBlockhash().send()
  const message = pipe(
    createTransactionMessage({ version: 0 }),
    (m) => setTransactionMessageFeePayerSigner(payer, m),
    (m) => setTransactionMessageLifetimeUsingBlockhash(latestBlockhash, m),
    (m) => appendTransactionMessageInstructions(instructions, m),
  )
  const transaction = await signTransactionMessageWithSigners(message)
  assertIsTransactionWithBlockhashLifetime(transaction)
  await sendAndConfirmTransactionFactory({ rpc, rpcSubscriptions })(transaction, {
    commitment: 'confirmed',
  })
  return getSignatureFromTransaction(transaction)
}

async function usdcBalance(owner: KeyPairSigner): Promise<string> {
  const { value } = await rpc
    .getTokenAccountsByOwner(
      owner.address,
      { mint: world.devnet.tokens[0]!.address },
      { encoding: 'jsonParsed' },
    )
    .send()
  return value[0]!.account.data.parsed.info.tokenAmount.uiAmountString
}

describe('startSolanaDevnet', () => {
  it('funds the dev accounts with 1000 SOL and 1,000,000 USDC', async () => {
    expect(world.devnet.accounts).toHaveLength(10)
    const { value } = await rpc.getBalance(alice.address).send()
    expect(value).toBe(lamports(1_000_000_000_000n))
    expect(await usdcBalance(alice)).toBe('1000000')
    expect(world.devnet.tokens[0]).toMatchObject({ symbol: 'USDC', decimals: 6 })
  })

  it('funds the on-ramp treasury with 100,000 SOL and 100,000,000 USDC', async () => {
    const account = world.devnet.onRampTreasury!
    const treasury = await createKeyPairSignerFromBytes(new Uint8Array(account.secretKey))
    expect(treasury.address).toBe(account.address)
    expect(world.devnet.accounts.map((entry) => entry.address)).not.toContain(account.address)
    expect(world.devnet.deployer.address).not.toBe(account.address)
    const { value } = await rpc.getBalance(treasury.address).send()
    expect(value).toBe(lamports(solanaOnRampTreasuryAmounts.lamports))
    expect(await usdcBalance(treasury)).toBe(String(solanaOnRampTreasuryAmounts.usdc))
  })

  it('confirms a SOL transfer through @solana/kit over HTTP and WebSocket', async () => {
    const before = (await rpc.getBalance(bob.address).send()).value
    await sendAndConfirm(alice, [
      getTransferSolInstruction({
        source: alice,
        destination: bob.address,
        amount: 1_500_000_000n,
      }),
    ])
    const after = (await rpc.getBalance(bob.address).send()).value
    expect(after - before).toBe(1_500_000_000n)
  })

  it('gives the same transfer sent twice two different signatures', async () => {
    const transfer = () =>
      sendAndConfirm(alice, [
        getTransferSolInstruction({ source: alice, destination: bob.address, amount: 1n }),
      ])
    const first = await transfer()
    const second = await transfer()
    expect(second).not.toBe(first)
  })

  it('moves SPL tokens with transferChecked', async () => {
    const mint = world.devnet.tokens[0]!.address
    const [source] = await findAssociatedTokenPda({
      mint,
      owner: alice.address,
      tokenProgram: TOKEN_PROGRAM_ADDRESS,
    })
    const [destination] = await findAssociatedTokenPda({
      mint,
      owner: bob.address,
      tokenProgram: TOKEN_PROGRAM_ADDRESS,
    })
    await sendAndConfirm(alice, [
      getCreateAssociatedTokenIdempotentInstruction({
        payer: alice,
        ata: destination,
        owner: bob.address,
        mint,
      }),
      getTransferCheckedInstruction({
        source,
        mint,
        destination,
        authority: alice,
        amount: 2_500_000n,
        decimals: 6,
      }),
    ])
    expect(await usdcBalance(alice)).toBe('999997.5')
    expect(await usdcBalance(bob)).toBe('1000002.5')
    const { value } = await rpc.getTokenAccountBalance(destination).send()
    expect(value.uiAmountString).toBe('1000002.5')
  })

  it('rejects an overspend with the validator preflight error and changes nothing', async () => {
    const before = (await rpc.getBalance(bob.address).send()).value
    const attempt = sendAndConfirm(bob, [
      getTransferSolInstruction({ source: bob, destination: alice.address, amount: before * 2n }),
    ])
    await expect(attempt).rejects.toThrow(/simulation failed/i)
    expect((await rpc.getBalance(bob.address).send()).value).toBe(before)
  })

  it('answers getTransaction and getSignaturesForAddress for a landed transfer', async () => {
    const [latest] = await rpc.getSignaturesForAddress(alice.address, { limit: 1 }).send()
    expect(latest?.err).toBeNull()
    const transaction = await rpc
      .getTransaction(latest!.signature, { encoding: 'json', maxSupportedTransactionVersion: 0 })
      .send()
    expect(transaction?.meta?.err).toBeNull()
    expect(transaction?.transaction.message.accountKeys).toContain(alice.address)
  })

  it('refuses a taken port with an error naming the port', async () => {
    const blocker: Server = createServer()
    await new Promise<void>((resolve) => blocker.listen({ port: 0, host: '127.0.0.1' }, resolve))
    const { port } = blocker.address() as { port: number }
    try {
      const attempt = startSolanaDevnet({ port })
      await expect(attempt).rejects.toBeInstanceOf(PortInUseError)
      await expect(attempt).rejects.toThrow(`Port ${port} is already in use (Solana devnet)`)
    } finally {
      await new Promise((resolve) => blocker.close(resolve))
    }
  })
})

describe('startSolanaDevnet().stop', () => {
  it('closes HTTP and WebSocket and frees the port', async () => {
    const devnet = await startSolanaDevnet({ port: 0 })
    const subscriptions = createSolanaRpcSubscriptions(devnet.devnet.wsUrl)
    const abort = new AbortController()
    const slots = await subscriptions.slotNotifications().subscribe({ abortSignal: abort.signal })
    await devnet.stop()
    // The open subscription ends instead of hanging.
    await expect(
      (async () => {
        for await (const _ of slots) return 'notified'
        return 'ended'
      })(),
    ).rejects.toThrow()
    abort.abort()
    await expect(fetch(devnet.devnet.rpcUrl, { method: 'POST' })).rejects.toThrow()
    const probe = createServer()
    await new Promise<void>((resolve, reject) => {
      probe.once('error', reject)
      probe.listen({ port: devnet.port, host: '127.0.0.1' }, resolve)
    })
    await new Promise((resolve) => probe.close(resolve))
  })
})
