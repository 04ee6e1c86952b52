import {
  type RegisterSessionBody,
  registerSessionResponse,
  revokeSessionResponse,
  type SessionPermission,
} from '@foyer/protocol'
import * as v from 'valibot'
import type { Hex } from 'viem'
import { BaseError } from '../errors.ts'

/**
 * The server's registry of smart sessions (`/v1/sessions/{eip155:<chainId>:<account>}`): the
 * frame registers a session after granting it and marks it revoked after disabling it on chain.
 */
export type SessionRegistry = {
  register: (session: {
    chainId: number
    account: Hex
    origin: string
    expiry: number
    permissions: SessionPermission[]
    context: Hex
  }) => Promise<{ pci: Hex }>
  revoke: (session: { chainId: number; account: Hex; pci: Hex; signature: Hex }) => Promise<void>
}

export class SessionRegistryError extends BaseError {
  override name = 'SessionRegistryError'
}

/** The registry over HTTP, on the server that serves the frame. */
export function createHttpSessionRegistry(parameters: {
  baseUrl: string
  projectId: string
  fetch?: typeof fetch | undefined
}): SessionRegistry {
  const { baseUrl, projectId } = parameters
  const fetchFn = parameters.fetch ?? globalThis.fetch.bind(globalThis)
  const post = async <schema extends v.GenericSchema>(
    path: string,
    body: unknown,
    schema: schema,
  ): Promise<v.InferOutput<schema>> => {
    const url = new URL(path, baseUrl)
    url.searchParams.set('projectId', projectId)
    const response = await fetchFn(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    }).catch((cause: unknown) => {
      throw new SessionRegistryError('The session registry could not be reached', {
        cause: cause as Error,
      })
    })
    const json = (await response.json().catch(() => undefined)) as { message?: string } | undefined
    if (!response.ok)
      throw new SessionRegistryError(
        `The session registry answered ${response.status}${json?.message ? `: ${json.message}` : ''}`,
      )
    const parsed = v.safeParse(schema, json)
    if (!parsed.success)
      throw new SessionRegistryError('The session registry’s answer does not match its schema')
    return parsed.output
  }
  const idOf = (chainId: number, account: Hex) => encodeURIComponent(`eip155:${chainId}:${account}`)
  return {
    async register({ chainId, account, ...session }) {
      const body: RegisterSessionBody = session
      return (await post(
        `/v1/sessions/${idOf(chainId, account)}`,
        body,
        registerSessionResponse,
      )) as {
        pci: Hex
      }
    },
    async revoke({ chainId, account, pci, signature }) {
      await post(
        `/v1/sessions/${idOf(chainId, account)}/revoke`,
        { pci, signature },
        revokeSessionResponse,
      )
    },
  }
}
