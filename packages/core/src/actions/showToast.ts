import { TOAST_REPLACE_GAP_MS } from '../constants.ts'
import type { Foyer } from '../createFoyer.ts'
import type { Toast, ToastVariant } from '../types/state.ts'

export type ShowToastParameters = {
  variant: ToastVariant
  message: string
  /** The error an error toast tells about (kept on the toast, so a UI can show its own text). */
  error?: Error | undefined
  /** Auto-hide delay; defaults to 2.5 s for success/error and never for loading. */
  durationMs?: number | undefined
}
export type ShowToastReturnType = Promise<Toast>

const DEFAULT_TOAST_DURATION_MS = 2_500

/**
 * Shows a toast. Replacing an open toast hides it first and waits 150 ms (SPEC §4) so the change
 * is visible; resolves with the toast once shown.
 */
export function showToast(foyer: Foyer, parameters: ShowToastParameters): ShowToastReturnType {
  const internal = foyer._internal
  const shown = internal.toastQueue.then(async () => {
    clearTimeout(internal.timers.toast)
    if (foyer.getState().toast) {
      foyer.store.setState({ toast: undefined })
      await new Promise((resolve) => setTimeout(resolve, TOAST_REPLACE_GAP_MS))
    }
    const toast: Toast = {
      id: internal.nextId(),
      variant: parameters.variant,
      message: parameters.message,
      error: parameters.error,
    }
    foyer.store.setState({ toast })
    const duration =
      parameters.durationMs ??
      (parameters.variant === 'loading' ? undefined : DEFAULT_TOAST_DURATION_MS)
    if (duration !== undefined)
      internal.timers.toast = setTimeout(() => hideToast(foyer, { id: toast.id }), duration)
    return toast
  })
  internal.toastQueue = shown.then(() => undefined)
  return shown
}

export type HideToastParameters = { id?: number | undefined }

/** Hides the toast (only the one with `id`, when given). */
export function hideToast(foyer: Foyer, parameters: HideToastParameters = {}): void {
  const { toast } = foyer.getState()
  if (!toast || (parameters.id !== undefined && toast.id !== parameters.id)) return
  clearTimeout(foyer._internal.timers.toast)
  foyer.store.setState({ toast: undefined })
}
