import type { AddressInfo } from 'node:net'
import { createServer, queryEvents } from '@foyer/server'
import type { FastifyInstance } from 'fastify'
import { afterAll, afterEach, beforeAll, describe, expect, test, vi } from 'vitest'
import { close } from '../actions/close.ts'
import { getApiClient } from '../api/getApiClient.ts'
import { createTestFoyer, openDialog } from '../test-utils.ts'

// Analytics against a real Foyer server (embedded PGlite in memory, no chains needed).
let app: FastifyInstance
let serverUrl: string
beforeAll(async () => {
  app = await createServer({
    dataDir: 'memory://',
    dev: true,
    logger: false,
    rateLimit: false,
    indexer: { enabled: false },
    host: '127.0.0.1',
    port: 0,
  })
  await app.listen({ host: '127.0.0.1', port: 0 })
  serverUrl = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`
}, 120_000)
afterAll(async () => {
  await app?.close()
})
afterEach(() => {
  vi.unstubAllGlobals()
})

const address = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
/** The page the SDK runs on: an allowed origin of `foyer-dev`. */
const pageOrigin = 'http://127.0.0.1:5173'

/**
 * Node's fetch sends no `Origin`; a browser sends its page's with every POST (sendBeacon too),
 * and the server stores events only from the project's allowed origins.
 */
function fetchFromPage(input: string | URL | Request, init: RequestInit = {}) {
  const headers = new Headers(init.headers)
  headers.set('origin', pageOrigin)
  return realFetch(input, { ...init, headers })
}
const realFetch = globalThis.fetch

async function storedEvents(since: Date) {
  return queryEvents({ db: app.foyer.database.db, projectId: 'foyer-dev', since })
}

describe('analytics against the Foyer server', () => {
  test('a dialog session arrives as one batch and can be queried', async () => {
    const since = new Date(Date.now() - 1_000)
    vi.stubGlobal('fetch', fetchFromPage)
    const foyer = createTestFoyer({ serverUrl, projectId: 'foyer-dev' })
    openDialog(foyer)
    foyer.store.setState((state) => ({ account: { ...state.account, address } }))
    foyer._internal.emit({
      type: 'SWITCH_NETWORK',
      data: { caipNetworkId: 'eip155:31338', previousCaipNetworkId: 'eip155:31337' },
    })
    foyer._internal.emit({
      type: 'SWITCH_NETWORK_ERROR',
      data: { caipNetworkId: 'eip155:31337', message: 'Network switch rejected' },
    })
    close(foyer)
    await vi.waitFor(async () => expect(await storedEvents(since)).toHaveLength(4), {
      timeout: 10_000,
      interval: 200,
    })
    const stored = (await storedEvents(since)).reverse()
    expect(stored.map((event) => [event.type, event.event])).toEqual([
      ['track', 'MODAL_OPEN'],
      ['track', 'SWITCH_NETWORK'],
      ['error', 'SWITCH_NETWORK_ERROR'],
      ['track', 'MODAL_CLOSE'],
    ])
    expect(stored[0]!.props).not.toHaveProperty('address')
    expect(stored[1]!.props).toMatchObject({
      address,
      properties: { network: 'eip155:31338', previousNetwork: 'eip155:31337' },
    })
    expect(new Set(stored.map((event) => event.eventId)).size).toBe(4)
    foyer.destroy()
  })

  test('the server stores a beacon batch (JSON sent as text/plain)', async () => {
    const since = new Date(Date.now() - 1_000)
    // What the browser's sendBeacon does with a string: a text/plain POST, answer unread.
    const sent: Promise<Response>[] = []
    vi.stubGlobal('navigator', {
      sendBeacon: (url: string, body: string) => {
        sent.push(
          fetchFromPage(url, {
            method: 'POST',
            body,
            headers: { 'content-type': 'text/plain;charset=UTF-8' },
          }),
        )
        return true
      },
    })
    const foyer = createTestFoyer({ serverUrl, projectId: 'foyer-dev' })
    const queued = getApiClient(foyer).sendBeacon('postEvents', {
      body: [
        {
          eventId: 'beacon-1',
          url: 'http://127.0.0.1:5173/',
          domain: '127.0.0.1',
          timestamp: Date.now(),
          props: { type: 'track', event: 'MODAL_CLOSE', properties: { connected: false } },
        },
      ],
    })
    expect(queued).toBe(true)
    const response = await sent[0]!
    expect(await response.json()).toEqual({ stored: 1, dropped: 0 })
    const stored = await storedEvents(since)
    expect(stored.find((event) => event.eventId === 'beacon-1')).toMatchObject({
      type: 'track',
      event: 'MODAL_CLOSE',
      props: { properties: { connected: false } },
    })
  })

  test('a refused app (HTTP 403) shows Invalid App Configuration once and stops sending', async () => {
    const posts: string[] = []
    const realFetch = globalThis.fetch
    vi.stubGlobal('fetch', (input: string | URL | Request, init?: RequestInit) => {
      posts.push(String(input))
      return realFetch(input, init)
    })
    const foyer = createTestFoyer({ serverUrl, projectId: 'not-a-project' })
    openDialog(foyer)
    await vi.waitFor(() => expect(foyer.getState().alerts).toHaveLength(1), {
      timeout: 10_000,
      interval: 100,
    })
    expect(foyer.getState().alerts[0]!.shortMessage).toBe('Invalid App Configuration')
    close(foyer)
    openDialog(foyer)
    close(foyer)
    await new Promise((resolve) => setTimeout(resolve, 2_000))
    expect(posts.filter((url) => new URL(url).pathname === '/e')).toHaveLength(1)
    expect(foyer.getState().alerts).toHaveLength(1)
    foyer.destroy()
  })
})
