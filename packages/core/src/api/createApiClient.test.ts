import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { AlertCode } from '../alerts.ts'
import { createApiClient } from './createApiClient.ts'
import { ApiRequestError, ProjectIdNotConfiguredError, ServerNotConfiguredError } from './errors.ts'
import { startStatusServer, startTestServer, type TestServer } from './testServer.ts'

let server: TestServer
beforeAll(async () => {
  server = await startTestServer()
}, 120_000)
afterAll(async () => {
  await server?.stop()
})

/** `fetch` that records every URL it is asked for. */
function recordingFetch() {
  const urls: string[] = []
  const fetchFn: typeof fetch = (input, init) => {
    urls.push(String(input))
    return fetch(input, init)
  }
  return { urls, fetch: fetchFn }
}

describe('createApiClient against a Foyer server', () => {
  test('sends nothing until a route is called', () => {
    const recorder = recordingFetch()
    createApiClient({ ...server, fetch: recorder.fetch })
    expect(recorder.urls).toEqual([])
  })

  test('calls a route with projectId, st and sv and returns the validated answer', async () => {
    const recorder = recordingFetch()
    const client = createApiClient({ ...server, fetch: recorder.fetch })
    const account = server.devnet.accounts[0]!.address
    const { balances } = await client.request('getBalance', {
      params: { address: account },
      query: { chainId: 'eip155:31337' },
    })
    const usdc = balances.find((balance) => balance.symbol === 'USDC')
    expect(usdc?.quantity.numeric).toBe('1000000')
    expect(usdc?.price).toBeGreaterThan(0)
    const url = new URL(recorder.urls[0]!)
    expect(url.pathname).toBe(`/v1/account/${account}/balance`)
    expect(url.searchParams.get('projectId')).toBe('foyer-dev')
    expect(url.searchParams.get('st')).toBe('foyer')
    expect(url.searchParams.get('sv')).toMatch(/^foyer-/)
  })

  test('pages the wallet registry 40 at a time', async () => {
    const client = createApiClient(server)
    const first = await client.request('getWallets', { query: { page: 1, entries: 40 } })
    expect(first.data.length).toBe(Math.min(40, first.count))
    expect(first.count).toBeGreaterThanOrEqual(20)
  })

  test('builds image URLs the server answers', async () => {
    const client = createApiClient(server)
    const { data } = await client.request('getWallets', { query: { entries: 1 } })
    const response = await fetch(client.imageUrl('wallet', data[0]!.image_id))
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toMatch(/^image\//)
  })

  test('maps a refused project id to the Invalid Project ID alert', async () => {
    const alerts: AlertCode[] = []
    const client = createApiClient({
      serverUrl: server.serverUrl,
      projectId: 'no-such-project',
      onAlert: (code) => alerts.push(code),
    })
    const error = await client.request('getConfig').catch((caught: unknown) => caught)
    expect(error).toBeInstanceOf(ApiRequestError)
    expect((error as ApiRequestError).status).toBe(403)
    expect(alerts).toEqual(['INVALID_PROJECT_ID'])
  })

  test('without a project id shows Project ID Not Configured and sends nothing', async () => {
    const alerts: AlertCode[] = []
    const recorder = recordingFetch()
    const client = createApiClient({
      serverUrl: server.serverUrl,
      projectId: undefined,
      fetch: recorder.fetch,
      onAlert: (code) => alerts.push(code),
    })
    await expect(client.request('getConfig')).rejects.toBeInstanceOf(ProjectIdNotConfiguredError)
    expect(alerts).toEqual(['PROJECT_ID_NOT_CONFIGURED'])
    expect(recorder.urls).toEqual([])
  })

  test('without a server URL fails without an alert', async () => {
    const alerts: AlertCode[] = []
    const client = createApiClient({
      serverUrl: undefined,
      projectId: 'foyer-dev',
      onAlert: (code) => alerts.push(code),
    })
    await expect(client.request('getConfig')).rejects.toBeInstanceOf(ServerNotConfiguredError)
    expect(alerts).toEqual([])
  })

  test('an analytics 403 shows Invalid App Configuration once', async () => {
    const alerts: AlertCode[] = []
    const client = createApiClient({
      serverUrl: server.serverUrl,
      projectId: 'no-such-project',
      onAlert: (code) => alerts.push(code),
    })
    const event = { eventId: 'e1', url: 'http://a', domain: 'a', timestamp: 1, props: {} }
    await expect(client.request('postEvents', { body: event })).rejects.toThrow()
    await expect(client.request('getAnalyticsConfig')).rejects.toThrow()
    expect(alerts).toEqual(['INVALID_APP_CONFIGURATION'])
  })

  test('a body not matching the route schema is refused', async () => {
    const status = await startStatusServer(() => ({ status: 200, body: { balances: 'nope' } }))
    try {
      const client = createApiClient({ serverUrl: status.url, projectId: 'p' })
      await expect(
        client.request('getBalance', { params: { address: `0x${'1'.repeat(40)}` } }),
      ).rejects.toThrow('Invalid server response')
    } finally {
      await status.stop()
    }
  })
})
