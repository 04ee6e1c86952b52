import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { createStandIn, type StandIn } from './createStandIn.ts'
import { providerSpecs } from './providerSpecs.ts'
import {
  type SocialProviderClient,
  type SocialProviderId,
  type SocialProviders,
  type StartSocialProvidersParameters,
  socialProviderIds,
} from './types.ts'

function urlHost(host: string): string {
  // An unspecified address is not one a browser can go to: name the loopback one instead.
  if (host === '0.0.0.0') return '127.0.0.1'
  if (host === '::' || host === '[::]') return '[::1]'
  return host.includes(':') && !host.startsWith('[') ? `[${host}]` : host
}

function checkParameters(parameters: StartSocialProvidersParameters): readonly SocialProviderId[] {
  const { port, redirectUris } = parameters
  if (!Number.isInteger(port) || port < 0 || port > 65_535) {
    throw new TypeError(`port must be an integer from 0 to 65535, got ${port}`)
  }
  if (redirectUris.length === 0) throw new TypeError('redirectUris must list at least one URI')
  for (const uri of redirectUris) {
    const parsed = URL.parse(uri)
    if (parsed === null || (parsed.protocol !== 'http:' && parsed.protocol !== 'https:')) {
      throw new TypeError(`redirect URI is not an http(s) URL: ${uri}`)
    }
    if (parsed.hash !== '') throw new TypeError(`redirect URI has a fragment: ${uri}`)
  }
  const providers = parameters.providers ?? socialProviderIds
  for (const id of providers) {
    if (!socialProviderIds.includes(id)) throw new TypeError(`unknown social provider: ${id}`)
  }
  return [...new Set(providers)]
}

/**
 * Starts local stand-ins for Google and Apple (OpenID Connect) and GitHub, X, Discord and Facebook
 * (OAuth 2.0), each an oidc-provider mounted under `/<provider>` of one HTTP server, with the
 * provider's protocol shape, profile endpoint and a sign-in page where the user types a name and an
 * email. For development and tests only.
 */
export async function startSocialProviders(
  parameters: StartSocialProvidersParameters,
): Promise<SocialProviders> {
  const ids = checkParameters(parameters)
  const host = parameters.host ?? '127.0.0.1'
  const standIns = new Map<string, StandIn>()
  let ready = false

  const route = async (req: IncomingMessage, res: ServerResponse) => {
    const raw = req.url ?? '/'
    if (!raw.startsWith('/')) return notFound(res)
    const segment = raw.slice(1).split(/[/?#]/, 1)[0] ?? ''
    if (segment === 'health' && raw.split('?')[0] === '/health') {
      res.writeHead(ready ? 200 : 503, { 'content-type': 'text/plain; charset=utf-8' })
      return res.end(ready ? 'ok' : 'starting')
    }
    const standIn = standIns.get(segment)
    if (!ready || standIn === undefined) return notFound(res)
    const rest = raw.slice(segment.length + 1)
    return standIn.handle(req, res, rest.startsWith('/') ? rest : `/${rest}`)
  }

  const server = createServer((req, res) => {
    route(req, res).catch((error: unknown) => {
      console.error('social provider stand-in: request failed', error)
      if (res.headersSent) return res.destroy()
      res.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' })
      res.end('internal error')
    })
  })

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(parameters.port, host, () => {
      server.off('error', reject)
      resolve()
    })
  })

  try {
    const { port } = server.address() as AddressInfo
    const url = `http://${urlHost(host)}:${port}`
    const created = await Promise.all(
      ids.map((id) =>
        createStandIn({
          spec: providerSpecs[id],
          baseUrl: url,
          redirectUris: parameters.redirectUris,
        }),
      ),
    )
    for (const standIn of created) standIns.set(standIn.client.id, standIn)
    ready = true

    const clients = Object.fromEntries(
      created.map((standIn) => [standIn.client.id, standIn.client]),
    ) as Record<SocialProviderId, SocialProviderClient>

    let stopped: Promise<void> | undefined
    return {
      url,
      clients,
      serverEnv: () => Object.assign({}, ...created.map((standIn) => standIn.env)),
      stop: () => {
        stopped ??= closeServer(server).then(() => {
          for (const standIn of created) standIn.close()
          standIns.clear()
        })
        return stopped
      },
    }
  } catch (error) {
    await closeServer(server)
    throw error
  }
}

function notFound(res: ServerResponse) {
  res.writeHead(404, { 'content-type': 'application/json; charset=utf-8' })
  res.end(JSON.stringify({ error: 'not_found' }))
}

function closeServer(server: ReturnType<typeof createServer>): Promise<void> {
  return new Promise((resolve) => {
    server.close(() => resolve())
    server.closeAllConnections()
  })
}
