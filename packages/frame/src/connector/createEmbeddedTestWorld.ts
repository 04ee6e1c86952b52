// Test helper (not exported from the package): the app page, the frame page and the auth server
// model, wired by the postMessage model of `test-utils/fakeBrowser.ts`.
import {
  type Adapter,
  type CaipNetwork,
  createFoyer,
  createMemoryStorage,
  createStorage,
  type Foyer,
  type FoyerConfig,
} from '@foyer/core'
import { anvil } from '@foyer/core/networks'
import { createMemoryDeviceShareStore, type DeviceShareStore } from '../custody/deviceShareStore.ts'
import type { AuthApi } from '../frame/authApi.ts'
import { createFrameHost } from '../frame/createFrameHost.ts'
import type { PasskeyEnvironment } from '../frame/passkeyFactor.ts'
import { createMemoryAuthServer } from '../test-utils/createMemoryAuthServer.ts'
import { createScriptedPrompts } from '../test-utils/createScriptedPrompts.ts'
import { createFakeBrowser, type FakeWindow } from '../test-utils/fakeBrowser.ts'
import { type EmbeddedWalletAdapter, embeddedWalletAdapter } from './embeddedWalletAdapter.ts'

export const TEST_APP_ORIGIN = 'http://app.localhost:3000'
export const TEST_FRAME_ORIGIN = 'http://127.0.0.1:4401'

/** One browser profile: its cookie jar on the frame origin, its device share store, its storage. */
export type TestProfile = {
  authApi: AuthApi
  deviceShareStore: DeviceShareStore
  storage: ReturnType<typeof createMemoryStorage>
}

export type TestPage = {
  foyer: Foyer
  adapter: EmbeddedWalletAdapter
  appWindow: FakeWindow
  /** Stops the frame page answering, as a frame whose server went away mid-session. */
  killFrame: () => void
}

export function createEmbeddedTestWorld() {
  const server = createMemoryAuthServer()
  /** The visitor's answers in every frame of this world (approve by default). */
  const prompts = createScriptedPrompts()

  const createProfile = (): TestProfile => ({
    authApi: server.connect(),
    deviceShareStore: createMemoryDeviceShareStore(),
    storage: createMemoryStorage(),
  })

  /** Loads the app page in `profile` (a reload when the profile was used before). */
  const openPage = (
    profile: TestProfile,
    options: {
      frameUrl?: string
      timeouts?: { load?: number; request?: number }
      /** The app's networks (default: anvil only); Solana ones make the adapter serve solana too. */
      networks?: readonly [CaipNetwork, ...CaipNetwork[]]
      /** Adapters besides the embedded one (e.g. `solanaAdapter()` for SOL balances). */
      adapters?: readonly Adapter[]
      /** The frame's passkeys (a fake authenticator); the adapter then offers passkey login. */
      passkeys?: PasskeyEnvironment
      /** The app's metadata, theme mode and features (`createFoyer` options). */
      app?: Pick<FoyerConfig, 'metadata' | 'themeMode' | 'features'>
    } = {},
  ): TestPage => {
    const browser = createFakeBrowser()
    const hosts: { destroy: () => void }[] = []
    browser.servePage(TEST_FRAME_ORIGIN, (frameWindow) => {
      hosts.push(
        createFrameHost({
          window: frameWindow as never,
          parentOrigin: TEST_APP_ORIGIN,
          allowedOrigins: ['http://*.localhost:3000'],
          authApi: profile.authApi,
          deviceShareStore: profile.deviceShareStore,
          createPrompts: prompts.createPrompts,
          deviceRequestPollMs: 0,
          // Signing needs no chain; a closed port makes any read fail loudly.
          rpcUrls: { 31337: 'http://127.0.0.1:9' },
          projectId: 'demo',
          devicePollIntervalMs: 5,
          passkeys: options.passkeys,
        }),
      )
    })
    const appWindow = browser.openWindow(TEST_APP_ORIGIN)
    const adapter = embeddedWalletAdapter({
      frameUrl: options.frameUrl ?? `${TEST_FRAME_ORIGIN}/embedded/frame`,
      projectId: 'demo',
      window: appWindow as never,
      timeouts: { afterReady: 0, load: 5_000, request: 20_000, ...options.timeouts },
      passkeys: options.passkeys !== undefined,
    })
    const foyer = createFoyer({
      networks: options.networks ?? [anvil],
      adapters: [...(options.adapters ?? []), adapter],
      storage: createStorage({ storage: profile.storage }),
      ...options.app,
    })
    return {
      foyer,
      adapter,
      appWindow,
      killFrame: () => {
        for (const host of hosts) host.destroy()
      },
    }
  }

  /** The latest one-time code mailed to `email`. */
  const lastCode = (email: string, kind: 'otp' | 'update' = 'otp'): string => {
    const mail = server.mailbox.findLast((entry) => entry.to === email && entry.kind === kind)
    if (!mail?.otp) throw new Error(`No ${kind} code mailed to ${email}`)
    return mail.otp
  }

  return { server, prompts, createProfile, openPage, lastCode }
}
