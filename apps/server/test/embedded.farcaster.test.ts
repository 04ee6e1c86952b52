import { type Devnet, type StartDevnetReturnType, startDevnet } from '@foyer/devnet'
import { type CreateFarcasterRelayReturnType, createFarcasterRelay } from '@foyer/farcaster-relay'
import { type AuthApi, AuthApiError, createHttpAuthApi } from '@foyer/frame'
import { approveFarcasterSignIn } from '@foyer/test-wallets/farcaster'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { FoyerDatabase } from '../src/db/createDatabase.ts'
import { upsertProject } from '../src/projects/projects.ts'
import { createCookieJar } from './support/embeddedClient.ts'
import { type EmbeddedServer, startEmbeddedServer } from './support/startEmbeddedServer.ts'

const projectId = 'farcaster-app'
const appOrigin = 'http://app.test:3000'
const relayKey = 'farcaster-test-relay-key'

let devnet: StartDevnetReturnType
let relay: CreateFarcasterRelayReturnType
let embedded: EmbeddedServer
let database: FoyerDatabase
let frameUrl: string
let farcaster: NonNullable<Devnet['farcaster']>
let rpcUrl: string

beforeAll(async () => {
  devnet = await startDevnet({ chains: [{ chainId: 31337, port: 0 }] })
  rpcUrl = devnet.devnet.chains[0]!.rpcUrl
  farcaster = devnet.devnet.farcaster!
  relay = await createFarcasterRelay({
    port: 0,
    relayKey,
    signInUrlBase: 'http://127.0.0.1:4403/farcaster',
    rpcUrl,
  })
  embedded = await startEmbeddedServer({ farcaster: { relayUrl: relay.url, rpcUrl } })
  ;({ database, frameUrl } = embedded)
  await upsertProject({ db: database.db, id: projectId, name: 'App', allowedOrigins: [appOrigin] })
}, 120_000)

afterAll(async () => {
  await embedded?.stop()
  await relay?.close()
  await devnet?.stop()
})

function profile() {
  const jar = createCookieJar()
  return {
    deviceId: `device-${crypto.randomUUID()}`,
    api: createHttpAuthApi({ baseUrl: frameUrl, projectId, fetch: jar.fetch }) as AuthApi,
  }
}

const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => {
      throw new Error('expected a failure')
    },
    (error: unknown) => {
      if (!(error instanceof AuthApiError)) throw error
      return error
    },
  )

const account = (username: string) => farcaster.accounts.find((a) => a.username === username)!

describe('Sign In With Farcaster against the relay and the devnet ID registry', () => {
  it('logs in once the Farcaster client approves, as the same account every time', async () => {
    const visitor = profile()
    const started = await visitor.api.startFarcasterLogin({ deviceId: visitor.deviceId, appOrigin })
    // The request is for the frame's own origin: the message names it, not the app.
    const link = new URL(started.url)
    expect(link.searchParams.get('siweUri')).toBe(new URL(frameUrl).origin)
    expect(link.searchParams.get('domain')).toBe(new URL(frameUrl).host)
    const check = () =>
      visitor.api.checkFarcasterLogin({
        channelToken: started.channelToken,
        deviceId: visitor.deviceId,
      })
    expect(await check()).toEqual({ status: 'pending' })

    await approveFarcasterSignIn({
      url: started.url,
      relayUrl: relay.url,
      relayKey,
      account: account('alice'),
      rpcUrl,
    })
    const done = await check()
    expect(done.status).toBe('completed')
    expect(done.user).toMatchObject({ socialProvider: 'farcaster', userName: 'Alice Devnet' })
    expect(await visitor.api.getSession()).toEqual({ user: done.user })
    // The channel is used up.
    expect((await failure(check())).status).toBe(410)

    // Signed with alice's auth address on another device: the same account (fid 1).
    const other = profile()
    const again = await other.api.startFarcasterLogin({ deviceId: other.deviceId, appOrigin })
    await approveFarcasterSignIn({
      url: again.url,
      relayUrl: relay.url,
      relayKey,
      account: account('alice'),
      rpcUrl,
      useAuthAddress: true,
    })
    const second = await other.api.checkFarcasterLogin({
      channelToken: again.channelToken,
      deviceId: other.deviceId,
    })
    expect(second.user?.userId).toBe(done.user?.userId)
  })

  it('refuses a key that is neither the custody nor an auth address of the fid it claims', async () => {
    const visitor = profile()
    const started = await visitor.api.startFarcasterLogin({ deviceId: visitor.deviceId, appOrigin })
    // An impostor claims fid 1 (alice) with a key of their own.
    const impostorKey = generatePrivateKey()
    await approveFarcasterSignIn({
      url: started.url,
      relayUrl: relay.url,
      relayKey,
      account: {
        ...account('alice'),
        custodyPrivateKey: impostorKey,
        custodyAddress: privateKeyToAccount(impostorKey).address,
      },
      rpcUrl,
    }).catch(() => undefined)
    const refused = await failure(
      visitor.api.checkFarcasterLogin({
        channelToken: started.channelToken,
        deviceId: visitor.deviceId,
      }),
    )
    expect(refused.shortMessage).toBe('Failed to connect to farcaster')
    expect(await visitor.api.getSession()).toEqual({ user: null })
  })

  it("another device cannot complete the visitor's request", async () => {
    const visitor = profile()
    const started = await visitor.api.startFarcasterLogin({ deviceId: visitor.deviceId, appOrigin })
    await approveFarcasterSignIn({
      url: started.url,
      relayUrl: relay.url,
      relayKey,
      account: account('bob'),
      rpcUrl,
    })
    const attacker = profile()
    const refused = await failure(
      attacker.api.checkFarcasterLogin({
        channelToken: started.channelToken,
        deviceId: attacker.deviceId,
      }),
    )
    expect([refused.status, refused.shortMessage]).toEqual([410, 'Failed to connect to farcaster'])
    const mine = await visitor.api.checkFarcasterLogin({
      channelToken: started.channelToken,
      deviceId: visitor.deviceId,
    })
    expect(mine.user?.userName).toBe('Bob Devnet')
  })
})
