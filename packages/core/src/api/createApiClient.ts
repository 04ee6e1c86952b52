import { buildRoutePath, type errorResponse, type RouteName, routes } from '@foyer/protocol'
import * as v from 'valibot'
import type { AlertCode } from '../alerts.ts'
import { SERVER_MESSAGE_ALERTS } from '../alerts.ts'
import {
  ApiRequestError,
  InvalidApiResponseError,
  ProjectIdNotConfiguredError,
  ServerNotConfiguredError,
} from './errors.ts'

/** SDK type and version sent as `st`/`sv` on every call (SPEC §7). */
export const SDK_TYPE = 'foyer'
export const SDK_VERSION = 'foyer-core-0.1.0'

type Routes = typeof routes
type SdkQueryKey = 'projectId' | 'st' | 'sv'

/** Routes answering JSON (images are loaded by URL instead). */
export type ApiRouteName = {
  [name in RouteName]: Routes[name] extends { response: v.GenericSchema } ? name : never
}[RouteName]

type InputOf<route, key extends string> = route extends { [k in key]: infer schema }
  ? schema extends v.GenericSchema
    ? v.InferInput<schema>
    : never
  : undefined

export type ApiRequestOptions<name extends ApiRouteName> = {
  /** Path parameters (`:address` → `{ address }`). */
  params?: InputOf<Routes[name], 'params'>
  /** Query parameters; `projectId`, `st` and `sv` are added by the client. */
  query?: Omit<Exclude<InputOf<Routes[name], 'query'>, undefined>, SdkQueryKey>
  body?: InputOf<Routes[name], 'body'>
  signal?: AbortSignal | undefined
  /** Let the request outlive the page (`fetch` keepalive), for analytics sent on page hide. */
  keepalive?: boolean | undefined
  /** Send and accept the server's cookies (`credentials: 'include'`): the sign-in session. */
  credentials?: boolean | undefined
}

export type ApiResponse<name extends ApiRouteName> = Routes[name] extends {
  response: infer schema extends v.GenericSchema
}
  ? v.InferOutput<schema>
  : never

export type ImageKind = 'wallet' | 'asset' | 'currency' | 'token'

export type ApiClient = {
  readonly serverUrl: string
  /** Calls a route of `@foyer/protocol` and validates the answer with its response schema. */
  request<name extends ApiRouteName>(
    name: name,
    options?: ApiRequestOptions<name>,
  ): Promise<ApiResponse<name>>
  /** URL of a registry/asset image (`/getWalletImage/{id}` and friends), for an `<img src>`. */
  imageUrl(kind: ImageKind, id: string): string
  /**
   * Posts `body` with `navigator.sendBeacon`, for a page being hidden: the JSON goes as
   * `text/plain` (no CORS preflight; the server parses it) and the answer is never read. False
   * when there is no server, project id or beacon, or the browser refused to queue it.
   */
  sendBeacon<name extends ApiRouteName>(
    name: name,
    options: Pick<ApiRequestOptions<name>, 'params' | 'query' | 'body'>,
  ): boolean
}

export type CreateApiClientParameters = {
  serverUrl: string | undefined
  projectId: string | undefined
  /** Called with the SPEC §8 alert a failure maps to ('Invalid Project ID', …). */
  onAlert?: ((code: AlertCode) => void) | undefined
  fetch?: typeof fetch | undefined
}

const imageRoutes = {
  wallet: routes.getWalletImage.path,
  asset: routes.getAssetImage.path,
  currency: routes.getCurrencyImage.path,
  token: routes.getTokenImage.path,
} as const

type ServerError = Partial<v.InferOutput<typeof errorResponse>>

/**
 * A typed client of the Foyer server. Nothing is requested until `request` is called; a missing
 * `serverUrl` or `projectId` fails the call, not the construction. Failures map to the alerts of
 * SPEC §8: a refused key → Invalid Project ID, a missing project id → Project ID Not Configured,
 * an analytics 403 → Invalid App Configuration (once per client).
 */
export function createApiClient(parameters: CreateApiClientParameters): ApiClient {
  const serverUrl = parameters.serverUrl?.replace(/\/+$/, '') ?? ''
  const fetchFn = parameters.fetch ?? ((...args: Parameters<typeof fetch>) => fetch(...args))
  let appConfigAlerted = false
  const alert = (code: AlertCode) => {
    if (code === 'INVALID_APP_CONFIGURATION') {
      if (appConfigAlerted) return
      appConfigAlerted = true
    }
    parameters.onAlert?.(code)
  }

  const sdkQuery = (): Record<string, string> => ({
    ...(parameters.projectId ? { projectId: parameters.projectId } : {}),
    st: SDK_TYPE,
    sv: SDK_VERSION,
  })

  const routeUrl = (name: ApiRouteName, options: { params?: unknown; query?: unknown }) => {
    const path = buildRoutePath(routes[name].path, (options.params ?? {}) as Record<string, string>)
    const query = new URLSearchParams(sdkQuery())
    for (const [key, value] of Object.entries((options.query ?? {}) as Record<string, unknown>)) {
      if (value === undefined || value === null) continue
      query.set(key, Array.isArray(value) ? value.join(',') : String(value))
    }
    return `${serverUrl}${path}?${query}`
  }

  return {
    serverUrl,
    async request(name, options = {}) {
      const route = routes[name]
      if (!parameters.serverUrl) throw new ServerNotConfiguredError()
      if (!parameters.projectId) {
        alert('PROJECT_ID_NOT_CONFIGURED')
        throw new ProjectIdNotConfiguredError()
      }
      const url = routeUrl(name, options)
      const init: RequestInit = { method: route.method, signal: options.signal }
      if (options.keepalive) init.keepalive = true
      if (options.credentials) init.credentials = 'include'
      if (options.body !== undefined) {
        init.body = JSON.stringify(options.body)
        init.headers = { 'content-type': 'application/json' }
      }

      let response: Response
      try {
        response = await fetchFn(url, init)
      } catch (error) {
        if (options.signal?.aborted) throw error
        throw new ApiRequestError({ status: 0, route: route.path, cause: error })
      }
      const text = await response.text()
      let json: unknown
      try {
        json = text === '' ? undefined : JSON.parse(text)
      } catch {
        json = undefined
      }

      if (!response.ok) {
        const body = (typeof json === 'object' && json !== null ? json : {}) as ServerError
        const serverMessage = typeof body.message === 'string' ? body.message : undefined
        const mapped = serverMessage ? SERVER_MESSAGE_ALERTS[serverMessage] : undefined
        if (response.status === 403 && (name === 'postEvents' || name === 'getAnalyticsConfig'))
          alert('INVALID_APP_CONFIGURATION')
        else if (mapped) alert(mapped)
        if (body.code === 'PROJECT_ID_MISSING') {
          alert('PROJECT_ID_NOT_CONFIGURED')
          throw new ProjectIdNotConfiguredError({ details: serverMessage })
        }
        throw new ApiRequestError({
          status: response.status,
          code: body.code,
          serverMessage,
          route: route.path,
        })
      }

      const parsed = v.safeParse(route.response, json)
      if (!parsed.success)
        throw new InvalidApiResponseError({
          route: route.path,
          details: v.summarize(parsed.issues),
        })
      return parsed.output as never
    },
    imageUrl(kind, id) {
      const path = buildRoutePath(imageRoutes[kind], { id })
      return `${serverUrl}${path}?${new URLSearchParams(sdkQuery())}`
    },
    sendBeacon(name, options) {
      if (!parameters.serverUrl || !parameters.projectId) return false
      if (typeof navigator === 'undefined' || typeof navigator.sendBeacon !== 'function')
        return false
      try {
        return navigator.sendBeacon(routeUrl(name, options), JSON.stringify(options.body))
      } catch {
        return false
      }
    },
  }
}
