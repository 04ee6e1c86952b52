import { type StartSolanaDevnetReturnType, startSolanaDevnet } from '@foyer/devnet/solana'
import {
  appendTransactionMessageInstructions,
  compileTransaction,
  createKeyPairSignerFromBytes,
  createNoopSigner,
  createSolanaRpc,
  createTransactionMessage,
  getBase58Decoder,
  getBase58Encoder,
  getBase64Decoder,
  getBase64Encoder,
  getTransactionDecoder,
  getTransactionEncoder,
  getUtf8Encoder,
  type KeyPairSigner,
  pipe,
  type SignatureBytes,
  setTransactionMessageFeePayer,
  setTransactionMessageLifetimeUsingBlockhash,
  verifySignature,
} from '@solana/kit'
import { getTransferSolInstruction } from '@solana-program/system'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { answerSolanaRequest } from './answerSolanaRequest.ts'

let world: StartSolanaDevnetReturnType
let signer: KeyPairSigner
let rpc: ReturnType<typeof createSolanaRpc>

beforeAll(async () => {
  world = await startSolanaDevnet({ port: 0 })
  signer = await createKeyPairSignerFromBytes(new Uint8Array(world.devnet.accounts[0]!.secretKey))
  rpc = createSolanaRpc(world.devnet.rpcUrl)
})
afterAll(async () => {
  await world?.stop()
})

const receiver = () => world.devnet.accounts[3]!.address
const answer = (method: string, params: unknown) =>
  answerSolanaRequest({ method, params, signer, rpcUrl: world.devnet.rpcUrl })

/** An unsigned SOL transfer from the wallet's key, base64 wire format, as a dapp sends it. */
async function unsignedTransfer(lamports: bigint) {
  const { value: blockhash } = await rpc.getLatestBlockhash().send()
  const message = pipe(
    createTransactionMessage({ version: 0 }),
    (draft) => setTransactionMessageFeePayer(signer.address, draft),
    (draft) => setTransactionMessageLifetimeUsingBlockhash(blockhash, draft),
    (draft) =>
      appendTransactionMessageInstructions(
        [
          getTransferSolInstruction({
            source: createNoopSigner(signer.address),
            destination: receiver(),
            amount: lamports,
          }),
        ],
        draft,
      ),
  )
  return getBase64Decoder().decode(getTransactionEncoder().encode(compileTransaction(message)))
}

describe('answerSolanaRequest', () => {
  it('signs a base58 message with the wallet key (ed25519)', async () => {
    const text = new Uint8Array(getUtf8Encoder().encode('Sign in to Foyer'))
    const { signature } = (await answer('solana_signMessage', {
      message: getBase58Decoder().decode(text),
      pubkey: signer.address,
    })) as { signature: string }
    const bytes = new Uint8Array(getBase58Encoder().encode(signature)) as SignatureBytes
    expect(await verifySignature(signer.keyPair.publicKey, bytes, text)).toBe(true)
  })

  it('returns a signed transaction and its signature for solana_signTransaction', async () => {
    const result = (await answer('solana_signTransaction', {
      transaction: await unsignedTransfer(1_000n),
    })) as { signature: string; transaction: string }
    const signed = getTransactionDecoder().decode(getBase64Encoder().encode(result.transaction))
    const signature = signed.signatures[signer.address]
    expect(signature).toBeTruthy()
    expect(new Uint8Array(getBase58Encoder().encode(result.signature))).toEqual(
      new Uint8Array(signature!),
    )
  })

  it('sends a transfer that moves lamports on the cluster', async () => {
    const before = (await rpc.getBalance(receiver()).send()).value
    const { signature } = (await answer('solana_signAndSendTransaction', {
      transaction: await unsignedTransfer(5_000n),
    })) as { signature: string }
    expect(signature).toMatch(/^[1-9A-HJ-NP-Za-km-z]{64,88}$/)
    expect((await rpc.getBalance(receiver()).send()).value).toBe(before + 5_000n)
  })

  it('refuses another key with 4100 and unknown methods with 4200', async () => {
    await expect(
      answer('solana_signMessage', { message: '3yZe7d', pubkey: receiver() }),
    ).rejects.toMatchObject({ code: 4100 })
    await expect(answer('solana_signAllTransactions', {})).rejects.toMatchObject({ code: 4200 })
  })
})
