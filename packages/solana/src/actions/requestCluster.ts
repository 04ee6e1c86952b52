import type { CaipNetwork } from '@foyer/core'
import { RpcResponseError } from '../errors.ts'

export type RequestClusterParameters = { method: string; params?: unknown }

export type RequestClusterReturnType = unknown

export type RequestClusterErrorType = RpcResponseError

/**
 * A cluster read (getBalance, getAccountInfo, …) on the network's RPC as plain JSON-RPC, for
 * connectors' `request` of methods that are not the wallet's to answer. A JSON-RPC error becomes
 * an `RpcResponseError` carrying its code.
 */
export async function requestCluster(
  network: CaipNetwork,
  { method, params }: RequestClusterParameters,
): Promise<RequestClusterReturnType> {
  const response = await fetch(network.rpcUrls.default.http[0]!, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params: params ?? [] }),
  })
  const body = (await response.json()) as {
    result?: unknown
    error?: { code: number; message: string }
  }
  if (body.error) throw new RpcResponseError(body.error.message, { code: body.error.code })
  return body.result
}
