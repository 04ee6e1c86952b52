import { createWalletClient, viemConnector } from '@farcaster/auth-client'
import type { Address, Hex } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import {
  FarcasterRelayRequestError,
  InvalidFarcasterAccountError,
  InvalidSignInUrlError,
  SignInMessageError,
} from './errors.ts'

/**
 * A Farcaster account the stand-in signs in with: one of `devnet.farcaster.accounts` in the
 * devnet JSON written by `tools/devnet`.
 */
export type FarcasterTestAccount = {
  fid: number
  username: string
  displayName: string
  pfpUrl?: string | undefined
  custodyAddress?: Address | undefined
  custodyPrivateKey: Hex
  authAddress?: Address | undefined
  authPrivateKey?: Hex | undefined
}

/** The parameters of a sign-in link (the relay's channel `url`). */
export type FarcasterSignInRequest = {
  channelToken: string
  nonce: string
  siweUri: string
  domain: string
  notBefore?: string | undefined
  expirationTime?: string | undefined
  requestId?: string | undefined
  redirectUrl?: string | undefined
}

export type ApproveFarcasterSignInParameters = {
  /** The channel's `url` (what the app shows as a QR code). */
  url: string
  /** The relay's base URL, e.g. `http://127.0.0.1:4405`. */
  relayUrl: string
  /** The shared key the relay expects in `X-Farcaster-Auth-Relay-Key`. */
  relayKey: string
  account: FarcasterTestAccount
  /** A devnet chain's RPC (the client is built as a real wallet builds it; signing is local). */
  rpcUrl: string
  /** Sign with the account's auth address instead of its custody key. Default false. */
  useAuthAddress?: boolean | undefined
}

export type ApproveFarcasterSignInReturnType = {
  fid: number
  /** The EIP-4361 (SIWF) message signed. */
  message: string
  signature: Hex
}

export type ApproveFarcasterSignInErrorType =
  | InvalidSignInUrlError
  | InvalidFarcasterAccountError
  | SignInMessageError
  | FarcasterRelayRequestError

/** Reads a sign-in link: the channel token as `parseSignInURI` does, the rest from its query. */
export function readFarcasterSignInUrl(url: string): FarcasterSignInRequest {
  if (!URL.canParse(url)) throw new InvalidSignInUrlError('it is not a URL')
  // Only reads the link; the relay and connector are never contacted.
  const client = createWalletClient({ ethereum: viemConnector({ rpcUrl: 'http://127.0.0.1:9' }) })
  const parsed = client.parseSignInURI({ uri: url })
  if (parsed.isError) {
    throw new InvalidSignInUrlError(parsed.error?.message ?? 'no channel token', {
      cause: parsed.error,
    })
  }
  const query = new URL(url).searchParams
  const read = (name: string) => query.get(name) ?? undefined
  const request: FarcasterSignInRequest = {
    channelToken: parsed.channelToken,
    nonce: read('nonce') ?? '',
    siweUri: read('siweUri') ?? '',
    domain: read('domain') ?? '',
    notBefore: read('notBefore'),
    expirationTime: read('expirationTime'),
    requestId: read('requestId'),
    redirectUrl: read('redirectUrl'),
  }
  const missing = (['nonce', 'siweUri', 'domain'] as const).filter((name) => !request[name])
  if (missing.length > 0) throw new InvalidSignInUrlError(`it has no ${missing.join(', ')}`)
  return request
}

/**
 * Approves a Sign In With Farcaster request as a Farcaster client (Warpcast) would: reads the
 * link, builds the SIWF message with `@farcaster/auth-client`'s wallet client, signs it with the
 * account's custody key (or auth address key) and posts it to the relay's
 * `channel/authenticate` with the account's profile. For development and tests only.
 */
export async function approveFarcasterSignIn(
  parameters: ApproveFarcasterSignInParameters,
): Promise<ApproveFarcasterSignInReturnType> {
  const { url, relayUrl, relayKey, account, rpcUrl, useAuthAddress = false } = parameters
  const request = readFarcasterSignInUrl(url)
  const privateKey = useAuthAddress ? account.authPrivateKey : account.custodyPrivateKey
  if (!privateKey) {
    throw new InvalidFarcasterAccountError(
      `fid ${account.fid} (${account.username}) has no auth address`,
    )
  }
  const signer = privateKeyToAccount(privateKey)

  const client = createWalletClient({
    relay: relayUrl.replace(/\/+$/, ''),
    ethereum: viemConnector({ rpcUrl }),
  })
  const built = client.buildSignInMessage({
    address: signer.address,
    fid: account.fid,
    uri: request.siweUri,
    domain: request.domain,
    nonce: request.nonce,
    ...(request.notBefore ? { notBefore: new Date(request.notBefore) } : {}),
    ...(request.expirationTime ? { expirationTime: new Date(request.expirationTime) } : {}),
    ...(request.requestId ? { requestId: request.requestId } : {}),
  })
  if (built.isError) throw new SignInMessageError({ cause: built.error })
  const { message } = built
  const signature = await signer.signMessage({ message })

  const answer = await client.authenticate({
    channelToken: request.channelToken,
    authKey: relayKey,
    message,
    signature,
    authMethod: useAuthAddress ? 'authAddress' : 'custody',
    fid: account.fid,
    username: account.username,
    displayName: account.displayName,
    ...(account.pfpUrl ? { pfpUrl: account.pfpUrl } : {}),
  })
  if (answer.isError) {
    throw new FarcasterRelayRequestError({
      reason: answer.error?.message ?? 'unknown error',
      cause: answer.error,
    })
  }
  if (answer.response.status !== 201) {
    const body = answer.data as unknown as { error?: string; message?: string }
    throw new FarcasterRelayRequestError({
      status: answer.response.status,
      reason: [body?.error, body?.message].filter(Boolean).join(': ') || 'no reason given',
    })
  }
  return { fid: account.fid, message, signature }
}
