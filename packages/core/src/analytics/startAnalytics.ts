import type { AnalyticsEvent } from '@foyer/protocol'
import type { AlertCode } from '../alerts.ts'
import { ApiRequestError } from '../api/errors.ts'
import { getApiClient } from '../api/getApiClient.ts'
import type { Foyer } from '../createFoyer.ts'
import type { FoyerEventWithTimestamp } from '../types/events.ts'
import type { FoyerState } from '../types/state.ts'
import {
  type AnalyticsTransport,
  type CreateEventQueueParameters,
  createEventQueue,
  type EventQueue,
} from './createEventQueue.ts'
import {
  type AnalyticsRecord,
  currentPage,
  newEventId,
  sanitizeMessage,
  toAnalyticsEvents,
} from './toAnalyticsEvents.ts'

export type Analytics = {
  /**
   * Reports an integrator event (the instance forwards each one it emits), with the state it was
   * emitted in: events reach this module a tick later, when the account may have changed.
   */
  track(event: FoyerEventWithTimestamp, state?: FoyerState): void
  /** Sends what is queued and stops listening (`foyer.destroy()`). */
  stop(): Promise<void>
  /** For tests. */
  readonly queue: EventQueue
}

export type StartAnalyticsOptions = Omit<CreateEventQueueParameters, 'transport'> & {
  transport?: AnalyticsTransport | undefined
}

/**
 * Alerts not reported as errors: they mean the server refuses this app or its project id, so a
 * report could not be stored anyway (and a 403 must not loop).
 */
const unreportedAlerts = new Set<string>([
  ...([
    'INVALID_APP_CONFIGURATION',
    'INVALID_PROJECT_ID',
    'PROJECT_ID_NOT_CONFIGURED',
    'ORIGIN_NOT_ALLOWED',
    'RATE_LIMITED',
  ] satisfies AlertCode[]),
])

/**
 * Events before the visitor's first interaction: the wallet's own doings and a dialog the page
 * opened by itself (a wallet on an unsupported network at load). They wait; nothing is sent
 * until an interaction follows.
 */
function isPassive(event: FoyerEventWithTimestamp): boolean {
  switch (event.type) {
    case 'ACCOUNTS_CHANGED':
    case 'UNSUPPORTED_NETWORK':
      return true
    case 'CONNECT_SUCCESS':
      return event.data.reconnected
    case 'MODAL_OPEN':
      return event.data.view === 'UnsupportedChain'
    default:
      return false
  }
}

/**
 * Posts through the instance's API client: its 403 shows 'Invalid App Configuration' once. The
 * project's `/getAnalyticsConfig` is asked first: when the operator switched analytics off,
 * nothing is ever sent (events are dropped, not kept).
 */
function apiTransport(foyer: Foyer): AnalyticsTransport {
  const client = getApiClient(foyer)
  let projectEnabled: boolean | undefined
  const enabled = client
    .request('getAnalyticsConfig')
    .then(({ isAnalyticsEnabled }) => isAnalyticsEnabled)
    // Unknown (the server did not answer): send, as before this check; a 403 is handled below.
    .catch(() => true)
    .then((value) => {
      projectEnabled = value
      return value
    })
  return {
    async post(events, { keepalive }) {
      if (!(await enabled)) return 'ok'
      try {
        await client.request('postEvents', { body: events, keepalive })
        return 'ok'
      } catch (error) {
        return error instanceof ApiRequestError && error.status === 403 ? 'forbidden' : 'failed'
      }
    },
    // A page hiding cannot wait for the answer: only a project known to want events gets them.
    beacon: (events) =>
      projectEnabled === true
        ? client.sendBeacon('postEvents', { body: events })
        : projectEnabled === false,
  }
}

/**
 * Starts the client analytics of one instance (SPEC §7 `POST /e`) and returns it; later calls
 * return the same one. The dialog calls it when it first renders (its code loads lazily, so the
 * connect button's first load carries none of this); headless apps call it themselves. Returns
 * `undefined` when `features.analytics` is off or no server is configured. Events the instance
 * emitted since the first dialog open or wallet pick are replayed, so nothing of the session
 * before the dialog code arrived is lost. Integrator
 * events become AppKit-style records; the send form's outcome (SEND_INITIATED/SUCCESS/ERROR) and
 * shown alerts (ALERT error reports) are read from the store. Records carry the page (without
 * query or fragment), the time and, while connected, the account address; never an email address.
 * Events are batched (see `createEventQueue`) and flushed by beacon when the page hides.
 */
export function startAnalytics(
  foyer: Foyer,
  options: StartAnalyticsOptions = {},
): Analytics | undefined {
  const internal = foyer._internal
  if (internal.analytics) return internal.analytics
  const { features, serverUrl } = foyer.config
  if (!features.analytics || (!serverUrl && !options.transport)) return undefined
  const analytics = createAnalytics(foyer, options)
  internal.analytics = analytics
  const waiting = internal.untrackedEvents.splice(0)
  for (const [event, state] of waiting) analytics.track(event, state)
  return analytics
}

function createAnalytics(foyer: Foyer, options: StartAnalyticsOptions): Analytics {
  const queue = createEventQueue({
    ...options,
    transport: options.transport ?? apiTransport(foyer),
  })

  const enqueue = (record: AnalyticsRecord, timestamp: number, address: string | undefined) => {
    const event: AnalyticsEvent = {
      eventId: newEventId(),
      ...currentPage(),
      timestamp,
      props: {
        type: record.type,
        event: record.event,
        ...(address ? { address } : {}),
        properties: record.properties,
      },
    }
    queue.add(event)
  }

  // Without a project id the server can store nothing (and the API client would alert).
  const enabled = options.transport !== undefined || foyer.config.projectId !== undefined
  const track = (event: FoyerEventWithTimestamp, state = foyer.getState()) => {
    if (!enabled) return
    // The address only while connected (CONNECT_SUCCESS names the one just connected).
    const address = event.type === 'CONNECT_SUCCESS' ? event.data.address : state.account.address
    for (const record of toAnalyticsEvents(foyer, event, state))
      enqueue(record, event.timestamp, address)
    if (!isPassive(event)) queue.release()
  }

  // The send form's outcome: `sendTransfer` holds `send.loading` while it works, records the
  // transaction and clears amount and receiver only when it succeeded.
  let sending: { head: unknown; network: string; token: string | undefined } | undefined
  const watchStore = (state: FoyerState, previous: FoyerState) => {
    if (state.send.loading && !previous.send.loading) {
      sending = {
        head: state.pendingTransactions[0],
        network: state.activeNetwork.caipNetworkId,
        token: state.send.token?.symbol,
      }
      enqueue(sendRecord('track', 'SEND_INITIATED', sending), Date.now(), state.account.address)
    } else if (!state.send.loading && previous.send.loading && sending) {
      const succeeded =
        state.pendingTransactions[0] !== sending.head && state.send.sendTokenAmount === undefined
      enqueue(
        succeeded
          ? sendRecord('track', 'SEND_SUCCESS', sending)
          : sendRecord('error', 'SEND_ERROR', sending),
        Date.now(),
        state.account.address,
      )
      sending = undefined
    }
    for (const alert of state.alerts) {
      if (previous.alerts.includes(alert) || unreportedAlerts.has(alert.code)) continue
      enqueue(
        {
          type: 'error',
          event: 'ALERT',
          properties: { code: alert.code, message: sanitizeMessage(alert.shortMessage) },
        },
        Date.now(),
        state.account.address,
      )
    }
  }
  const unsubscribe = enabled ? foyer.subscribe(watchStore) : () => {}

  // Page hide is the last moment a batch can leave; beacons survive the unload.
  const onVisibilityChange = () => {
    if (document.visibilityState === 'hidden') void queue.flush({ beacon: true })
  }
  const onPageHide = () => void queue.flush({ beacon: true })
  const hasDocument = enabled && typeof document !== 'undefined' && typeof window !== 'undefined'
  if (hasDocument) {
    document.addEventListener('visibilitychange', onVisibilityChange)
    window.addEventListener('pagehide', onPageHide)
  }

  return {
    track,
    async stop() {
      unsubscribe()
      if (hasDocument) {
        document.removeEventListener('visibilitychange', onVisibilityChange)
        window.removeEventListener('pagehide', onPageHide)
      }
      await queue.stop()
    },
    queue,
  }
}

function sendRecord(
  type: AnalyticsRecord['type'],
  event: string,
  sending: { network: string; token: string | undefined },
): AnalyticsRecord {
  return {
    type,
    event,
    properties: { network: sending.network, ...(sending.token ? { token: sending.token } : {}) },
  }
}
