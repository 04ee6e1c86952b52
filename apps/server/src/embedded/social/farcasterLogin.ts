import { createAppClient, viemConnector } from '@farcaster/auth-client'

/** Sign In With Farcaster (FIP-11) through an auth relay, verified against the ID registry. */
export type FarcasterLogin = {
  /** Opens a relay channel: `url` is the QR code / deep link a Farcaster client opens. */
  createChannel: (parameters: {
    siweUri: string
    domain: string
    nonce: string
    expirationTime: string
  }) => Promise<{ channelToken: string; url: string }>
  /** The channel as the relay has it: pending, or completed with the client's signed message. */
  status: (channelToken: string) => Promise<
    | { state: 'pending' }
    | {
        state: 'completed'
        message: string
        signature: `0x${string}`
        username?: string | undefined
        displayName?: string | undefined
      }
  >
  /**
   * Checks the message (domain, nonce, expiry) and its signature by the fid's custody address or
   * one of its auth addresses on the ID / key registries; resolves the verified fid.
   */
  verify: (parameters: {
    message: string
    signature: `0x${string}`
    nonce: string
    domain: string
  }) => Promise<{ fid: number }>
}

export type CreateFarcasterLoginParameters = {
  /** The auth relay, e.g. `https://relay.farcaster.xyz`. */
  relayUrl: string
  /** An Optimism RPC (Farcaster's ID and key registries live on OP mainnet). */
  rpcUrl: string
}

/** `FarcasterLogin` over `@farcaster/auth-client`, the client Farcaster's own kits use. */
export function createFarcasterLogin(parameters: CreateFarcasterLoginParameters): FarcasterLogin {
  const client = createAppClient({
    relay: parameters.relayUrl,
    ethereum: viemConnector({ rpcUrl: parameters.rpcUrl }),
  })
  return {
    async createChannel({ siweUri, domain, nonce, expirationTime }) {
      const result = await client.createChannel({ siweUri, domain, nonce, expirationTime })
      if (result.isError) throw new Error(result.error?.message ?? 'The relay refused the channel')
      return { channelToken: result.data.channelToken, url: result.data.url }
    },
    async status(channelToken) {
      const result = await client.status({ channelToken })
      if (result.isError) throw new Error(result.error?.message ?? 'The relay did not answer')
      const { data } = result
      if (data.state !== 'completed' || !data.message || !data.signature)
        return { state: 'pending' }
      return {
        state: 'completed',
        message: data.message,
        signature: data.signature,
        username: data.username,
        displayName: data.displayName,
      }
    },
    async verify({ message, signature, nonce, domain }) {
      const result = await client.verifySignInMessage({
        message,
        signature,
        nonce,
        domain,
        acceptAuthAddress: true,
      })
      if (result.isError || !result.success)
        throw new Error(result.error?.message ?? 'The sign-in message is not valid')
      return { fid: result.fid }
    },
  }
}
