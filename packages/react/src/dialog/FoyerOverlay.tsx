import { Activity, useInsertionEffect, useLayoutEffect, useMemo, useState } from 'react'
import { createPortal } from 'react-dom'
import { FoyerContext, type FoyerContextValue } from '../context.ts'
import { useFoyer, useFoyerContext } from '../hooks/useFoyer.ts'
import { useFoyerState } from '../hooks/useFoyerState.ts'
import { useResolvedThemeMode } from '../hooks/useResolvedThemeMode.ts'
import { matchCatalogLocale } from '../i18n/catalogLocales.ts'
import { createTranslator } from '../i18n/createTranslator.ts'
import { textDirection } from '../i18n/textDirection.ts'
import { useCatalog } from '../i18n/useCatalog.ts'
import { Dialog } from './Dialog.tsx'
import { createShadowHost, type ShadowHost } from './shadowHost.ts'
import { dialogStyles } from './styles.ts'
import { Toasts } from './Toasts.tsx'

// React 19.0 and 19.1 have no Activity: there the dialog renders in the click's own render.
const canRenderAhead = typeof Activity !== 'undefined'

/**
 * Everything Foyer draws over the page: the dialog (while open) and the toasts, portaled into a
 * shadow root on a host element in `document.body`. The host stays once created, so the toast
 * live region exists before its first announcement.
 *
 * While closed, the next dialog is rendered ahead when the page is idle, hidden
 * (`<Activity mode="hidden">`: no effects, so no request) and out of the document (no page query,
 * no accessibility tree, no style or layout finds it), so the click only puts it in and reveals
 * it. Each close starts a fresh one, so every opening starts clean.
 */
export function FoyerOverlay() {
  const foyer = useFoyer()
  const context = useFoyerContext()
  const { nonce } = context
  // The dialog's subtree translates with the whole catalog of the locale (fetched on demand).
  const catalog = useCatalog(matchCatalogLocale(context.locale) ?? 'en')
  const dialogContext = useMemo<FoyerContextValue>(
    () => ({
      ...context,
      t: createTranslator({
        locale: context.locale,
        messages: context.messages,
        catalog: catalog.messages,
      }),
    }),
    [context, catalog.messages],
  )
  const [shadowHost, setShadowHost] = useState<ShadowHost | null>(null)
  const isOpen = useFoyerState((state) => state.dialog.open)
  // Each closing keys a fresh dialog, rendered ahead for the next opening (state adjusted while
  // rendering, so the closed one is gone in the same commit).
  const [closings, setClosings] = useState({ count: 0, isOpen })
  if (closings.isOpen !== isOpen) setClosings({ count: closings.count + (isOpen ? 0 : 1), isOpen })
  const themeMode = useResolvedThemeMode(useFoyerState((state) => state.themeMode))
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

  // The dialog's container enters the document in the commit that opens it and leaves in the one
  // that closes it. Insertion effects run before any layout effect: the dialog's focus and
  // measurements find it in the document.
  useInsertionEffect(() => {
    shadowHost?.setDialogAttached(isOpen)
  }, [shadowHost, isOpen])

  // One element for the closed and the open dialog: opening changes no props below it.
  const dialog = useMemo(
    () =>
      shadowHost ? <Dialog host={shadowHost.host} shadowRoot={shadowHost.shadowRoot} /> : null,
    [shadowHost],
  )

  if (!shadowHost) return null
  // `lang` and `dir` follow the texts shown: Arabic and Hebrew mirror the layout.
  const theme = {
    'data-theme': themeMode,
    lang: catalog.locale,
    dir: textDirection(catalog.locale),
  }
  return (
    <FoyerContext value={dialogContext}>
      {createPortal(
        canRenderAhead ? (
          <Activity key={closings.count} mode={isOpen ? 'visible' : 'hidden'}>
            <div className="foyer-theme" {...theme}>
              {dialog}
            </div>
          </Activity>
        ) : isOpen ? (
          <div className="foyer-theme" {...theme}>
            {dialog}
          </div>
        ) : null,
        shadowHost.dialogContainer,
      )}
      {createPortal(
        <div className="foyer-theme" {...theme}>
          <Toasts />
        </div>,
        shadowHost.container,
      )}
    </FoyerContext>
  )
}
