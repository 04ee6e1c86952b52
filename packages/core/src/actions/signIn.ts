import { ApiRequestError } from '../api/errors.ts'
import type { Foyer } from '../createFoyer.ts'
import { NotConnectedError, UserRejectedRequestError } from '../errors/connection.ts'
import { createServerSiwxVerifier } from '../siwx/createServerSiwxVerifier.ts'
import { createSiwxMessage } from '../siwx/createSiwxMessage.ts'
import { SiwxNotConfiguredError, SiwxSignInError } from '../siwx/errors.ts'
import { siwxChainId } from '../siwx/siwxChainId.ts'
import type { SiwxSession, SiwxVerifier } from '../siwx/types.ts'
import { disconnect } from './disconnect.ts'
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
 * the session the verifier answers. A signature the visitor refuses disconnects the wallet: with
 * sign-in on, a connection without it is not one the app accepts.
 */
export async function signIn(foyer: Foyer): Promise<SignInReturnType> {
  const verifier = siwxVerifier(foyer)
  const state = foyer.getState()
  const address = state.account.address
  const network = state.activeNetwork
  if (!address) throw new NotConnectedError()
  const namespace = network.chainNamespace
  const set = (siwx: Partial<ReturnType<Foyer['getState']>['siwx']>) =>
    foyer.store.setState((current) => ({ siwx: { ...current.siwx, ...siwx } }))
  set({ status: 'signing' })
  try {
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
    const signature = await signMessage(foyer, { message })
    const session = await verifier.verify({ message, signature, namespace })
    set({ status: 'signed-in', session })
    return session
  } catch (error) {
    set({ status: 'signed-out', session: undefined })
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
