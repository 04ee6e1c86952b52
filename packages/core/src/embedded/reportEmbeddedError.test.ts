import { describe, expect, test } from 'vitest'
import { createTestFoyer } from '../test-utils.ts'
import { embeddedErrorAlert, reportEmbeddedError } from './reportEmbeddedError.ts'

class FrameError extends Error {
  constructor(
    message: string,
    readonly code?: string,
    options?: { cause?: unknown },
  ) {
    super(message, options)
  }
}

describe('embeddedErrorAlert', () => {
  test('maps frame load and request timeouts by their SPEC codes, through causes', () => {
    expect(embeddedErrorAlert(new FrameError('x', 'iframe_load_failed'))).toBe(
      'EMBEDDED_WALLET_LOAD_FAILED',
    )
    const aborted = new FrameError('Request was aborted', undefined, {
      cause: new FrameError('Embedded Wallet Request Timed Out', 'iframe_request_timeout'),
    })
    expect(embeddedErrorAlert(aborted)).toBe('EMBEDDED_WALLET_REQUEST_TIMEOUT')
  })

  test('maps the server messages of SPEC §8 and alert texts, and nothing else', () => {
    expect(embeddedErrorAlert(new Error('Unauthorized: origin not allowed'))).toBe(
      'ORIGIN_NOT_ALLOWED',
    )
    expect(embeddedErrorAlert(new Error('JWT validation error: JWT Token is not yet valid'))).toBe(
      'SESSION_EXPIRED',
    )
    expect(embeddedErrorAlert(new Error('Unauthorized: invalid key'))).toBe('INVALID_PROJECT_ID')
    expect(embeddedErrorAlert(new Error('Rate Limited'))).toBe('RATE_LIMITED')
    expect(embeddedErrorAlert(new Error('Invalid code'))).toBeUndefined()
  })

  test("shows a server outage (the frame's 503 database_unavailable) as the Server Error alert", () => {
    // The frame forwards the server's message; SPEC §8 has no text of its own for an outage.
    const foyer = createTestFoyer()
    expect(reportEmbeddedError(foyer, new FrameError('Server Error'))).toBe('SERVER_ERROR')
    expect(foyer.getState().alerts.map((alert) => alert.shortMessage)).toEqual(['Server Error'])
  })

  test('reportEmbeddedError shows the alert once', () => {
    const foyer = createTestFoyer()
    reportEmbeddedError(foyer, new Error('Unauthorized: origin not allowed'))
    reportEmbeddedError(foyer, new Error('Unauthorized: origin not allowed'))
    expect(foyer.getState().alerts.map((alert) => alert.shortMessage)).toEqual([
      'Origin Not Allowed',
    ])
  })
})
