import type { Overlay } from '../ui/createOverlay.ts'
import { renderApprovalSummary } from './renderApprovalSummary.ts'
import type { ApprovalSummary } from './types.ts'

export type RequestApprovalReturnType = boolean

/**
 * Renders the summary into an overlay card with Reject / Approve; resolves true only on the
 * guarded Approve (a trusted click while the card is fully visible). Reject, Escape and the
 * overlay's destruction resolve false.
 */
export async function requestApproval(
  overlay: Overlay,
  summary: ApprovalSummary,
): Promise<RequestApprovalReturnType> {
  const approved = await overlay.open<boolean>((card) => {
    card.setTitle(summary.title)
    renderApprovalSummary({ container: card.body, summary })
    card.button('Reject', () => card.close(false), { variant: 'secondary' })
    const dangerous = summary.warnings.some((warning) => warning.level === 'danger')
    card.guardedButton(summary.approveLabel, () => card.close(true), {
      variant: dangerous ? 'danger' : 'primary',
    })
  })
  return approved === true
}
