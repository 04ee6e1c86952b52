import type { SiwxSession } from '@foyer/protocol'
import type { ChainNamespace } from '../types/network.ts'

export type { SiwxSession }

/** SPEC §3's sign-in message, as the wallet signs it. */
export type SiwxMessageFields = {
  accountAddress: string
  /**
   * The `Chain ID` line: the chain's number on EVM (`1`), the CAIP-2 id on Solana, the CAIP-2
   * reference on Bitcoin, Cosmos and Polkadot (`siwxChainId`).
   */
  chainId: string
  domain: string
  uri: string
  version: '1'
  nonce: string
  statement?: string | undefined
  resources?: readonly string[] | undefined
  requestId?: string | undefined
  /** ISO 8601. */
  issuedAt: string
  expirationTime?: string | undefined
  notBefore?: string | undefined
}

/** Checks sign-ins and keeps their sessions: the Foyer server's by default, or the app's own. */
export type SiwxVerifier = {
  /** A fresh nonce for one sign-in. */
  getNonce(): Promise<string>
  /** Checks the signed message; the session it starts. */
  verify(parameters: {
    message: string
    signature: string
    namespace: ChainNamespace
  }): Promise<SiwxSession>
  /** The session in force, or null (signed out, expired, revoked). */
  getSession(): Promise<SiwxSession | null>
  /** Ends the session (disconnect). */
  revoke(): Promise<void>
}

export type SiwxConfig = {
  /** Shown in the wallet, e.g. 'Sign in to Acme'. Default: 'Sign in to {app name}'. */
  statement?: string | undefined
  /** How long the session is asked to last. Default 24 hours. */
  expiresInMs?: number | undefined
  resources?: readonly string[] | undefined
  /** Default: the Foyer server's verifier (`/v1/siwx/*`, an HTTP-only cookie session). */
  verifier?: SiwxVerifier | undefined
  /**
   * 'active' (default): the account of the namespace the visitor connected signs in.
   * 'connected': after it, the account of every other connected namespace (a wallet that
   * connected EVM and Solana together, say) signs its own message into the same session, so the
   * session lists each (`session.accounts`).
   */
  namespaces?: 'active' | 'connected' | undefined
}

export type SiwxStatus = 'signed-out' | 'signing' | 'signed-in'

export type SiwxState = {
  status: SiwxStatus
  session: SiwxSession | undefined
}
