import { routes } from '@foyer/protocol'
import * as v from 'valibot'
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest'
import { close } from '../actions/close.ts'
import { connect } from '../actions/connect.ts'
import { showAlert } from '../actions/showAlert.ts'
import { createTestFoyer, openDialog } from '../test-utils.ts'
import type { FoyerConfig } from '../types/config.ts'
import type { Adapter, Connector } from '../types/connector.ts'

const address = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const serverUrl = 'http://analytics.test'

/** One browser-extension wallet that connects `address` on 31337. */
function walletAdapter(): Adapter {
  let connected = false
  const connector: Connector = {
    id: 'io.wallet',
    name: 'Test Wallet',
    type: 'announced',
    namespace: 'eip155',
    async connect() {
      connected = true
      return { accounts: [{ address, type: 'eoa' }], caipNetworkId: 'eip155:31337' }
    },
    async disconnect() {
      connected = false
    },
    getAccounts: async () => (connected ? [{ address, type: 'eoa' as const }] : []),
    getCaipNetworkId: async () => 'eip155:31337',
    async switchNetwork() {},
    async request() {},
    on() {},
    off() {},
  }
  return { namespace: 'eip155', setup: () => () => {}, getConnectors: () => [connector] }
}

type Posted = { url: URL; body: unknown; init: RequestInit }

/** Stubs the global `fetch` the instance's API client calls; answers `/e` with `status`. */
function stubFetch(status = 200) {
  const posted: Posted[] = []
  const fetchMock = vi.fn(async (input: string | URL | Request, init: RequestInit = {}) => {
    const url = new URL(String(input))
    const body = typeof init.body === 'string' ? JSON.parse(init.body) : undefined
    posted.push({ url, body, init })
    const events = Array.isArray(body) ? body.length : 1
    return status === 200
      ? Response.json({ stored: events, dropped: 0 })
      : Response.json(
          { statusCode: status, code: 'FORBIDDEN', error: 'Forbidden', message: 'refused' },
          { status },
        )
  })
  // The project's analytics switch, asked before the first post, is answered apart.
  vi.stubGlobal('fetch', async (input: string | URL | Request, init?: RequestInit) =>
    new URL(String(input)).pathname === '/getAnalyticsConfig'
      ? Response.json({ isAnalyticsEnabled: true })
      : fetchMock(input, init),
  )
  return { posted, fetchMock }
}

function analyticsFoyer(config: Partial<FoyerConfig> = {}) {
  return createTestFoyer({ serverUrl, projectId: 'foyer-dev', ...config })
}

/** Lets the lazily imported analytics module load and the flush delay pass. */
async function settle(ms = 2_000) {
  await vi.dynamicImportSettled()
  await vi.advanceTimersByTimeAsync(ms)
}

const eventNames = (post: Posted) =>
  (post.body as { props: { event: string } }[]).map((event) => event.props.event)

beforeEach(() => {
  vi.useFakeTimers()
})
afterEach(() => {
  vi.useRealTimers()
  vi.unstubAllGlobals()
})

describe('analytics of an instance', () => {
  test('sends nothing while features.analytics is off', async () => {
    const { fetchMock } = stubFetch()
    const foyer = analyticsFoyer({ features: { analytics: false } })
    openDialog(foyer)
    close(foyer)
    await settle(60_000)
    expect(fetchMock).not.toHaveBeenCalled()
  })

  test('sends nothing without a server', async () => {
    const { fetchMock } = stubFetch()
    const foyer = analyticsFoyer({ serverUrl: undefined })
    openDialog(foyer)
    await settle(60_000)
    expect(fetchMock).not.toHaveBeenCalled()
  })

  test('sends nothing at page load, not even for a restored connection', async () => {
    const { fetchMock } = stubFetch()
    const foyer = analyticsFoyer()
    // What `reconnect` does at load: the restored account, then its events.
    foyer.store.setState((state) => ({ account: { ...state.account, address } }))
    foyer._internal.emit({
      type: 'CONNECT_SUCCESS',
      data: {
        connectorId: 'io.wallet',
        name: 'Test Wallet',
        namespace: 'eip155',
        address,
        caipNetworkId: 'eip155:31337',
        reconnected: true,
      },
    })
    foyer._internal.emit({ type: 'ACCOUNTS_CHANGED', data: { address, namespace: 'eip155' } })
    await settle(60_000)
    expect(fetchMock).not.toHaveBeenCalled()

    // The first interaction starts analytics; the address rides along while connected.
    openDialog(foyer)
    await settle()
    expect(fetchMock).toHaveBeenCalledTimes(1)
    const [post] = stubbedPosts(fetchMock)
    expect(eventNames(post!)).toEqual(['MODAL_OPEN'])
    expect((post!.body as { props: { address?: string } }[])[0]!.props.address).toBe(address)
  })

  test('a dialog the page opened by itself sends nothing until the visitor acts', async () => {
    const { fetchMock } = stubFetch()
    const foyer = analyticsFoyer()
    openDialog(foyer, { view: 'UnsupportedChain' })
    await settle(60_000)
    expect(fetchMock).not.toHaveBeenCalled()
    close(foyer)
    await settle()
    expect(eventNames(stubbedPosts(fetchMock)[0]!)).toEqual(['MODAL_OPEN', 'MODAL_CLOSE'])
  })

  test('batches the events of a dialog session into one POST /e the server schema accepts', async () => {
    const { posted } = stubFetch()
    const foyer = analyticsFoyer({ adapters: [walletAdapter()] })
    openDialog(foyer)
    await connect(foyer, { connectorId: 'io.wallet' })
    expect(posted).toEqual([])
    await settle()
    expect(posted).toHaveLength(1)
    const [post] = posted
    expect(post!.url.pathname).toBe('/e')
    expect(post!.url.searchParams.get('projectId')).toBe('foyer-dev')
    expect(post!.init.method).toBe('POST')
    expect(eventNames(post!)).toEqual([
      'MODAL_OPEN',
      'SELECT_WALLET',
      'CONNECT_SUCCESS',
      'MODAL_CLOSE',
    ])
    const events = v.parse(routes.postEvents.body, post!.body)
    const ids = new Set(events.map((event) => event.eventId))
    expect(ids.size).toBe(4)
    // No address before the connection; the account's address after it.
    expect(events.map((event) => event.props.address)).toEqual([
      undefined,
      undefined,
      address,
      address,
    ])
    expect(events[2]!.props).toMatchObject({
      type: 'track',
      event: 'CONNECT_SUCCESS',
      properties: {
        method: 'browser',
        name: 'Test Wallet',
        caipNetworkId: 'eip155:31337',
        reconnect: false,
      },
    })
    expect(events.every((event) => event.timestamp > 0)).toBe(true)
  })

  test('a 403 shows Invalid App Configuration once and stops sending for the session', async () => {
    const { fetchMock } = stubFetch(403)
    const foyer = analyticsFoyer()
    openDialog(foyer)
    await settle()
    expect(fetchMock).toHaveBeenCalledTimes(1)
    expect(foyer.getState().alerts.map((alert) => alert.shortMessage)).toEqual([
      'Invalid App Configuration',
    ])
    for (let round = 0; round < 3; round++) {
      close(foyer)
      openDialog(foyer)
      await settle()
    }
    expect(fetchMock).toHaveBeenCalledTimes(1)
    expect(foyer.getState().alerts).toHaveLength(1)
  })

  test('error reports are capped at 5 per minute', async () => {
    const { posted } = stubFetch()
    const foyer = analyticsFoyer()
    openDialog(foyer)
    await settle()
    for (let index = 0; index < 8; index++)
      foyer._internal.emit({
        type: 'CONNECT_ERROR',
        data: { connectorId: 'io.wallet', message: 'Connection rejected' },
      })
    await settle()
    const errors = () =>
      posted
        .flatMap((post) => post.body as { props: { type: string } }[])
        .filter((event) => event.props.type === 'error')
    expect(errors()).toHaveLength(5)
    await vi.advanceTimersByTimeAsync(60_000)
    foyer._internal.emit({
      type: 'CONNECT_ERROR',
      data: { connectorId: 'io.wallet', message: 'Connection rejected' },
    })
    await settle()
    expect(errors()).toHaveLength(6)
  })

  test('no email address leaves in an event', async () => {
    const { posted } = stubFetch()
    const foyer = analyticsFoyer()
    openDialog(foyer)
    foyer._internal.emit({
      type: 'CONNECT_ERROR',
      data: { connectorId: 'embedded', message: 'No account for visitor@example.com' },
    })
    await settle()
    const text = JSON.stringify(posted.map((post) => post.body))
    expect(text).not.toContain('visitor@example.com')
    expect(text).toContain('No account for [email]')
  })

  test('reports the send form outcome and shown alerts', async () => {
    const { posted } = stubFetch()
    const foyer = analyticsFoyer()
    openDialog(foyer)
    await settle()
    const setSend = (patch: Partial<ReturnType<typeof foyer.getState>['send']>) =>
      foyer.store.setState((state) => ({ send: { ...state.send, ...patch } }))
    setSend({ sendTokenAmount: '1', receiverAddress: address, loading: true })
    foyer.store.setState({
      pendingTransactions: [
        {
          hash: '0x01',
          caipNetworkId: 'eip155:31337',
          from: address,
          to: address,
          amount: '1',
          symbol: 'ETH',
          sentAt: Date.now(),
        },
      ],
    })
    setSend({ sendTokenAmount: undefined, receiverAddress: undefined })
    setSend({ loading: false })
    setSend({ sendTokenAmount: '2', receiverAddress: address, loading: true })
    setSend({ loading: false })
    showAlert(foyer, { code: 'EMBEDDED_WALLET_LOAD_FAILED' })
    showAlert(foyer, { code: 'INVALID_PROJECT_ID' })
    await settle()
    const events = posted
      .slice(1)
      .flatMap(
        (post) => post.body as { props: { type: string; event: string; properties: unknown } }[],
      )
      .map((event) => [event.props.type, event.props.event, event.props.properties])
    expect(events).toEqual([
      ['track', 'SEND_INITIATED', { network: 'eip155:31337' }],
      ['track', 'SEND_SUCCESS', { network: 'eip155:31337' }],
      ['track', 'SEND_INITIATED', { network: 'eip155:31337' }],
      ['error', 'SEND_ERROR', { network: 'eip155:31337' }],
      [
        'error',
        'ALERT',
        {
          code: 'EMBEDDED_WALLET_LOAD_FAILED',
          message: 'Network Error - Could not load embedded wallet',
        },
      ],
    ])
  })

  test('destroy sends what waits', async () => {
    const { posted } = stubFetch()
    const foyer = analyticsFoyer()
    openDialog(foyer)
    await vi.dynamicImportSettled()
    foyer.destroy()
    await vi.advanceTimersByTimeAsync(0)
    expect(posted).toHaveLength(1)
  })
})

function stubbedPosts(fetchMock: ReturnType<typeof stubFetch>['fetchMock']): Posted[] {
  return fetchMock.mock.calls.map(([input, init = {}]) => ({
    url: new URL(String(input)),
    body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
    init,
  }))
}
