import { ApiRequestError } from '../api/errors.ts'
import { getActiveConnection } from '../connection/state.ts'
import type { Foyer } from '../createFoyer.ts'
import { NotConnectedError, UserRejectedRequestError } from '../errors/connection.ts'
import { createServerSiwxVerifier } from '../siwx/createServerSiwxVerifier.ts'
import { createSiwxMessage } from '../siwx/createSiwxMessage.ts'
import { SiwxNotConfiguredError, SiwxSignInError } from '../siwx/errors.ts'
import { siwxChainId } from '../siwx/siwxChainId.ts'
import type { SiwxSession, SiwxVerifier } from '../siwx/types.ts'
import type { ChainNamespace } from '../types/network.ts'
import { disconnect } from './disconnect.ts'
import { getConnectedAccount } from './getConnectedAccount.ts'
import { signMessage } from './signMessage.ts'

export type SignInReturnType = SiwxSession
export type SignInErrorType =
  | SiwxNotConfiguredError
  | NotConnectedError
  | UserRejectedRequestError
  | SiwxSignInError

/** How long a session is asked for when the app does not say. */
const DEFAULT_SESSION_MS = 24 * 60 * 60_000

/** The app's verifier, or the Foyer server's. */
export function siwxVerifier(foyer: Foyer): SiwxVerifier {
  const config = foyer.config.siwx
  if (!config) throw new SiwxNotConfiguredError()
  return config.verifier ?? createServerSiwxVerifier(foyer)
}

/**
 * Signs the connected account in (SPEC §3's sign-in message: EIP-4361 on EVM, Sign In With Solana
 * on Solana, CAIP-122 on Bitcoin, Cosmos and Polkadot) with a nonce from the verifier, and keeps
 * the session the verifier answers. With `siwx.namespaces: 'connected'` the account of every other
 * connected namespace then signs its own message into the same session (one sign-in covering
 * them). A signature the visitor refuses disconnects the wallet: with sign-in on, a connection
 * without it is not one the app accepts; a session already started for another namespace is
 * revoked with it.
 */
export async function signIn(foyer: Foyer): Promise<SignInReturnType> {
  const verifier = siwxVerifier(foyer)
  const state = foyer.getState()
  if (!state.account.address) throw new NotConnectedError()
  const config = foyer.config.siwx
  const active = state.activeNetwork.chainNamespace
  const namespaces = [
    active,
    ...(config?.namespaces === 'connected'
      ? (Object.keys(state.connections) as ChainNamespace[]).filter(
          (namespace) =>
            namespace !== active &&
            getActiveConnection(state, namespace) &&
            !isSignedIn(foyer, namespace),
        )
      : []),
  ]
  const set = (siwx: Partial<ReturnType<Foyer['getState']>['siwx']>) =>
    foyer.store.setState((current) => ({ siwx: { ...current.siwx, ...siwx } }))
  set({ status: 'signing' })
  let started = false
  try {
    let session: SiwxSession | undefined
    for (const namespace of namespaces) {
      session = await signInNamespace(foyer, verifier, namespace)
      started = true
    }
    set({ status: 'signed-in', session })
    return session!
  } catch (error) {
    set({ status: 'signed-out', session: undefined })
    if (started) await verifier.revoke().catch(() => undefined)
    if (error instanceof UserRejectedRequestError || (error as { code?: unknown })?.code === 4001) {
      await disconnect(foyer).catch(() => undefined)
      throw error instanceof UserRejectedRequestError
        ? error
        : new UserRejectedRequestError({ cause: error })
    }
    throw new SiwxSignInError({
      cause: error,
      details: error instanceof ApiRequestError ? error.serverMessage : undefined,
    })
  }
}

/** Whether the session already holds this namespace's connected account, unexpired. */
function isSignedIn(foyer: Foyer, namespace: ChainNamespace): boolean {
  const { session } = foyer.getState().siwx
  if (!session) return false
  const address = (() => {
    try {
      return getConnectedAccount(foyer, namespace).address
    } catch {
      return undefined
    }
  })()
  return session.accounts.some(
    (account) =>
      account.namespace === namespace &&
      account.address === address &&
      Date.parse(account.expiresAt) > Date.now(),
  )
}

/** One namespace's account signs its sign-in message; the verifier's session after it. */
async function signInNamespace(
  foyer: Foyer,
  verifier: SiwxVerifier,
  namespace: ChainNamespace,
): Promise<SiwxSession> {
  const state = foyer.getState()
  const network =
    namespace === state.activeNetwork.chainNamespace
      ? state.activeNetwork
      : state.networkByNamespace[namespace]
  if (!network) throw new NotConnectedError()
  const { address } = getConnectedAccount(foyer, namespace)
  const nonce = await verifier.getNonce()
  const now = new Date()
  const config = foyer.config.siwx
  const { host, origin } =
    typeof window === 'undefined'
      ? { host: 'localhost', origin: 'http://localhost' }
      : window.location
  const message = createSiwxMessage(namespace, {
    accountAddress: address,
    chainId: siwxChainId(network),
    domain: host,
    uri: `${origin}/`,
    version: '1',
    nonce,
    statement: config?.statement ?? `Sign in to ${foyer.config.metadata?.name ?? host}`,
    resources: config?.resources,
    issuedAt: now.toISOString(),
    expirationTime: new Date(
      now.getTime() + (config?.expiresInMs ?? DEFAULT_SESSION_MS),
    ).toISOString(),
  })
  const signature = await signMessage(foyer, { message, namespace })
  return verifier.verify({ message, signature, namespace })
}
