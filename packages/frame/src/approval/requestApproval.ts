import type { Overlay } from '../ui/createOverlay.ts'
import { renderApprovalSummary } from './renderApprovalSummary.ts'
import type { ApprovalSummary } from './types.ts'

export type RequestApprovalReturnType = boolean

export type RequestApprovalOptions = {
  /**
   * How long a request may wait for the visitor, counted from the request (also while queued
   * behind another card): an app that never shows the frame, or a visitor who walked away, gets a
   * rejection rather than a request that could still be approved much later. Default 10 minutes.
   */
  expiresInMs?: number | undefined
}

/** Default of `RequestApprovalOptions.expiresInMs`. */
export const approvalLifetimeMs = 10 * 60_000

/**
 * Renders the summary into an overlay card with Reject / Approve; resolves true only on the
 * guarded Approve (a trusted click while the card is fully visible). Reject, Escape, expiry and
 * the overlay's destruction resolve false.
 */
export async function requestApproval(
  overlay: Overlay,
  summary: ApprovalSummary,
  options: RequestApprovalOptions = {},
): Promise<RequestApprovalReturnType> {
  const deadline = Date.now() + (options.expiresInMs ?? approvalLifetimeMs)
  let timer: ReturnType<typeof setTimeout> | undefined
  const approved = await overlay
    .open<boolean>((card) => {
      const remaining = deadline - Date.now()
      if (remaining <= 0) {
        card.close(false)
        return
      }
      timer = setTimeout(() => card.close(false), remaining)
      card.setTitle(summary.title)
      renderApprovalSummary({ container: card.body, summary })
      card.button('Reject', () => card.close(false), { variant: 'secondary' })
      const dangerous = summary.warnings.some((warning) => warning.level === 'danger')
      card.guardedButton(summary.approveLabel, () => card.close(true), {
        variant: dangerous ? 'danger' : 'primary',
      })
    })
    .finally(() => clearTimeout(timer))
  return approved === true
}
