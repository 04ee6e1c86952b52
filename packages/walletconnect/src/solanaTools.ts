// The Solana half of the WalletConnect solana connector: loaded with `import()` on first use, with
// `@solana/kit` and `@foyer/solana`, so an app that never signs on Solana never downloads it.
import type { CaipNetwork, ConnectorTransferParameters } from '@foyer/core'
import { buildTransferTransaction, createRpc, waitForSignature } from '@foyer/solana'
import {
  getBase58Decoder,
  getBase58Encoder,
  getBase64Decoder,
  getTransactionDecoder,
  getTransactionEncoder,
  getUtf8Encoder,
} from '@solana/kit'

export { requestCluster } from '@foyer/solana'

/** Sends a WalletConnect Solana request on the session, for the current cluster. */
export type AskWallet = <result>(method: string, params: Record<string, unknown>) => Promise<result>

/** A text message as `solana_signMessage` takes it: its UTF-8 bytes, base58-encoded. */
export function encodeMessage(message: string): string {
  return getBase58Decoder().decode(getUtf8Encoder().encode(message))
}

export type SendSolanaTransferParameters = ConnectorTransferParameters & {
  network: CaipNetwork
  /** The solana methods the wallet approved in the session. */
  methods: readonly string[]
  ask: AskWallet
}

/**
 * Builds the transfer as `@foyer/solana` does, has the wallet sign and send it
 * (`solana_signAndSendTransaction`; else `solana_signTransaction`, sent here through the cluster's
 * RPC), and waits for confirmation unless `confirm: false`. Resolves with the base58 signature.
 */
export async function sendSolanaTransfer(parameters: SendSolanaTransferParameters) {
  const { network, from, to, amount, mint, confirm = true, methods, ask } = parameters
  const { transaction } = await buildTransferTransaction({ network, from, to, amount, mint })
  const encoded = getBase64Decoder().decode(transaction)
  let signature: string
  if (methods.includes('solana_signAndSendTransaction')) {
    ;({ signature } = await ask<{ signature: string }>('solana_signAndSendTransaction', {
      transaction: encoded,
      pubkey: from,
      sendOptions: { preflightCommitment: 'confirmed' },
    }))
  } else {
    const signed = await ask<{ signature: string; transaction?: string }>(
      'solana_signTransaction',
      { transaction: encoded, pubkey: from },
    )
    const wire = signed.transaction ?? insertSignature(transaction, from, signed.signature)
    signature = await createRpc({ network })
      .sendTransaction(wire as Parameters<ReturnType<typeof createRpc>['sendTransaction']>[0], {
        encoding: 'base64',
        preflightCommitment: 'confirmed',
      })
      .send()
  }
  if (confirm) await waitForSignature({ network, signature })
  return signature
}

/** Older wallets answer `solana_signTransaction` with the signature only: put it in ourselves. */
function insertSignature(transaction: Uint8Array, signer: string, signature: string): string {
  const decoded = getTransactionDecoder().decode(transaction)
  const signed = {
    ...decoded,
    signatures: {
      ...decoded.signatures,
      [signer]: new Uint8Array(getBase58Encoder().encode(signature)),
    },
  } as typeof decoded
  return getBase64Decoder().decode(getTransactionEncoder().encode(signed))
}
