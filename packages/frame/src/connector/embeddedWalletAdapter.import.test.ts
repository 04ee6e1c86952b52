import { connectEmail } from '@foyer/core'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { EmailLoginImportError } from '../errors.ts'
import { createEmbeddedTestWorld } from './createEmbeddedTestWorld.ts'

afterEach(() => {
  vi.doUnmock('../client/createFrameClient.ts')
})

describe('embeddedWalletAdapter when its code cannot be loaded', () => {
  it("fails email login with 'Unable to load email login dependency', and loads it on the next try", async () => {
    vi.doMock('../client/createFrameClient.ts', () => {
      throw new Error('Failed to fetch dynamically imported module')
    })
    const world = createEmbeddedTestWorld()
    const page = world.openPage(world.createProfile())
    const failure = await connectEmail(page.foyer, { email: 'chunk@example.com' }).catch(
      (error: unknown) => error,
    )
    expect(failure).toBeInstanceOf(EmailLoginImportError)
    expect((failure as EmailLoginImportError).shortMessage).toBe(
      'Unable to load email login dependency',
    )
    expect(page.appWindow.frames).toHaveLength(0)

    // The network is back: the same page tries again and the frame loads.
    vi.doUnmock('../client/createFrameClient.ts')
    expect((await connectEmail(page.foyer, { email: 'chunk@example.com' })).action).toBe(
      'VERIFY_OTP',
    )
    expect(page.appWindow.frames).toHaveLength(1)
  })
})
