import { ApiRequestError } from '../api/errors.ts'
import { getApiClient } from '../api/getApiClient.ts'
import type { Foyer } from '../createFoyer.ts'
import type { SiwxVerifier } from './types.ts'

/**
 * The Foyer server's verifier (`/v1/siwx/*`): nonces it issues once, the signature checked on its
 * side (EIP-1271 / EIP-6492 accounts included), the session in an HTTP-only cookie of the
 * server's origin, which this page never reads.
 */
export function createServerSiwxVerifier(foyer: Foyer): SiwxVerifier {
  const api = () => getApiClient(foyer)
  return {
    async getNonce() {
      const { nonce } = await api().request('postSiwxNonce', { body: {}, credentials: true })
      return nonce
    },
    async verify({ message, signature, namespace }) {
      const { session } = await api().request('postSiwxVerify', {
        body: { message, signature, namespace },
        credentials: true,
      })
      return session
    },
    async getSession() {
      try {
        const { session } = await api().request('getSiwxSession', { credentials: true })
        return session
      } catch (error) {
        if (error instanceof ApiRequestError && error.status === 401) return null
        throw error
      }
    },
    async revoke() {
      await api().request('deleteSiwxSession', { credentials: true })
    },
  }
}
