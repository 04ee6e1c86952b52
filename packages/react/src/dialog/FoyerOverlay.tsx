import { useLayoutEffect, useMemo, useState } from 'react'
import { createPortal } from 'react-dom'
import { FoyerContext, type FoyerContextValue } from '../context.ts'
import { useFoyer, useFoyerContext } from '../hooks/useFoyer.ts'
import { useFoyerState } from '../hooks/useFoyerState.ts'
import { createTranslator } from '../i18n/createTranslator.ts'
import { en } from '../i18n/en.ts'
import { Dialog } from './Dialog.tsx'
import { createShadowHost, type ShadowHost } from './shadowHost.ts'
import { dialogStyles } from './styles.ts'
import { Toasts } from './Toasts.tsx'

/**
 * Everything Foyer draws over the page: the dialog (while open) and the toasts, portaled into a
 * shadow root on a host element in `document.body`. The host stays once created, so the toast
 * live region exists before its first announcement.
 */
export function FoyerOverlay() {
  const foyer = useFoyer()
  const context = useFoyerContext()
  const { nonce } = context
  // The dialog's texts arrive with the dialog chunk: its subtree translates with the whole catalog.
  const dialogContext = useMemo<FoyerContextValue>(
    () => ({
      ...context,
      t: createTranslator({ locale: context.locale, messages: context.messages, catalog: en }),
    }),
    [context],
  )
  const [shadowHost, setShadowHost] = useState<ShadowHost | null>(null)
  const isOpen = useFoyerState((state) => state.dialog.open)
  const themeMode = useFoyerState((state) => state.themeMode)
  const themeVariables = useFoyerState((state) => state.themeVariables)

  useLayoutEffect(() => {
    const host = createShadowHost({
      document,
      css: dialogStyles,
      themeVariables: foyer.getState().themeVariables,
      nonce,
    })
    setShadowHost(host)
    return () => {
      setShadowHost(null)
      host.destroy()
    }
  }, [foyer, nonce])

  useLayoutEffect(() => {
    shadowHost?.setThemeVariables(themeVariables)
  }, [shadowHost, themeVariables])

  if (!shadowHost) return null
  return createPortal(
    <FoyerContext value={dialogContext}>
      <div className="foyer-theme" data-theme={themeMode}>
        {isOpen ? <Dialog host={shadowHost.host} shadowRoot={shadowHost.shadowRoot} /> : null}
        <Toasts />
      </div>
    </FoyerContext>,
    shadowHost.container,
  )
}
