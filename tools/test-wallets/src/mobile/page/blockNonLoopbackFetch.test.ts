import { describe, expect, it } from 'vitest'
import { blockNonLoopbackFetch } from './blockNonLoopbackFetch.ts'

function createTarget() {
  const reached: string[] = []
  const target = {
    fetch: (async (input: RequestInfo | URL) => {
      reached.push(String(input instanceof Request ? input.url : input))
      return new Response('ok')
    }) as typeof fetch,
  }
  return { target, reached }
}

describe('blockNonLoopbackFetch', () => {
  it('lets loopback and same-page requests through', async () => {
    const { target, reached } = createTarget()
    const blocked: string[] = []
    blockNonLoopbackFetch({
      target,
      baseUrl: 'http://127.0.0.1:4403/',
      onBlocked: (url) => blocked.push(url.href),
    })
    await target.fetch('http://127.0.0.1:8545')
    await target.fetch(new URL('http://localhost:5173/x'))
    await target.fetch('/src/main.ts')
    await target.fetch(new Request('http://[::1]:4402/health'))
    expect(reached).toEqual([
      'http://127.0.0.1:8545',
      'http://localhost:5173/x',
      '/src/main.ts',
      'http://[::1]:4402/health',
    ])
    expect(blocked).toEqual([])
  })

  it('refuses and reports requests to any other host without sending them', async () => {
    const { target, reached } = createTarget()
    const blocked: string[] = []
    blockNonLoopbackFetch({
      target,
      baseUrl: 'http://127.0.0.1:4403/',
      onBlocked: (url) => blocked.push(url.hostname),
    })
    await expect(target.fetch('https://verify.walletconnect.org/v3/public-key')).rejects.toThrow(
      TypeError,
    )
    await expect(target.fetch('https://pulse.walletconnect.org/batch')).rejects.toThrow(
      'only talks to loopback',
    )
    expect(blocked).toEqual(['verify.walletconnect.org', 'pulse.walletconnect.org'])
    expect(reached).toEqual([])
  })

  it('puts the original fetch back', async () => {
    const { target, reached } = createTarget()
    const restore = blockNonLoopbackFetch({
      target,
      baseUrl: 'http://127.0.0.1:4403/',
      onBlocked: () => {},
    })
    restore()
    await target.fetch('https://example.com/')
    expect(reached).toEqual(['https://example.com/'])
  })
})
