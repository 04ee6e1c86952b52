// Sign In With Farcaster end to end and offline: a real anvil from @foyer/devnet (with Farcaster's
// registries installed), the relay stand-in, and @farcaster/auth-client 0.7.1's app client used
// exactly as Foyer's server uses it (createChannel → status → verifySignInMessage).
import { type AppClient, createAppClient, viemConnector } from '@farcaster/auth-client'
import { type Devnet, type StartDevnetReturnType, startDevnet } from '@foyer/devnet'
import { type CreateFarcasterRelayReturnType, createFarcasterRelay } from '@foyer/farcaster-relay'
import { generatePrivateKey } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { approveFarcasterSignIn, readFarcasterSignInUrl } from './approveFarcasterSignIn.ts'
import {
  FarcasterRelayRequestError,
  InvalidFarcasterAccountError,
  InvalidSignInUrlError,
} from './errors.ts'

const relayKey = 'integration-relay-key'
const siweUri = 'http://localhost:5173/login'
const domain = 'localhost:5173'

let world: StartDevnetReturnType
let relay: CreateFarcasterRelayReturnType
let appClient: AppClient
let farcaster: NonNullable<Devnet['farcaster']>
let rpcUrl: string

beforeAll(async () => {
  world = await startDevnet({ chains: [{ chainId: 31337, port: 0 }] })
  rpcUrl = world.devnet.chains[0]!.rpcUrl
  farcaster = world.devnet.farcaster!
  relay = await createFarcasterRelay({
    port: 0,
    relayKey,
    signInUrlBase: 'http://127.0.0.1:4403/farcaster',
    rpcUrl,
  })
  appClient = createAppClient({ relay: relay.url, ethereum: viemConnector({ rpcUrl }) })
})

afterAll(async () => {
  await relay?.close()
  await world?.stop()
})

const alice = () => farcaster.accounts.find((account) => account.username === 'alice')!
const bob = () => farcaster.accounts.find((account) => account.username === 'bob')!

async function openChannel(extra: Parameters<AppClient['createChannel']>[0] | object = {}) {
  const created = await appClient.createChannel({ siweUri, domain, ...extra })
  if (created.isError) throw created.error
  expect(created.response.status).toBe(201)
  return created.data
}

async function completedStatus(channelToken: string) {
  const status = await appClient.status({ channelToken })
  if (status.isError) throw status.error
  expect(status.response.status).toBe(200)
  return status.data
}

describe('approveFarcasterSignIn', () => {
  it('signs in with the custody key: the server verifies fid 1 as custody', async () => {
    const { channelToken, url, nonce } = await openChannel()
    const pending = await appClient.status({ channelToken })
    expect(pending.response?.status).toBe(202)

    const approved = await approveFarcasterSignIn({
      url,
      relayUrl: relay.url,
      relayKey,
      account: alice(),
      rpcUrl,
    })
    expect(approved.fid).toBe(1)
    expect(approved.message).toContain(`${domain} wants you to sign in with your Ethereum account:`)
    expect(approved.message).toContain(alice().custodyAddress)
    expect(approved.message).toContain('Farcaster Auth')
    expect(approved.message).toContain('Chain ID: 10')
    expect(approved.message).toContain(`Nonce: ${nonce}`)
    expect(approved.message).toContain('- farcaster://fid/1')

    const status = await completedStatus(channelToken)
    expect(status).toMatchObject({
      state: 'completed',
      nonce,
      fid: 1,
      username: 'alice',
      displayName: 'Alice Devnet',
      pfpUrl: alice().pfpUrl,
      authMethod: 'custody',
      message: approved.message,
      signature: approved.signature,
      verifications: [],
    })
    expect(status.custody?.toLowerCase()).toBe(alice().custodyAddress.toLowerCase())

    const started = performance.now()
    const verified = await appClient.verifySignInMessage({
      nonce,
      domain,
      message: status.message!,
      signature: status.signature!,
      acceptAuthAddress: true,
    })
    const elapsedMs = performance.now() - started
    expect(verified.isError).toBe(false)
    expect(verified).toMatchObject({ success: true, fid: 1, authMethod: 'custody' })
    expect(verified.data?.address).toBe(alice().custodyAddress)
    expect(elapsedMs).toBeLessThan(5_000)
  })

  it("signs in with alice's auth address: verified as authAddress", async () => {
    const { channelToken, url, nonce } = await openChannel()
    const approved = await approveFarcasterSignIn({
      url,
      relayUrl: relay.url,
      relayKey,
      account: alice(),
      rpcUrl,
      useAuthAddress: true,
    })
    expect(approved.message).toContain(alice().authAddress!)
    const status = await completedStatus(channelToken)
    expect(status.authMethod).toBe('authAddress')
    const verified = await appClient.verifySignInMessage({
      nonce,
      domain,
      message: status.message!,
      signature: status.signature!,
      acceptAuthAddress: true,
    })
    expect(verified).toMatchObject({ isError: false, fid: 1, authMethod: 'authAddress' })
  })

  it('signs in as bob (fid 2) and carries notBefore, expirationTime and requestId', async () => {
    const notBefore = new Date(Date.now() - 60_000).toISOString()
    const expirationTime = new Date(Date.now() + 600_000).toISOString()
    const { channelToken, url, nonce } = await openChannel({
      notBefore,
      expirationTime,
      requestId: 'foyer-request-7',
    })
    expect(readFarcasterSignInUrl(url)).toMatchObject({ notBefore, expirationTime })
    const approved = await approveFarcasterSignIn({
      url,
      relayUrl: relay.url,
      relayKey,
      account: bob(),
      rpcUrl,
    })
    expect(approved.message).toContain(`Not Before: ${notBefore}`)
    expect(approved.message).toContain(`Expiration Time: ${expirationTime}`)
    expect(approved.message).toContain('Request ID: foyer-request-7')
    const status = await completedStatus(channelToken)
    const verified = await appClient.verifySignInMessage({
      nonce,
      domain,
      message: status.message!,
      signature: status.signature!,
      acceptAuthAddress: true,
    })
    expect(verified).toMatchObject({ isError: false, fid: 2, authMethod: 'custody' })
  })

  it('an impostor key claiming fid 1 reaches the app but fails verification', async () => {
    const { channelToken, url, nonce } = await openChannel()
    await approveFarcasterSignIn({
      url,
      relayUrl: relay.url,
      relayKey,
      account: { ...alice(), custodyPrivateKey: generatePrivateKey() },
      rpcUrl,
    })
    const status = await completedStatus(channelToken)
    expect(status.fid).toBe(1)
    const verified = await appClient.verifySignInMessage({
      nonce,
      domain,
      message: status.message!,
      signature: status.signature!,
      acceptAuthAddress: true,
    })
    expect(verified.isError).toBe(true)
    expect(verified.error?.errCode).toBe('unauthorized')
    expect(verified.error?.message).toMatch(
      /^Invalid resource: signer 0x[0-9a-fA-F]{40} is not an auth address or owner of fid 1\.$/,
    )
  })

  it('fails verification with another nonce or domain than the channel', async () => {
    const { channelToken, url, nonce } = await openChannel()
    await approveFarcasterSignIn({ url, relayUrl: relay.url, relayKey, account: alice(), rpcUrl })
    const { message, signature } = await completedStatus(channelToken)
    const wrongNonce = await appClient.verifySignInMessage({
      nonce: 'someOtherNonce123',
      domain,
      message: message!,
      signature: signature!,
      acceptAuthAddress: true,
    })
    expect(wrongNonce.isError).toBe(true)
    expect(wrongNonce.error?.message).toBe('Invalid nonce')
    const wrongDomain = await appClient.verifySignInMessage({
      nonce,
      domain: 'evil.example',
      message: message!,
      signature: signature!,
      acceptAuthAddress: true,
    })
    expect(wrongDomain.error?.message).toBe('Invalid domain')
  })

  it('fails verification when the message was tampered with after signing', async () => {
    const { channelToken, url, nonce } = await openChannel()
    await approveFarcasterSignIn({ url, relayUrl: relay.url, relayKey, account: bob(), rpcUrl })
    const { message, signature } = await completedStatus(channelToken)
    const verified = await appClient.verifySignInMessage({
      nonce,
      domain,
      message: message!.replace('farcaster://fid/2', 'farcaster://fid/1'),
      signature: signature!,
      acceptAuthAddress: true,
    })
    expect(verified.isError).toBe(true)
  })

  it('explains a refused relay key, a finished channel and an account without auth address', async () => {
    const { url } = await openChannel()
    const attempt = approveFarcasterSignIn({
      url,
      relayUrl: relay.url,
      relayKey: 'wrong-key',
      account: alice(),
      rpcUrl,
    })
    await expect(attempt).rejects.toBeInstanceOf(FarcasterRelayRequestError)
    await expect(attempt).rejects.toMatchObject({ status: 401 })

    await expect(
      approveFarcasterSignIn({
        url,
        relayUrl: relay.url,
        relayKey,
        account: bob(),
        rpcUrl,
        useAuthAddress: true,
      }),
    ).rejects.toBeInstanceOf(InvalidFarcasterAccountError)

    await approveFarcasterSignIn({ url, relayUrl: relay.url, relayKey, account: alice(), rpcUrl })
    await expect(
      approveFarcasterSignIn({ url, relayUrl: relay.url, relayKey, account: alice(), rpcUrl }),
    ).rejects.toMatchObject({ status: 409 })

    await expect(
      approveFarcasterSignIn({
        url: 'http://127.0.0.1:4403/farcaster?nonce=abcdefgh12',
        relayUrl: relay.url,
        relayKey,
        account: alice(),
        rpcUrl,
      }),
    ).rejects.toBeInstanceOf(InvalidSignInUrlError)
    expect(() => readFarcasterSignInUrl('http://x/farcaster?channelToken=AB')).toThrow(
      'it has no nonce, siweUri, domain',
    )
  })

  it('is unreachable-safe: a relay that is down is reported as such', async () => {
    const { url } = await openChannel()
    const attempt = approveFarcasterSignIn({
      url,
      relayUrl: 'http://127.0.0.1:9',
      relayKey,
      account: alice(),
      rpcUrl,
    })
    await expect(attempt).rejects.toThrow('The Farcaster relay could not be reached')
  })
})
