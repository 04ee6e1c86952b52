import type { AnalyticsEvent } from '@foyer/protocol'
import type { Foyer } from '../createFoyer.ts'
import { SOCIAL_PROVIDERS } from '../types/config.ts'
import type { ConnectorType } from '../types/connector.ts'
import type { FoyerEventWithTimestamp } from '../types/events.ts'
import type { FoyerState } from '../types/state.ts'

/** One analytics record before it gets its id, page and time (`props` of `POST /e`). */
export type AnalyticsRecord = {
  /** `error` records are error reports (capped at 5 per minute, SPEC §8); the rest are tracked. */
  type: 'track' | 'error'
  /** AppKit-style event name: MODAL_OPEN, CONNECT_SUCCESS, SEND_ERROR, … */
  event: string
  properties: Record<string, string | number | boolean>
}

/** How the visitor connected, in AppKit's terms. */
export type ConnectMethod = 'browser' | 'qrcode' | 'email' | 'social' | 'external'

const methodByConnectorType: Record<ConnectorType, ConnectMethod> = {
  announced: 'browser',
  injected: 'browser',
  walletConnect: 'qrcode',
  auth: 'email',
  external: 'external',
  custom: 'external',
}

const socialProviders = new Set<string>([...SOCIAL_PROVIDERS, 'farcaster'])
const emailPattern = /[^\s@<>()[\]"',;:]+@[^\s@<>()[\]"',;:]+\.[a-z]{2,}/gi
const maxMessageLength = 200

/** An error message fit for analytics: no email address, bounded length. */
export function sanitizeMessage(message: string): string {
  return message.replace(emailPattern, '[email]').slice(0, maxMessageLength)
}

function connectMethod(
  foyer: Foyer,
  state: FoyerState,
  connectorId: string,
): { method: ConnectMethod; provider?: string } {
  const connector = foyer.getConnector(connectorId)
  const method = connector ? methodByConnectorType[connector.type] : 'external'
  if (method !== 'email') return { method }
  // The embedded wallet's connection names its auth method: email, or a social provider.
  const authName = Object.values(state.connections)
    .flat()
    .find((connection) => connection?.connectorId === connectorId)?.authName
  return authName && socialProviders.has(authName)
    ? { method: 'social', provider: authName }
    : { method }
}

/**
 * The analytics records an integrator event stands for (SPEC §7 `POST /e`), named after Reown
 * AppKit's events. Failures (`*_ERROR`) are error reports. Nothing here carries an email address
 * or a secret; the account address is added by the caller, and only while connected.
 * `ACCOUNTS_CHANGED` is not reported (the wallet's own doing, and it repeats).
 */
export function toAnalyticsEvents(
  foyer: Foyer,
  event: FoyerEventWithTimestamp,
  state: FoyerState = foyer.getState(),
): AnalyticsRecord[] {
  switch (event.type) {
    case 'MODAL_OPEN':
      return [
        {
          type: 'track',
          event: 'MODAL_OPEN',
          properties: { view: event.data.view, connected: event.data.connected },
        },
      ]
    case 'MODAL_CLOSE':
      return [
        { type: 'track', event: 'MODAL_CLOSE', properties: { connected: event.data.connected } },
      ]
    case 'SELECT_WALLET':
      return [
        {
          type: 'track',
          event: 'SELECT_WALLET',
          properties: {
            name: event.data.name,
            connectorId: event.data.connectorId,
            method: connectMethod(foyer, state, event.data.connectorId).method,
          },
        },
      ]
    case 'CONNECT_SUCCESS': {
      const { method, provider } = connectMethod(foyer, state, event.data.connectorId)
      const records: AnalyticsRecord[] = [
        {
          type: 'track',
          event: 'CONNECT_SUCCESS',
          properties: {
            method,
            name: event.data.name,
            connectorId: event.data.connectorId,
            namespace: event.data.namespace,
            caipNetworkId: event.data.caipNetworkId,
            reconnect: event.data.reconnected,
          },
        },
      ]
      if (!event.data.reconnected && method === 'email')
        records.push({ type: 'track', event: 'EMAIL_LOGIN_SUCCESS', properties: {} })
      if (!event.data.reconnected && method === 'social' && provider)
        records.push({ type: 'track', event: 'SOCIAL_LOGIN_SUCCESS', properties: { provider } })
      return records
    }
    case 'CONNECT_ERROR': {
      const connector = foyer.getConnector(event.data.connectorId)
      return [
        {
          type: 'error',
          event: 'CONNECT_ERROR',
          properties: {
            method: connectMethod(foyer, state, event.data.connectorId).method,
            ...(connector ? { name: connector.name } : {}),
            connectorId: event.data.connectorId,
            message: sanitizeMessage(event.data.message),
          },
        },
      ]
    }
    case 'DISCONNECT_SUCCESS':
      return [
        {
          type: 'track',
          event: 'DISCONNECT_SUCCESS',
          properties: { namespace: event.data.namespace, connectorId: event.data.connectorId },
        },
      ]
    case 'DISCONNECT_ERROR':
      return [
        {
          type: 'error',
          event: 'DISCONNECT_ERROR',
          properties: { message: sanitizeMessage(event.data.message) },
        },
      ]
    case 'SWITCH_NETWORK':
      return [
        {
          type: 'track',
          event: 'SWITCH_NETWORK',
          properties: {
            network: event.data.caipNetworkId,
            previousNetwork: event.data.previousCaipNetworkId,
          },
        },
      ]
    case 'SWITCH_NETWORK_ERROR':
      return [
        {
          type: 'error',
          event: 'SWITCH_NETWORK_ERROR',
          properties: {
            network: event.data.caipNetworkId,
            message: sanitizeMessage(event.data.message),
          },
        },
      ]
    case 'SWITCH_ACCOUNT':
      return [
        { type: 'track', event: 'SWITCH_ACCOUNT', properties: { namespace: event.data.namespace } },
      ]
    case 'UNSUPPORTED_NETWORK':
      return [
        {
          type: 'track',
          event: 'UNSUPPORTED_NETWORK',
          properties: { network: event.data.caipNetworkId },
        },
      ]
    default:
      return []
  }
}

/** The page an event happened on, without query or fragment (they may carry codes or tokens). */
export function currentPage(): Pick<AnalyticsEvent, 'url' | 'domain'> {
  if (typeof location === 'undefined') return { url: '', domain: '' }
  return { url: `${location.origin}${location.pathname}`, domain: location.hostname }
}

/** A unique event id (`crypto.randomUUID` where the context has it). */
export function newEventId(): string {
  if (typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function')
    return crypto.randomUUID()
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 12)}`
}
