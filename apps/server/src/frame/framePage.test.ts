import { describe, expect, it } from 'vitest'
import { frameContentSecurityPolicy, renderFramePage } from './framePage.ts'

describe('the frame page', () => {
  it('links the stylesheet and the script, and inlines neither code nor style', () => {
    const html = renderFramePage(
      {
        projectId: 'demo',
        allowedOrigins: ['http://127.0.0.1:5173'],
        operatorRecovery: false,
        rpcUrls: { 31337: 'http://127.0.0.1:8545' },
        chains: {},
      },
      '/frame.js',
    )
    expect(html).toContain('<link rel="stylesheet" href="/frame.css">')
    expect(html).toContain('<script type="module" src="/frame.js"></script>')
    expect(html).not.toMatch(/<style|style="/)
  })

  it('allows only its own stylesheet: no inline styles', () => {
    const csp = frameContentSecurityPolicy({
      rpcUrls: ['http://127.0.0.1:8545'],
      allowedOrigins: ['http://127.0.0.1:5173'],
    })
    expect(csp.split('; ')).toContain("style-src 'self'")
    expect(csp).not.toContain('unsafe-inline')
  })
})
