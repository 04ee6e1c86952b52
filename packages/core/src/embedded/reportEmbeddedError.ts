import { showAlert } from '../actions/showAlert.ts'
import { ALERTS, type AlertCode, SERVER_MESSAGE_ALERTS } from '../alerts.ts'
import type { Foyer } from '../createFoyer.ts'

/** Frame error codes of SPEC §8 and the alert each one raises. */
const FRAME_ERROR_CODES: Readonly<Record<string, AlertCode>> = {
  iframe_load_failed: 'EMBEDDED_WALLET_LOAD_FAILED',
  iframe_request_timeout: 'EMBEDDED_WALLET_REQUEST_TIMEOUT',
}

const alertByShortMessage = new Map<string, AlertCode>(
  Object.entries(ALERTS).map(([code, alert]) => [alert.shortMessage, code as AlertCode]),
)

/**
 * The SPEC §8 alert an embedded-wallet error stands for, walking its cause chain: frame load and
 * request timeouts by code, server messages ('Unauthorized: origin not allowed', …) by text.
 */
export function embeddedErrorAlert(error: unknown): AlertCode | undefined {
  for (let current = error, depth = 0; current && depth < 8; depth++) {
    if (typeof current !== 'object') break
    const { code, shortMessage, message, cause } = current as {
      code?: unknown
      shortMessage?: unknown
      message?: unknown
      cause?: unknown
    }
    if (typeof code === 'string' && FRAME_ERROR_CODES[code]) return FRAME_ERROR_CODES[code]
    for (const text of [shortMessage, message]) {
      if (typeof text !== 'string') continue
      const mapped = SERVER_MESSAGE_ALERTS[text] ?? alertByShortMessage.get(text)
      if (mapped) return mapped
    }
    current = cause
  }
  return undefined
}

/** Shows the alert an embedded-wallet error maps to, if any; returns its code. */
export function reportEmbeddedError(foyer: Foyer, error: unknown): AlertCode | undefined {
  const code = embeddedErrorAlert(error)
  if (code) showAlert(foyer, { code })
  return code
}
