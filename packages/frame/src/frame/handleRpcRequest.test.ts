import { ed25519 } from '@noble/curves/ed25519.js'
import {
  type Address,
  appendTransactionMessageInstructions,
  type Blockhash,
  compileTransaction,
  createNoopSigner,
  createTransactionMessage,
  generateKeyPairSigner,
  getBase58Encoder,
  getBase64Decoder,
  getBase64Encoder,
  getTransactionDecoder,
  getTransactionEncoder,
  pipe,
  setTransactionMessageFeePayer,
  setTransactionMessageLifetimeUsingBlockhash,
} from '@solana/kit'
import { getTransferSolInstruction } from '@solana-program/system'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { createWalletSecret } from '../custody/createWalletSecret.ts'
import { splitSecret } from '../custody/splitSecret.ts'
import { withSigner } from '../custody/withSigner.ts'
import { handleRpcRequest, type RpcContext, RpcError } from './handleRpcRequest.ts'

const blockhash = {
  blockhash: '4vJ9JU1bJJE96FWSJKvHsmmFADCg4gpZQff4P3bkLKi' as Blockhash,
  lastValidBlockHeight: 100n,
}

/** A signed-in frame's RPC context over a real wallet secret (its device + auth shares). */
async function signedInContext(): Promise<RpcContext & { solanaAddress: string }> {
  const secret = createWalletSecret()
  const { deviceShare, authShare } = await splitSecret(secret.entropy)
  return {
    origin: 'http://app.localhost:3000',
    chainId: 31337,
    rpcUrls: {},
    approve: async () => {},
    address: secret.addresses.eip155,
    solanaAddress: secret.addresses.solana,
    withSigner: (fn) =>
      withSigner([deviceShare, authShare], fn, { expectedAddresses: secret.addresses }),
    switchChain: () => {},
    getPublicClient: () => {
      throw new Error('no chain in this test')
    },
  }
}

/** An unsigned base64 wire transfer of 1 lamport, `feePayer` and `source` as its signers. */
function transfer(feePayer: string, source = feePayer): string {
  const message = pipe(
    createTransactionMessage({ version: 0 }),
    (draft) => setTransactionMessageFeePayer(feePayer as Address, draft),
    (draft) => setTransactionMessageLifetimeUsingBlockhash(blockhash, draft),
    (draft) =>
      appendTransactionMessageInstructions(
        [
          getTransferSolInstruction({
            source: createNoopSigner(source as Address),
            destination: '11111111111111111111111111111112' as Address,
            amount: 1n,
          }),
        ],
        draft,
      ),
  )
  return getBase64Decoder().decode(getTransactionEncoder().encode(compileTransaction(message)))
}

const rpcErrorOf = async (promise: Promise<unknown>) => {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  )
  expect(error).toBeInstanceOf(RpcError)
  return { message: (error as RpcError).shortMessage, code: (error as RpcError).code }
}

describe('handleRpcRequest: solana_signTransaction', () => {
  it("signs a transaction with the user's ed25519 key, in the user's signature slot", async () => {
    const context = await signedInContext()
    const { signature, transaction } = (await handleRpcRequest(context, {
      method: 'solana_signTransaction',
      params: { transaction: transfer(context.solanaAddress) },
    })) as { signature: string; transaction: string }

    const signed = getTransactionDecoder().decode(getBase64Encoder().encode(transaction))
    const slot = signed.signatures[context.solanaAddress as Address]
    expect(slot).toBeTruthy()
    expect(new Uint8Array(getBase58Encoder().encode(signature))).toEqual(slot)
    const publicKey = new Uint8Array(getBase58Encoder().encode(context.solanaAddress))
    expect(ed25519.verify(slot!, new Uint8Array(signed.messageBytes), publicKey)).toBe(true)
  })

  it('signs its own slot of a transaction another key pays for, leaving that slot empty', async () => {
    const context = await signedInContext()
    const payer = (await generateKeyPairSigner()).address
    const { transaction } = (await handleRpcRequest(context, {
      method: 'solana_signTransaction',
      params: { transaction: transfer(payer, context.solanaAddress) },
    })) as { transaction: string }
    const signed = getTransactionDecoder().decode(getBase64Encoder().encode(transaction))
    expect(signed.signatures[payer]).toBeNull()
    expect(signed.signatures[context.solanaAddress as Address]).toBeTruthy()
  })

  it("refuses a transaction that the user's key does not sign", async () => {
    const context = await signedInContext()
    const stranger = (await generateKeyPairSigner()).address
    expect(
      await rpcErrorOf(
        handleRpcRequest(context, {
          method: 'solana_signTransaction',
          params: { transaction: transfer(stranger) },
        }),
      ),
    ).toEqual({ message: 'The address is not the connected account', code: 4100 })
  })

  it('refuses to sign when nobody is signed in', async () => {
    const context = await signedInContext()
    expect(
      await rpcErrorOf(
        handleRpcRequest(
          { ...context, address: undefined, solanaAddress: undefined },
          {
            method: 'solana_signTransaction',
            params: { transaction: transfer(context.solanaAddress) },
          },
        ),
      ),
    ).toEqual({ message: 'Not connected to email or social', code: 4100 })
  })

  it('refuses input that is not exactly one base64 transaction: "Invalid params"', async () => {
    const context = await signedInContext()
    const valid = transfer(context.solanaAddress)
    const bytes = new Uint8Array(getBase64Encoder().encode(valid))
    const base64 = (value: Uint8Array) => getBase64Decoder().decode(value)
    const malformed: unknown[] = [
      undefined,
      42,
      'not base64!',
      base64(bytes.slice(0, bytes.length - 10)), // cut short
      base64(new Uint8Array([...bytes, 1, 2, 3])), // trailing bytes
      base64(new Uint8Array(getBase58Encoder().encode(context.solanaAddress))), // a bare key
    ]
    for (const transaction of malformed)
      expect(
        await rpcErrorOf(
          handleRpcRequest(context, {
            method: 'solana_signTransaction',
            params: { transaction },
          }),
        ),
      ).toEqual({ message: 'Invalid params', code: -32602 })
  })

  it('never signs random bytes as a transaction', async () => {
    const context = await signedInContext()
    let signedCount = 0
    const counting: RpcContext = {
      ...context,
      withSigner: (fn) => {
        signedCount++
        return context.withSigner(fn)
      },
    }
    await fc.assert(
      fc.asyncProperty(fc.uint8Array({ minLength: 0, maxLength: 300 }), async (bytes) => {
        await handleRpcRequest(counting, {
          method: 'solana_signTransaction',
          params: { transaction: getBase64Decoder().decode(bytes) },
        }).catch(() => undefined)
      }),
      { numRuns: 200 },
    )
    // Random bytes may decode as a transaction, but never as one the user's key signs.
    expect(signedCount).toBe(0)
  })
})
