import type { SiwxSession } from '@foyer/protocol'
import type { Kysely } from 'kysely'
import type { ChainRuntime } from '../chains/types.ts'
import type { Database } from '../db/schema.ts'
import { checkSignInOrigin } from './checkSignInOrigin.ts'
import { checkSignInTimes } from './checkSignInTimes.ts'
import { SiwxNamespaceNotSupportedError } from './errors.ts'
import { checkSiwxNonce, consumeSiwxNonce } from './nonces.ts'
import { isSignInNamespace, parseSignInMessage } from './parseSignInMessage.ts'
import { saveSiwxSignIn } from './sessionStore.ts'
import { signInChainId } from './signInChainId.ts'
import { verifyBitcoinSignIn } from './verifyBitcoinSignIn.ts'
import { verifyCosmosSignIn } from './verifyCosmosSignIn.ts'
import { verifyEvmSignIn } from './verifyEvmSignIn.ts'
import { verifyPolkadotSignIn } from './verifyPolkadotSignIn.ts'
import { verifySolanaSignIn } from './verifySolanaSignIn.ts'

export type VerifySignInParameters = {
  db: Kysely<Database>
  project: { id: string; allowedOrigins: readonly string[] }
  /** The EVM networks this server has nodes for (smart-account signatures are checked there). */
  chains: readonly ChainRuntime[]
  namespace: string
  /** The sign-in message exactly as signed. */
  message: string
  signature: string
  /** Hashes of the request's `foyer_siwx` tokens: a live session of the project is continued. */
  tokenHashes: readonly string[]
  /** The longest a session may last (default 7 days). */
  sessionLifetimeMs: number
  now: number
}

export type VerifySignInResult = { token: string; session: SiwxSession; cookieExpiresAt: Date }

/**
 * The default SIWX verifier, in this order: the namespace (eip155, solana, bip122, cosmos or
 * polkadot), the message text (strict EIP-4361 / Sign In With Solana / CAIP-122), its domain and
 * URI against the project's allowed origins, its time window, its nonce (issued here for this
 * project, unexpired, unused), the signature, then, in one transaction, the nonce is spent and
 * the session stored. Any EVM chain id is accepted: a signature does not depend on the chain
 * unless the account is a contract, which is checked on this server's node for that chain
 * (without one, EOAs only). Bitcoin, Cosmos and Polkadot signatures are checked with their
 * adapters (BIP-322, ADR-36, sr25519/ed25519/ecdsa), each loaded on its namespace's first
 * sign-in. Every refusal is a 400 saying which check failed, and stores nothing.
 */
export async function verifySignIn(
  parameters: VerifySignInParameters,
): Promise<VerifySignInResult> {
  const { db, project, chains, message, signature, tokenHashes, now } = parameters
  const { namespace } = parameters
  if (!isSignInNamespace(namespace)) throw new SiwxNamespaceNotSupportedError(namespace)
  const parsed = parseSignInMessage(message, namespace)
  checkSignInOrigin(parsed, project.allowedOrigins)
  checkSignInTimes(parsed, now)
  await checkSiwxNonce({ db, projectId: project.id, nonce: parsed.nonce, now })

  const signed = { text: message, address: parsed.address, signature }
  switch (namespace) {
    case 'eip155': {
      const chain = chains.find((runtime) => runtime.config.chainId === Number(parsed.chainId))
      await verifyEvmSignIn({ chain, text: message, message: parsed, signature, now })
      break
    }
    case 'solana':
      verifySolanaSignIn(signed)
      break
    case 'bip122':
      await verifyBitcoinSignIn(signed)
      break
    case 'cosmos':
      await verifyCosmosSignIn(signed)
      break
    case 'polkadot':
      await verifyPolkadotSignIn(signed)
      break
  }

  const latestEnd = now + parameters.sessionLifetimeMs
  const expiresAt = new Date(Math.min(parsed.expirationTime?.getTime() ?? latestEnd, latestEnd))
  return db.transaction().execute(async (trx) => {
    await consumeSiwxNonce({ db: trx, projectId: project.id, nonce: parsed.nonce, now })
    return saveSiwxSignIn({
      db: trx,
      projectId: project.id,
      tokenHashes,
      account: {
        namespace,
        address: parsed.address,
        chainId: signInChainId(namespace, parsed.chainId),
        issuedAt: parsed.issuedAt,
        expiresAt,
      },
      now,
    })
  })
}
