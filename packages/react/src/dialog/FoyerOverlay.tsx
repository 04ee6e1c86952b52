import { useLayoutEffect, useMemo, useState } from 'react'
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

/**
 * Everything Foyer draws over the page: the dialog (while open) and the toasts, portaled into a
 * shadow root on a host element in `document.body`. The host stays once created, so the toast
 * live region exists before its first announcement.
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

  if (!shadowHost) return null
  return createPortal(
    <FoyerContext value={dialogContext}>
      {/* `lang` and `dir` follow the texts shown: Arabic and Hebrew mirror the layout. */}
      <div
        className="foyer-theme"
        data-theme={themeMode}
        lang={catalog.locale}
        dir={textDirection(catalog.locale)}
      >
        {isOpen ? <Dialog host={shadowHost.host} shadowRoot={shadowHost.shadowRoot} /> : null}
        <Toasts />
      </div>
    </FoyerContext>,
    shadowHost.container,
  )
}
