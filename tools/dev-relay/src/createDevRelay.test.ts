import { randomBytes } from 'node:crypto'
import { encodeIss, generateKeyPair, type Keypair, signJWT } from '@walletconnect/relay-auth'
import { hashMessage } from '@walletconnect/utils'
import { afterEach, describe, expect, it } from 'vitest'
import WebSocket from 'ws'
import { type CreateDevRelayReturnType, createDevRelay, isLoopbackHost } from './createDevRelay.ts'
import { RemoteHostRefusedError } from './errors.ts'

type MessageEvent = { topic: string; message: string; publishedAt: number; tag: number }
/** A frame from the relay: a response, or an `irn_subscription` delivery. */
type Frame = {
  id: number | string
  method?: string
  result?: unknown
  error?: { code: number; message: string }
  params: { id: string; data: MessageEvent }
}
type Received = { text: string; json: Frame }

type TestClient = Awaited<ReturnType<typeof connectClient>>

const relays: CreateDevRelayReturnType[] = []
const sockets: WebSocket[] = []

afterEach(async () => {
  for (const socket of sockets.splice(0)) socket.terminate()
  await Promise.all(relays.splice(0).map((relay) => relay.close()))
})

async function startRelay(parameters: Parameters<typeof createDevRelay>[0] = {}) {
  const relay = await createDevRelay({ port: 0, ...parameters })
  relays.push(relay)
  return relay
}

async function authToken(relayUrl: string, keyPair: Keypair, ttlSeconds = 3600) {
  return signJWT('test', relayUrl, ttlSeconds, keyPair, Math.floor(Date.now() / 1000))
}

/** A bare WebSocket client speaking the relay's JSON-RPC, as the WalletConnect SDK does. */
async function connectClient(relay: CreateDevRelayReturnType, keyPair = generateKeyPair()) {
  const socket = new WebSocket(`${relay.url}?auth=${await authToken(relay.url, keyPair)}`)
  sockets.push(socket)
  const inbox: Received[] = []
  const waiters: Array<() => void> = []
  socket.on('message', (data) => {
    const text = data.toString()
    inbox.push({ text, json: JSON.parse(text) })
    for (const wake of waiters.splice(0)) wake()
  })
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve())
    socket.once('error', reject)
  })
  let nextId = 1

  /** Waits for the first received frame matching `predicate` and takes it out of the inbox. */
  async function take(predicate: (message: Received) => boolean): Promise<Received> {
    while (true) {
      const index = inbox.findIndex(predicate)
      if (index >= 0) return inbox.splice(index, 1)[0]!
      await new Promise<void>((resolve) => waiters.push(resolve))
    }
  }

  return {
    clientId: encodeIss(keyPair.publicKey),
    keyPair,
    socket,
    sendRaw(text: string) {
      socket.send(text)
    },
    /** Sends a request and resolves with the response (raw text and parsed). */
    async call(method: string, params: unknown): Promise<Received> {
      const id = nextId++
      socket.send(JSON.stringify({ id, jsonrpc: '2.0', method, params }))
      return take((message) => message.json.id === id && !('method' in message.json))
    },
    nextDelivery(): Promise<Received> {
      return take((message) => message.json.method === 'irn_subscription')
    },
    /** Deliveries received so far and not yet taken. */
    pendingDeliveries(): Received[] {
      return inbox.filter((message) => message.json.method === 'irn_subscription')
    },
    ack(delivery: Received) {
      socket.send(JSON.stringify({ id: delivery.json.id, jsonrpc: '2.0', result: true }))
    },
    take,
    async close() {
      const closed = new Promise((resolve) => socket.once('close', resolve))
      socket.close()
      await closed
    },
  }
}

/**
 * The relay answers a client's frames in order and sends every delivery a request causes right
 * after its response, so once a later request is answered, no delivery is still on its way.
 */
async function settle(...clients: TestClient[]) {
  for (const client of clients) await client.call('irn_fetchMessages', { topic: randomTopic() })
}

const randomTopic = () => randomBytes(32).toString('hex')

async function expectRejected(url: string) {
  const socket = new WebSocket(url)
  sockets.push(socket)
  const statusCode = await new Promise<number | undefined>((resolve) => {
    socket.once('unexpected-response', (_request, response) => resolve(response.statusCode))
    socket.once('open', () => resolve(undefined))
    socket.once('error', () => {})
  })
  expect(statusCode).toBe(401)
}

describe('createDevRelay', () => {
  describe('auth', () => {
    it('accepts a client with a valid token and counts its connection', async () => {
      const relay = await startRelay()
      await connectClient(relay)
      expect(relay.stats.connections).toBe(1)
    })

    it('refuses the upgrade with 401 without a token, with a bad one or an expired one', async () => {
      const relay = await startRelay()
      const keyPair = generateKeyPair()
      const expired = await signJWT(
        't',
        relay.url,
        60,
        keyPair,
        Math.floor(Date.now() / 1000) - 120,
      )
      const otherRelay = await authToken('wss://relay.walletconnect.org', keyPair)
      const valid = await authToken(relay.url, keyPair)
      const tampered = `${valid.slice(0, -4)}${valid.endsWith('AAAA') ? 'BBBB' : 'AAAA'}`
      await expectRejected(relay.url)
      await expectRejected(`${relay.url}?auth=${expired}`)
      await expectRejected(`${relay.url}?auth=${otherRelay}`)
      await expectRejected(`${relay.url}?auth=${tampered}`)
      await expectRejected(`${relay.url}?auth=garbage`)
      expect(relay.stats.rejectedConnections).toBe(5)
      expect(relay.stats.connections).toBe(0)
    })
  })

  describe('publish and deliver', () => {
    it('delivers a published message to a subscriber, which acknowledges it', async () => {
      const relay = await startRelay()
      const [alice, bob] = [await connectClient(relay), await connectClient(relay)]
      const topic = randomTopic()
      const subscribed = await bob.call('irn_subscribe', { topic })
      // The subscription id is the one the SDK derives for itself.
      expect(subscribed.json.result).toBe(hashMessage(topic + bob.clientId))

      const published = await alice.call('irn_publish', { topic, message: 'hi', ttl: 300, tag: 42 })
      expect(published.json.result).toBe(true)

      const delivery = await bob.nextDelivery()
      expect(delivery.json.params).toEqual({
        id: hashMessage(topic + bob.clientId),
        data: { topic, message: 'hi', publishedAt: expect.any(Number), tag: 42 },
      })
      expect(Number.isSafeInteger(delivery.json.id)).toBe(true)
      bob.ack(delivery)
      await settle(bob)
      expect(relay.stats).toMatchObject({ published: 1, delivered: 1, acknowledged: 1 })
    })

    it('never echoes a message to its publisher', async () => {
      const relay = await startRelay()
      const alice = await connectClient(relay)
      const topic = randomTopic()
      await alice.call('irn_subscribe', { topic })
      await alice.call('irn_publish', { topic, message: 'mine', ttl: 300, tag: 0 })
      await settle(alice)
      expect(alice.pendingDeliveries()).toEqual([])
    })

    it('replays stored messages when a client subscribes after they were published', async () => {
      const relay = await startRelay()
      const [alice, bob] = [await connectClient(relay), await connectClient(relay)]
      const topic = randomTopic()
      await alice.call('irn_publish', { topic, message: 'first', ttl: 300, tag: 1 })
      await alice.call('irn_publish', { topic, message: 'second', ttl: 300, tag: 1 })
      await bob.call('irn_subscribe', { topic })
      const first = await bob.nextDelivery()
      const second = await bob.nextDelivery()
      expect([first.json.params.data.message, second.json.params.data.message]).toEqual([
        'first',
        'second',
      ])
    })

    it('sends nothing on a new socket before it subscribes, when the SDK is not listening yet', async () => {
      const relay = await startRelay()
      const [alice, bob] = [await connectClient(relay), await connectClient(relay)]
      const topic = randomTopic()
      await bob.call('irn_subscribe', { topic })
      await bob.close()
      const bobAgain = await connectClient(relay, bob.keyPair)
      await alice.call('irn_publish', { topic, message: 'later', ttl: 300, tag: 0 })
      await settle(alice, bobAgain)
      expect(bobAgain.pendingDeliveries()).toEqual([])
      await bobAgain.call('irn_subscribe', { topic })
      expect((await bobAgain.nextDelivery()).json.params.data.message).toBe('later')
    })

    it('redelivers unacknowledged messages on the next connection, and acknowledged ones never', async () => {
      const relay = await startRelay()
      const alice = await connectClient(relay)
      const bob = await connectClient(relay)
      const topic = randomTopic()
      await bob.call('irn_subscribe', { topic })
      await alice.call('irn_publish', { topic, message: 'acked', ttl: 300, tag: 0 })
      bob.ack(await bob.nextDelivery())
      await alice.call('irn_publish', { topic, message: 'dropped', ttl: 300, tag: 0 })
      await bob.nextDelivery()
      await settle(bob)
      await bob.close()

      // The SDK subscribes again to every topic after each reconnect.
      const bobAgain = await connectClient(relay, bob.keyPair)
      await bobAgain.call('irn_batchSubscribe', { topics: [topic] })
      const redelivered = await bobAgain.nextDelivery()
      expect(redelivered.json.params.data.message).toBe('dropped')
      // Subscribing once more on the same socket does not send it twice.
      await bobAgain.call('irn_subscribe', { topic })
      await settle(bobAgain)
      expect(bobAgain.pendingDeliveries()).toEqual([])
    })

    it('keeps a message for a subscriber that is offline until it connects', async () => {
      const relay = await startRelay()
      const alice = await connectClient(relay)
      const bob = await connectClient(relay)
      const topic = randomTopic()
      await bob.call('irn_subscribe', { topic })
      await bob.close()
      await alice.call('irn_publish', { topic, message: 'while away', ttl: 300, tag: 0 })
      const bobAgain = await connectClient(relay, bob.keyPair)
      await bobAgain.call('irn_subscribe', { topic })
      expect((await bobAgain.nextDelivery()).json.params.data.message).toBe('while away')
    })

    it('stops delivering a topic after unsubscribe', async () => {
      const relay = await startRelay()
      const [alice, bob] = [await connectClient(relay), await connectClient(relay)]
      const topic = randomTopic()
      await bob.call('irn_subscribe', { topic })
      const unsubscribed = await bob.call('irn_unsubscribe', {
        topic,
        id: hashMessage(topic + bob.clientId),
      })
      expect(unsubscribed.json.result).toBe(true)
      await alice.call('irn_publish', { topic, message: 'unheard', ttl: 300, tag: 0 })
      await settle(alice, bob)
      expect(bob.pendingDeliveries()).toEqual([])
    })
  })

  describe('TTL', () => {
    it('drops a message once its TTL has passed', async () => {
      let time = Date.now()
      const relay = await startRelay({ now: () => time })
      const [alice, bob] = [await connectClient(relay), await connectClient(relay)]
      const topic = randomTopic()
      await alice.call('irn_publish', { topic, message: 'short', ttl: 60, tag: 0 })
      await alice.call('irn_publish', { topic, message: 'long', ttl: 600, tag: 0 })
      time += 61_000
      await bob.call('irn_subscribe', { topic })
      expect((await bob.nextDelivery()).json.params.data.message).toBe('long')
      await settle(bob)
      expect(bob.pendingDeliveries()).toEqual([])
    })

    it('caps the TTL a publisher asks for', async () => {
      let time = Date.now()
      const relay = await startRelay({ now: () => time, maxTtlSeconds: 3600 })
      const [alice, bob] = [await connectClient(relay), await connectClient(relay)]
      const topic = randomTopic()
      await alice.call('irn_publish', { topic, message: 'forever?', ttl: 30 * 86_400, tag: 0 })
      time += 3601_000
      await bob.call('irn_subscribe', { topic })
      await settle(bob)
      expect(bob.pendingDeliveries()).toEqual([])
    })
  })

  describe('batch and fetch methods', () => {
    it('subscribes, publishes and unsubscribes in batches', async () => {
      const relay = await startRelay()
      const [alice, bob] = [await connectClient(relay), await connectClient(relay)]
      const topics = [randomTopic(), randomTopic()]
      const subscribed = await bob.call('irn_batchSubscribe', { topics })
      expect(subscribed.json.result).toEqual(topics.map((t) => hashMessage(t + bob.clientId)))

      const messages = topics.map((topic, index) => ({ topic, message: `m${index}`, ttl: 300 }))
      expect((await alice.call('irn_batchPublish', { messages })).json.result).toBe(true)
      const received = [await bob.nextDelivery(), await bob.nextDelivery()]
      expect(received.map((delivery) => delivery.json.params.data.message).sort()).toEqual([
        'm0',
        'm1',
      ])

      const subscriptions = topics.map((topic) => ({
        topic,
        id: hashMessage(topic + bob.clientId),
      }))
      expect((await bob.call('irn_batchUnsubscribe', { subscriptions })).json.result).toBe(true)
      await alice.call('irn_batchPublish', {
        messages: [{ topic: topics[0], message: 'later', ttl: 300 }],
      })
      await settle(alice, bob)
      expect(bob.pendingDeliveries()).toEqual([])
    })

    it('hands out stored messages through fetchMessages, once', async () => {
      const relay = await startRelay()
      const [alice, bob] = [await connectClient(relay), await connectClient(relay)]
      const [first, second] = [randomTopic(), randomTopic()]
      await alice.call('irn_publish', { topic: first, message: 'a', ttl: 300, tag: 7 })
      await alice.call('irn_publish', { topic: second, message: 'b', ttl: 300, tag: 8 })

      const fetched = await bob.call('irn_fetchMessages', { topic: first })
      expect(fetched.json.result).toEqual({
        messages: [{ topic: first, message: 'a', publishedAt: expect.any(Number), tag: 7 }],
        hasMore: false,
      })
      const batch = await bob.call('irn_batchFetchMessages', { topics: [first, second] })
      const { messages } = batch.json.result as { messages: MessageEvent[] }
      expect(messages.map((m) => m.message)).toEqual(['b'])
    })
  })

  describe('WalletConnect session methods', () => {
    it('relays a proposal and an approval with implicit subscriptions and their tags', async () => {
      const relay = await startRelay()
      const [dapp, wallet] = [await connectClient(relay), await connectClient(relay)]
      const [pairingTopic, sessionTopic] = [randomTopic(), randomTopic()]
      await wallet.call('irn_subscribe', { topic: pairingTopic })

      const proposed = await dapp.call('wc_proposeSession', {
        pairingTopic,
        sessionProposal: 'proposal',
        ttl: 300,
      })
      expect(proposed.json.result).toBe(true)
      const proposal = await wallet.nextDelivery()
      expect(proposal.json.params.data).toMatchObject({ topic: pairingTopic, tag: 1100 })

      await wallet.call('wc_approveSession', {
        sessionTopic,
        pairingTopic,
        sessionProposalResponse: 'response',
        sessionSettlementRequest: 'settle',
        ttl: 300,
      })
      // The dapp never subscribed to the pairing topic itself: proposing did.
      const response = await dapp.nextDelivery()
      expect(response.json.params.data).toMatchObject({
        topic: pairingTopic,
        message: 'response',
        tag: 1101,
      })
      await dapp.call('irn_subscribe', { topic: sessionTopic })
      const settlement = await dapp.nextDelivery()
      expect(settlement.json.params.data).toMatchObject({
        topic: sessionTopic,
        message: 'settle',
        tag: 1102,
      })
      // The wallet is on the session topic without having asked: approving did.
      await dapp.call('irn_publish', {
        topic: sessionTopic,
        message: 'settled',
        ttl: 300,
        tag: 1103,
      })
      expect((await wallet.nextDelivery()).json.params.data.message).toBe('settled')
    })
  })

  describe('JSON-RPC', () => {
    it('answers an unknown method with -32601 and records it', async () => {
      const relay = await startRelay()
      const client = await connectClient(relay)
      const response = await client.call('irn_notAMethod', {})
      expect(response.json.error).toEqual({ code: -32601, message: 'Method not found' })
      const inherited = await client.call('toString', {})
      expect(inherited.json.error?.code).toBe(-32601)
      expect(relay.unknownMethods).toEqual([
        { method: 'irn_notAMethod', clientId: client.clientId },
        { method: 'toString', clientId: client.clientId },
      ])
    })

    it('answers malformed params with -32602', async () => {
      const relay = await startRelay()
      const client = await connectClient(relay)
      const response = await client.call('irn_publish', { topic: 'x', message: 42 })
      expect(response.json.error?.code).toBe(-32602)
    })

    it('echoes request ids exactly, even beyond 2^53 and as strings', async () => {
      const relay = await startRelay()
      const client = await connectClient(relay)
      const topic = randomTopic()
      const bigId = '1754983001234567891'
      client.sendRaw(
        `{"id":${bigId},"jsonrpc":"2.0","method":"irn_publish","params":{"topic":"${topic}","message":"m","ttl":300,"tag":0}}`,
      )
      const big = await client.take((message) => message.text.includes(bigId))
      expect(big.text).toBe(`{"id":${bigId},"jsonrpc":"2.0","result":true}`)

      client.sendRaw(`{"id":"abc","jsonrpc":"2.0","method":"irn_nope","params":{}}`)
      const named = await client.take((message) => message.json.id === 'abc')
      expect(named.json.error?.code).toBe(-32601)
    })
  })

  it('goes down on suspend and comes back on its port with the messages it kept', async () => {
    const relay = await startRelay()
    const alice = await connectClient(relay)
    const bob = await connectClient(relay)
    const topic = randomTopic()
    await bob.call('irn_subscribe', { topic })
    await alice.call('irn_publish', { topic, message: 'before the outage', ttl: 300, tag: 0 })
    await bob.nextDelivery() // delivered, not acknowledged

    const closed = new Promise((resolve) => bob.socket.once('close', resolve))
    await relay.suspend()
    await closed
    expect(relay.stats.connections).toBe(0)
    // Down: nothing listens on the port.
    const refused = new WebSocket(relay.url)
    sockets.push(refused)
    expect(
      await new Promise<string>((resolve) =>
        refused.once('error', (error) => resolve((error as NodeJS.ErrnoException).code ?? '')),
      ),
    ).toBe('ECONNREFUSED')

    await relay.resume()
    const bobAgain = await connectClient(relay, bob.keyPair)
    await bobAgain.call('irn_subscribe', { topic })
    const delivery = await bobAgain.nextDelivery()
    expect(delivery.json.params.data.message).toBe('before the outage')
    expect(relay.stats.storedMessages).toBe(1)
  })

  it('pings connected clients', async () => {
    const relay = await startRelay({ pingIntervalMs: 20 })
    const client = await connectClient(relay)
    await new Promise((resolve) => client.socket.once('ping', resolve))
  })

  // Issue 26 item 11: 40 messages of 8 MiB, kept up to 7 days, grew the relay by 797 MiB.
  describe('limits', () => {
    it('closes a socket that sends a frame over 1 MiB, and keeps nothing of it', async () => {
      const relay = await startRelay()
      const alice = await connectClient(relay)
      const topic = randomTopic()
      const fits = await alice.call('irn_publish', {
        topic,
        message: 'a'.repeat(512 * 1024),
        ttl: 300,
        tag: 0,
      })
      expect(fits.json.result).toBe(true)
      const closed = new Promise<number>((resolve) => alice.socket.once('close', resolve))
      alice.sendRaw(
        JSON.stringify({
          id: 99,
          jsonrpc: '2.0',
          method: 'irn_publish',
          params: { topic, message: 'b'.repeat(8 * 1024 * 1024), ttl: 604_800, tag: 0 },
        }),
      )
      expect(await closed).toBe(1009)
      expect(relay.stats.storedMessages).toBe(1)
      expect(relay.stats.storedBytes).toBe(512 * 1024)
    })

    it('answers an error to a publish beyond 500 messages on a topic', async () => {
      const relay = await startRelay()
      const [alice, bob] = [await connectClient(relay), await connectClient(relay)]
      const topic = randomTopic()
      const messages = Array.from({ length: 500 }, (_, i) => ({
        topic,
        message: `m${i}`,
        ttl: 300,
        tag: 0,
      }))
      expect((await alice.call('irn_batchPublish', { messages })).json.result).toBe(true)
      const refused = await alice.call('irn_publish', { topic, message: 'one more', ttl: 300 })
      expect(refused.json.error).toEqual({
        code: -32000,
        message: 'Mailbox full: 500 messages on this topic.',
      })
      expect(
        (await bob.call('irn_publish', { topic, message: 'bob', ttl: 300 })).json.error,
      ).toMatchObject({ code: -32000 })
      expect(relay.stats.storedMessages).toBe(500)
      // Other topics still work.
      const other = await alice.call('irn_publish', { topic: randomTopic(), message: 'x' })
      expect(other.json.result).toBe(true)
    })

    it('refuses a non-loopback host unless allowed', async () => {
      expect(isLoopbackHost('127.0.0.1')).toBe(true)
      expect(isLoopbackHost('::1')).toBe(true)
      expect(isLoopbackHost('[::1]')).toBe(true)
      expect(isLoopbackHost('localhost')).toBe(true)
      expect(isLoopbackHost('0.0.0.0')).toBe(false)
      expect(isLoopbackHost('192.168.1.20')).toBe(false)
      await expect(createDevRelay({ host: '0.0.0.0', port: 0 })).rejects.toThrow(
        RemoteHostRefusedError,
      )
      const relay = await startRelay({ host: '0.0.0.0', allowRemote: true })
      expect(relay.url).toMatch(/^ws:\/\/0\.0\.0\.0:\d+$/)
    })
  })
})
