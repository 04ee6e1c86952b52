import { createHash } from 'node:crypto'
import { createServer, type IncomingMessage } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { Duplex } from 'node:stream'
import { type RawData, type WebSocket, WebSocketServer } from 'ws'
import { createMailbox, type MailboxMessage } from './createMailbox.ts'
import {
  InvalidRelayParamsError,
  MailboxFullError,
  RelayListenError,
  RemoteHostRefusedError,
} from './errors.ts'
import { readRawJsonRpcId } from './readRawJsonRpcId.ts'
import { normalizeAudience, verifyRelayAuthToken } from './verifyRelayAuthToken.ts'

export type DevRelayLogger = {
  debug(message: string): void
  info(message: string): void
  warn(message: string): void
}

export type CreateDevRelayParameters = {
  /** Interface to listen on. Default `127.0.0.1`; a non-loopback one needs `allowRemote`. */
  host?: string | undefined
  /** Listen on a non-loopback `host` (the relay's limits are for development only). */
  allowRemote?: boolean | undefined
  /** Largest WebSocket frame accepted; a bigger one closes the socket (1009). Default 1 MiB. */
  maxPayloadBytes?: number | undefined
  /** Unexpired messages kept per topic; further publishes get an error. Default 500. */
  maxMessagesPerTopic?: number | undefined
  /** Unexpired messages kept per publishing client. Default 1000. */
  maxMessagesPerClient?: number | undefined
  /** Bytes of every kept message together. Default 64 MiB. */
  maxStoredBytes?: number | undefined
  /** Port to listen on; 0 picks a free one. Default 4402. */
  port?: number | undefined
  /** WebSocket ping period. WalletConnect clients reconnect after 35 s of silence. Default 20 000. */
  pingIntervalMs?: number | undefined
  /** Cap of a message's time to live in the mailbox. Default 7 days. */
  maxTtlSeconds?: number | undefined
  /** Extra `aud` values to accept besides `ws(s)://<Host header>` (e.g. behind a proxy). */
  audiences?: readonly string[] | undefined
  /** Clock in milliseconds; tests pass their own to expire messages. Default `Date.now`. */
  now?: (() => number) | undefined
  logger?: DevRelayLogger | undefined
}

export type UnknownMethodCall = {
  method: string
  clientId: string
}

export type DevRelayStats = {
  /** Open sockets. */
  connections: number
  /** Upgrade requests refused for a missing, bad or expired auth token. */
  rejectedConnections: number
  /** Messages currently kept in the mailbox. */
  storedMessages: number
  /** UTF-8 bytes of the messages kept in the mailbox. */
  storedBytes: number
  /** Messages accepted from publishers (duplicates not counted). */
  published: number
  /** `irn_subscription` deliveries sent, redeliveries included. */
  delivered: number
  /** Deliveries acknowledged by their recipient. */
  acknowledged: number
}

export type CreateDevRelayReturnType = {
  /** `ws://host:port` to give clients as `relayUrl`. */
  url: string
  port: number
  /** Methods clients called that this relay does not implement; tests assert it stays empty. */
  unknownMethods: readonly UnknownMethodCall[]
  readonly stats: DevRelayStats
  /** Cuts every client's socket, as a network drop would; mailbox and subscriptions stay. */
  dropConnections(): void
  /**
   * Stops listening and cuts every socket, as a relay outage would: clients cannot reconnect
   * until `resume`. The mailbox stays, as the production relay's stored messages do.
   */
  suspend(): Promise<void>
  /** Listens again on the same host and port after `suspend`. */
  resume(): Promise<void>
  /** Closes every socket and stops listening. */
  close(): Promise<void>
}

export type CreateDevRelayErrorType = RelayListenError | RemoteHostRefusedError

const defaultPort = 4402
const defaultPingIntervalMs = 20_000
const sevenDaysInSeconds = 7 * 24 * 60 * 60
const defaultPublishTtlSeconds = 300
const defaultMaxPayloadBytes = 1024 * 1024

/** Listen addresses reachable from this machine only. */
export function isLoopbackHost(host: string): boolean {
  const name = host.replace(/^\[(.*)\]$/, '$1').toLowerCase()
  return name === 'localhost' || name === '::1' || /^127(\.\d{1,3}){3}$/.test(name)
}

/** Tags of the messages `wc_proposeSession` / `wc_approveSession` publish (SDK 2.25.0). */
const sessionProposeRequestTag = 1100
const sessionProposeResponseTag = 1101
const sessionSettleRequestTag = 1102

const jsonRpcErrors = {
  parse: { code: -32700, message: 'Parse error' },
  invalidRequest: { code: -32600, message: 'Invalid Request' },
  methodNotFound: { code: -32601, message: 'Method not found' },
  invalidParams: { code: -32602, message: 'Invalid params' },
  internal: { code: -32603, message: 'Internal error' },
} as const
/** A publish the mailbox cannot keep (server-defined JSON-RPC error range). */
const mailboxFullCode = -32000

type JsonRpcError = { code: number; message: string }

type Connection = {
  socket: WebSocket
  clientId: string
  /**
   * Topics subscribed on this socket. Subscriptions do not outlive a socket: the SDK only listens
   * once it has resubscribed, so anything sent before would be lost (and stay unacknowledged).
   */
  topics: Set<string>
  /** Whether a pong arrived since the last ping. */
  alive: boolean
  /** Deliveries sent on this socket and not yet acknowledged, by relay request id. */
  inFlightById: Map<number, string>
  inFlightKeys: Set<string>
}

/**
 * Starts a WalletConnect v2 relay for development and tests: authenticated clients, a mailbox
 * per topic kept until each message's TTL, delivery with acknowledgement and redelivery, and the
 * `wc_proposeSession` / `wc_approveSession` shortcuts the SDK uses.
 */
export async function createDevRelay(
  parameters: CreateDevRelayParameters = {},
): Promise<CreateDevRelayReturnType> {
  const {
    host = '127.0.0.1',
    allowRemote = false,
    maxPayloadBytes = defaultMaxPayloadBytes,
    port: requestedPort = defaultPort,
    pingIntervalMs = defaultPingIntervalMs,
    maxTtlSeconds = sevenDaysInSeconds,
    audiences = [],
    now = Date.now,
    logger = silentLogger,
  } = parameters

  if (!allowRemote && !isLoopbackHost(host)) throw new RemoteHostRefusedError(host)
  const mailbox = createMailbox({
    maxTtlSeconds,
    now,
    maxMessagesPerTopic: parameters.maxMessagesPerTopic,
    maxMessagesPerPublisher: parameters.maxMessagesPerClient,
    maxStoredBytes: parameters.maxStoredBytes,
  })
  const connections = new Set<Connection>()
  const unknownMethods: UnknownMethodCall[] = []
  const counters = { rejectedConnections: 0, published: 0, delivered: 0, acknowledged: 0 }
  // Our own request ids: unique, increasing, and exact as JavaScript numbers (below 2^53).
  let lastRelayRequestId = Date.now() * 1000

  const httpServer = createServer((request, response) => {
    if (request.url === '/health') {
      response.writeHead(200, { 'content-type': 'text/plain' }).end('ok')
      return
    }
    response.writeHead(426, { 'content-type': 'text/plain' }).end('WebSocket upgrade required')
  })
  // ws accepts 100 MiB frames by default; a relayed WalletConnect message is a few KiB.
  const webSocketServer = new WebSocketServer({ noServer: true, maxPayload: maxPayloadBytes })

  httpServer.on('upgrade', (request: IncomingMessage, stream: Duplex, head: Buffer) => {
    const clientId = authenticate(request)
    if (!clientId) {
      counters.rejectedConnections++
      stream.end('HTTP/1.1 401 Unauthorized\r\nConnection: close\r\nContent-Length: 0\r\n\r\n')
      return
    }
    webSocketServer.handleUpgrade(request, stream, head, (socket) => onConnection(socket, clientId))
  })

  function authenticate(request: IncomingMessage): string | undefined {
    const requestUrl = new URL(request.url ?? '/', 'ws://relay.invalid')
    const token = requestUrl.searchParams.get('auth')
    if (!token) {
      logger.warn('Refused a connection without an auth token')
      return undefined
    }
    const hostHeader = request.headers.host ?? ''
    const ownAudiences = [`ws://${hostHeader}`, `wss://${hostHeader}`, url, ...audiences]
    try {
      return verifyRelayAuthToken({
        token,
        audiences: ownAudiences.map(normalizeAudience),
        now: now(),
      }).clientId
    } catch (error) {
      logger.warn(`Refused a connection: ${(error as Error).message.split('\n')[0]}`)
      return undefined
    }
  }

  function onConnection(socket: WebSocket, clientId: string) {
    const connection: Connection = {
      socket,
      clientId,
      topics: new Set(),
      alive: true,
      inFlightById: new Map(),
      inFlightKeys: new Set(),
    }
    connections.add(connection)
    logger.debug(`Client connected: ${clientId}`)

    socket.on('pong', () => {
      connection.alive = true
    })
    socket.on('message', (data: RawData) => onFrame(connection, rawDataToString(data)))
    socket.on('close', () => {
      connections.delete(connection)
      logger.debug(`Client disconnected: ${clientId}`)
    })
    socket.on('error', (error) => logger.warn(`Socket error (${clientId}): ${error.message}`))
  }

  function onFrame(connection: Connection, text: string) {
    let payload: unknown
    try {
      payload = JSON.parse(text)
    } catch {
      sendError(connection, 'null', jsonRpcErrors.parse)
      return
    }
    if (typeof payload !== 'object' || payload === null || Array.isArray(payload)) {
      sendError(connection, 'null', jsonRpcErrors.invalidRequest)
      return
    }
    const rawId = readRawJsonRpcId(text) ?? 'null'
    const message = payload as Record<string, unknown>

    if (typeof message.method !== 'string') {
      if ('result' in message || 'error' in message) onResponse(connection, message)
      else sendError(connection, rawId, jsonRpcErrors.invalidRequest)
      return
    }

    // Own keys only: a method named "toString" must not reach Object.prototype.
    const handler = Object.hasOwn(methods, message.method) ? methods[message.method] : undefined
    if (!handler) {
      unknownMethods.push({ method: message.method, clientId: connection.clientId })
      logger.warn(`Unknown method ${message.method} from ${connection.clientId}`)
      sendError(connection, rawId, jsonRpcErrors.methodNotFound)
      return
    }
    let outcome: MethodOutcome
    try {
      const params = message.params
      if (typeof params !== 'object' || params === null) throw new InvalidRelayParamsError()
      outcome = handler(connection, params as Record<string, unknown>)
    } catch (error) {
      if (error instanceof InvalidRelayParamsError) {
        sendError(connection, rawId, jsonRpcErrors.invalidParams)
        return
      }
      if (error instanceof MailboxFullError) {
        logger.warn(`Refused a publish from ${connection.clientId}: ${error.shortMessage}`)
        sendError(connection, rawId, { code: mailboxFullCode, message: error.shortMessage })
        return
      }
      logger.warn(`Failed to handle ${message.method}: ${(error as Error).message}`)
      sendError(connection, rawId, jsonRpcErrors.internal)
      return
    }
    sendText(
      connection,
      `{"id":${rawId},"jsonrpc":"2.0","result":${JSON.stringify(outcome.result)}}`,
    )
    // Deliveries a request causes go out after its response, in order on the socket.
    outcome.afterResponse?.()
  }

  /** A client's answer to one of our `irn_subscription` requests. */
  function onResponse(connection: Connection, response: Record<string, unknown>) {
    const id = Number(response.id)
    const key = connection.inFlightById.get(id)
    if (key === undefined) return
    connection.inFlightById.delete(id)
    connection.inFlightKeys.delete(key)
    // An error answer leaves the message unacknowledged, so the next connection gets it again.
    if (response.result === true) {
      mailbox.acknowledge(connection.clientId, key)
      counters.acknowledged++
    }
  }

  type MethodOutcome = { result: unknown; afterResponse?: () => void }
  type Method = (connection: Connection, params: Record<string, unknown>) => MethodOutcome

  const methods: Record<string, Method | undefined> = {
    irn_subscribe(connection, params) {
      const topic = readTopic(params.topic)
      return {
        result: subscribe(connection, topic),
        afterResponse: () => deliverStored(connection, topic),
      }
    },
    irn_batchSubscribe(connection, params) {
      const topics = readArray(params.topics).map(readTopic)
      return {
        result: topics.map((topic) => subscribe(connection, topic)),
        afterResponse: () => {
          for (const topic of topics) deliverStored(connection, topic)
        },
      }
    },
    irn_unsubscribe(connection, params) {
      connection.topics.delete(readTopic(params.topic))
      return { result: true }
    },
    irn_batchUnsubscribe(connection, params) {
      const topics = readArray(params.subscriptions).map((subscription) =>
        readTopic(readObject(subscription).topic),
      )
      for (const topic of topics) connection.topics.delete(topic)
      return { result: true }
    },
    irn_publish(connection, params) {
      const stored = store(connection.clientId, readPublication(params))
      return { result: true, afterResponse: () => fanOut(connection.clientId, stored) }
    },
    irn_batchPublish(connection, params) {
      const publications = readArray(params.messages).map((entry) =>
        readPublication(readObject(entry)),
      )
      const stored = publications.map((publication) => store(connection.clientId, publication))
      return {
        result: true,
        afterResponse: () => {
          for (const message of stored) fanOut(connection.clientId, message)
        },
      }
    },
    irn_fetchMessages(connection, params) {
      return { result: fetchMessages(connection.clientId, [readTopic(params.topic)]) }
    },
    irn_batchFetchMessages(connection, params) {
      return { result: fetchMessages(connection.clientId, readArray(params.topics).map(readTopic)) }
    },
    wc_proposeSession(connection, params) {
      const pairingTopic = readTopic(params.pairingTopic)
      const proposal = readPublication({
        topic: pairingTopic,
        message: params.sessionProposal,
        ttl: params.ttl,
        tag: sessionProposeRequestTag,
      })
      subscribe(connection, pairingTopic)
      const stored = store(connection.clientId, proposal)
      return {
        result: true,
        afterResponse: () => {
          fanOut(connection.clientId, stored)
          deliverStored(connection, pairingTopic)
        },
      }
    },
    wc_approveSession(connection, params) {
      const sessionTopic = readTopic(params.sessionTopic)
      const response = readPublication({
        topic: readTopic(params.pairingTopic),
        message: params.sessionProposalResponse,
        ttl: params.ttl,
        tag: sessionProposeResponseTag,
      })
      const settlement = readPublication({
        topic: sessionTopic,
        message: params.sessionSettlementRequest,
        ttl: params.ttl,
        tag: sessionSettleRequestTag,
      })
      // Without this implicit subscription the wallet never hears the dapp's settle answer.
      subscribe(connection, sessionTopic)
      const stored = [store(connection.clientId, response), store(connection.clientId, settlement)]
      return {
        result: true,
        afterResponse: () => {
          for (const message of stored) fanOut(connection.clientId, message)
          deliverStored(connection, sessionTopic)
        },
      }
    },
  }

  function subscribe(connection: Connection, topic: string): string {
    connection.topics.add(topic)
    return getSubscriptionId(topic, connection.clientId)
  }

  /** Keeps a publication (throws `MailboxFullError` at a cap); undefined for a duplicate. */
  function store(publisherId: string, publication: Publication): MailboxMessage | undefined {
    const stored = mailbox.publish({ ...publication, publisherId })
    if (stored) counters.published++
    return stored
  }

  /** Delivers a kept message to the topic's other subscribers. */
  function fanOut(publisherId: string, stored: MailboxMessage | undefined) {
    if (!stored) return
    for (const connection of connections) {
      if (connection.clientId !== publisherId && connection.topics.has(stored.topic)) {
        deliver(connection, stored)
      }
    }
  }

  function fetchMessages(clientId: string, topics: string[]) {
    const messages = topics.flatMap((topic) => mailbox.unacknowledgedFor(clientId, topic))
    // The response itself hands the messages over, so they count as acknowledged.
    for (const message of messages) mailbox.acknowledge(clientId, message.key)
    return { messages: messages.map(toMessageEvent), hasMore: false }
  }

  function deliverStored(connection: Connection, topic: string) {
    for (const message of mailbox.unacknowledgedFor(connection.clientId, topic)) {
      deliver(connection, message)
    }
  }

  function deliver(connection: Connection, message: MailboxMessage) {
    if (connection.inFlightKeys.has(message.key)) return
    const id = ++lastRelayRequestId
    connection.inFlightById.set(id, message.key)
    connection.inFlightKeys.add(message.key)
    counters.delivered++
    sendText(
      connection,
      JSON.stringify({
        id,
        jsonrpc: '2.0',
        method: 'irn_subscription',
        params: {
          id: getSubscriptionId(message.topic, connection.clientId),
          data: toMessageEvent(message),
        },
      }),
    )
  }

  function sendError(connection: Connection, rawId: string, error: JsonRpcError) {
    sendText(connection, `{"id":${rawId},"jsonrpc":"2.0","error":${JSON.stringify(error)}}`)
  }

  function sendText(connection: Connection, text: string) {
    if (connection.socket.readyState === connection.socket.OPEN) connection.socket.send(text)
  }

  const heartbeat = setInterval(() => {
    mailbox.removeExpired()
    for (const connection of connections) {
      // No pong since the last ping: the peer is gone without a close frame.
      if (!connection.alive) {
        connection.socket.terminate()
        continue
      }
      connection.alive = false
      connection.socket.ping()
    }
  }, pingIntervalMs)
  heartbeat.unref()

  const listen = (listenPort: number) =>
    new Promise<void>((resolve, reject) => {
      const onError = (error: Error) =>
        reject(new RelayListenError(`${host}:${listenPort}`, { cause: error }))
      httpServer.once('error', onError)
      httpServer.listen(listenPort, host, () => {
        httpServer.off('error', onError)
        resolve()
      })
    })
  /** Cuts every socket and stops listening; resolves once the port is free. */
  const stopListening = () =>
    new Promise<void>((resolve, reject) => {
      for (const socket of webSocketServer.clients) socket.terminate()
      if (!httpServer.listening) return resolve()
      httpServer.close((error) => (error ? reject(error) : resolve()))
      httpServer.closeAllConnections()
    })
  try {
    await listen(requestedPort)
  } catch (error) {
    clearInterval(heartbeat)
    throw error
  }
  const { port } = httpServer.address() as AddressInfo
  const url = `ws://${host.includes(':') ? `[${host}]` : host}:${port}`
  logger.info(`Dev relay listening on ${url}`)

  let closing: Promise<void> | undefined
  return {
    url,
    port,
    unknownMethods,
    get stats() {
      return {
        connections: connections.size,
        storedMessages: mailbox.size,
        storedBytes: mailbox.bytes,
        ...counters,
      }
    },
    dropConnections() {
      for (const connection of connections) connection.socket.terminate()
    },
    suspend() {
      logger.info(`Dev relay suspended on ${url}`)
      return stopListening()
    },
    async resume() {
      if (closing || httpServer.listening) return
      await listen(port)
      logger.info(`Dev relay resumed on ${url}`)
    },
    close() {
      closing ??= (async () => {
        clearInterval(heartbeat)
        await stopListening()
        webSocketServer.close()
      })()
      return closing
    },
  }
}

/** The id the relay and the SDK both derive for a client's subscription to a topic. */
export function getSubscriptionId(topic: string, clientId: string): string {
  return createHash('sha256')
    .update(topic + clientId, 'utf8')
    .digest('hex')
}

type Publication = { topic: string; message: string; ttlSeconds: number; tag: number }

function readPublication(params: Record<string, unknown>): Publication {
  const { topic, message, ttl, tag } = params
  if (typeof message !== 'string' || message.length === 0) throw new InvalidRelayParamsError()
  if (ttl !== undefined && (typeof ttl !== 'number' || !(ttl > 0)))
    throw new InvalidRelayParamsError()
  if (tag !== undefined && typeof tag !== 'number') throw new InvalidRelayParamsError()
  return {
    topic: readTopic(topic),
    message,
    ttlSeconds: ttl ?? defaultPublishTtlSeconds,
    tag: tag ?? 0,
  }
}

function readTopic(value: unknown): string {
  if (typeof value !== 'string' || value.length === 0) throw new InvalidRelayParamsError()
  return value
}

function readArray(value: unknown): unknown[] {
  if (!Array.isArray(value)) throw new InvalidRelayParamsError()
  return value
}

function readObject(value: unknown): Record<string, unknown> {
  if (typeof value !== 'object' || value === null) throw new InvalidRelayParamsError()
  return value as Record<string, unknown>
}

function toMessageEvent({ topic, message, publishedAt, tag }: MailboxMessage) {
  return { topic, message, publishedAt, tag }
}

function rawDataToString(data: RawData): string {
  if (Array.isArray(data)) return Buffer.concat(data).toString('utf8')
  return Buffer.from(data as ArrayBuffer).toString('utf8')
}

const silentLogger: DevRelayLogger = { debug() {}, info() {}, warn() {} }
