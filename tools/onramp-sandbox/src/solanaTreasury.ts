import {
  type Address,
  address,
  appendTransactionMessageInstructions,
  createKeyPairSignerFromBytes,
  createSolanaRpc,
  createTransactionMessage,
  getBase64EncodedWireTransaction,
  getSignatureFromTransaction,
  type Instruction,
  type KeyPairSigner,
  lamports,
  pipe,
  type Signature,
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
import type { SandboxOffer } from './currencies.ts'
import { DeliveryError } from './errors.ts'
import type { SandboxNetwork } from './types.ts'

type SolanaNetwork = Extract<SandboxNetwork, { kind: 'solana' }>

/** A validator's fee per signature; a delivery has one (the treasury's). */
export const lamportsPerSignature = 5_000n

export type SolanaSendParameters = {
  network: SolanaNetwork
  offer: SandboxOffer
  /** The receiving wallet (for a token, the owner of the associated token account). */
  to: string
  /** Base units (lamports, token units). */
  units: bigint
  /** Called with the signature as soon as the RPC accepted the transaction. */
  onSent: (signature: string) => void
}

export type SolanaTreasury = {
  address: Address
  /**
   * What a delivery costs now, in lamports: the one signature's fee. Creating a receiver's token
   * account also locks ~0.002 SOL of rent; the treasury bears it, as Coinbase does.
   */
  deliveryCost(network: SolanaNetwork, offer: SandboxOffer): Promise<bigint>
  /** Sends and waits until confirmed; throws `DeliveryError` unless it succeeded. */
  send(parameters: SolanaSendParameters): Promise<string>
}

const confirmTimeoutMs = 60_000
const pollMs = 200

/**
 * The treasury on Solana networks: a SOL transfer, or an SPL `transferChecked` from the
 * treasury's associated token account, creating the receiver's first when it has none.
 */
export async function createSolanaTreasury(secretKey: Uint8Array): Promise<SolanaTreasury> {
  const signer: KeyPairSigner = await createKeyPairSignerFromBytes(secretKey)
  const rpcs = new Map<string, ReturnType<typeof createSolanaRpc>>()
  const rpcOf = (network: SolanaNetwork) => {
    let rpc = rpcs.get(network.rpcUrl)
    if (!rpc) {
      rpc = createSolanaRpc(network.rpcUrl)
      rpcs.set(network.rpcUrl, rpc)
    }
    return rpc
  }

  const instructionsFor = async (
    network: SolanaNetwork,
    offer: SandboxOffer,
    to: Address,
    units: bigint,
  ): Promise<Instruction[]> => {
    if (!offer.address) {
      return [
        getTransferSolInstruction({ source: signer, destination: to, amount: lamports(units) }),
      ]
    }
    const rpc = rpcOf(network)
    const mint = address(offer.address)
    const { value: mintAccount } = await rpc.getAccountInfo(mint, { encoding: 'base64' }).send()
    if (mintAccount?.owner !== TOKEN_PROGRAM_ADDRESS) {
      throw new DeliveryError(
        `${offer.symbol}'s mint ${mint} is not an account of the Token program on ${network.displayName}.`,
      )
    }
    const [[source], [destination]] = await Promise.all([
      findAssociatedTokenPda({ mint, owner: signer.address, tokenProgram: TOKEN_PROGRAM_ADDRESS }),
      findAssociatedTokenPda({ mint, owner: to, tokenProgram: TOKEN_PROGRAM_ADDRESS }),
    ])
    const { value: existing } = await rpc.getAccountInfo(destination, { encoding: 'base64' }).send()
    return [
      ...(existing
        ? []
        : [
            getCreateAssociatedTokenIdempotentInstruction({
              payer: signer,
              ata: destination,
              owner: to,
              mint,
            }),
          ]),
      getTransferCheckedInstruction({
        source,
        mint,
        destination,
        authority: signer,
        amount: units,
        decimals: offer.decimals,
      }),
    ]
  }

  return {
    address: signer.address,
    async deliveryCost() {
      return lamportsPerSignature
    },
    async send({ network, offer, to, units, onSent }) {
      const rpc = rpcOf(network)
      let signature: Signature
      let lastValidBlockHeight: bigint
      try {
        const instructions = await instructionsFor(network, offer, address(to), units)
        const { value: latest } = await rpc.getLatestBlockhash().send()
        lastValidBlockHeight = latest.lastValidBlockHeight
        const message = pipe(
          createTransactionMessage({ version: 0 }),
          (m) => setTransactionMessageFeePayerSigner(signer, m),
          (m) => setTransactionMessageLifetimeUsingBlockhash(latest, m),
          (m) => appendTransactionMessageInstructions(instructions, m),
        )
        const transaction = await signTransactionMessageWithSigners(message)
        signature = getSignatureFromTransaction(transaction)
        await rpc
          .sendTransaction(getBase64EncodedWireTransaction(transaction), {
            encoding: 'base64',
            preflightCommitment: 'confirmed',
          })
          .send()
      } catch (error) {
        if (error instanceof DeliveryError) throw error
        throw new DeliveryError(
          `The treasury ${signer.address} could not send ${offer.symbol} on ${network.displayName}.`,
          { cause: error },
        )
      }
      onSent(signature)
      const deadline = Date.now() + confirmTimeoutMs
      for (;;) {
        const [{ value: statuses }, height] = await Promise.all([
          rpc.getSignatureStatuses([signature]).send(),
          rpc.getBlockHeight({ commitment: 'confirmed' }).send(),
        ])
        const status = statuses[0]
        if (status?.err) {
          throw new DeliveryError(
            `The transaction ${signature} failed on ${network.displayName}: ${JSON.stringify(status.err, (_, value) => (typeof value === 'bigint' ? String(value) : value))}.`,
          )
        }
        if (
          status?.confirmationStatus === 'confirmed' ||
          status?.confirmationStatus === 'finalized'
        ) {
          return signature
        }
        if (height > lastValidBlockHeight || Date.now() > deadline) {
          throw new DeliveryError(
            `The transaction ${signature} was not confirmed on ${network.displayName}.`,
          )
        }
        await new Promise((resolve) => setTimeout(resolve, pollMs))
      }
    },
  }
}
