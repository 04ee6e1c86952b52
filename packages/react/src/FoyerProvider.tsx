import { type Foyer, reconnectRemembered, whenIdle } from '@foyer/core'
import {
  type ComponentType,
  type ReactNode,
  useEffect,
  useMemo,
  useState,
  useSyncExternalStore,
} from 'react'
import { FoyerContext, type FoyerContextValue } from './context.ts'
import { useFoyerState } from './hooks/useFoyerState.ts'
import { createPageTranslator } from './i18n/createPageTranslator.ts'
import type { Messages } from './i18n/en.ts'
import { usePageMessages } from './i18n/usePageMessages.ts'
import { prepareOverlay } from './loadDialog.ts'

export type FoyerProviderProps = {
  /** The instance from `createFoyer(…)`; create it once, outside render. */
  foyer: Foyer
  children?: ReactNode
  /**
   * BCP 47 locale of the texts and of numbers (balances included) and dates. Default: the
   * instance's `locale` (`createFoyer({ locale })`, `setLocale`), else the visitor's browser
   * language when Foyer has texts for it, else 'en-US'. Changing it switches without a reload.
   */
  locale?: string | undefined
  /** Replacements for entries of the message catalog, in whatever language is shown. */
  messages?: Partial<Messages> | undefined
  /**
   * CSP nonce for the dialog's `<style>` element, used only in browsers without constructable
   * stylesheets (elsewhere the styles need no nonce and no `unsafe-inline`).
   */
  nonce?: string | undefined
  /**
   * Restores the stored connections silently when mounted (`eth_accounts`, never a prompt).
   * Default true.
   */
  reconnectOnMount?: boolean | undefined
}

/**
 * Provides a Foyer instance to the hooks and buttons below it. Renders nothing of its own before
 * the page has painted; once the page is idle (or the dialog opens, a toast shows, a trigger is
 * hovered) it loads the dialog code and mounts the overlay, closed, so a click shows the first
 * view in the next frame. Safe to server-render.
 */
export function FoyerProvider({
  foyer,
  children,
  locale: localeProp,
  messages,
  nonce,
  reconnectOnMount = true,
}: FoyerProviderProps) {
  useEffect(() => {
    // The connection code loads only when a wallet is remembered.
    if (reconnectOnMount) void reconnectRemembered(foyer).catch(() => {})
  }, [foyer, reconnectOnMount])
  const getLocale = () => foyer.getState().locale
  const instanceLocale = useSyncExternalStore(foyer.subscribe, getLocale, getLocale)
  const locale = localeProp ?? instanceLocale
  const pageCatalog = usePageMessages(foyer, localeProp, locale)
  const value = useMemo<FoyerContextValue>(
    () => ({
      foyer,
      locale,
      messages,
      nonce,
      t: createPageTranslator({ messages, catalog: pageCatalog }),
    }),
    [foyer, locale, messages, nonce, pageCatalog],
  )
  return (
    <FoyerContext value={value}>
      {children}
      <OverlayMount foyer={foyer} locale={locale} />
    </FoyerContext>
  )
}

/**
 * Mounts the overlay (shadow host, dialog, toasts), client-side only: after the page's first paint
 * once it is idle, or as soon as it is needed. The dialog chunk, the chunk of the view it opens
 * on, the texts of the locale and late-loading adapters are loaded first and the overlay is
 * rendered only then: no Suspense fallback, whose reveal React throttles (300 ms per level), and
 * no English flash before the visitor's language. Mounted ahead of the click, the overlay shows
 * the dialog in the click's own render.
 */
function OverlayMount({ foyer, locale }: { foyer: Foyer; locale: string }) {
  const needed = useFoyerState((state) => state.dialog.open || state.toast !== undefined)
  const [idle, setIdle] = useState(false)
  const [Overlay, setOverlay] = useState<ComponentType>()
  useEffect(() => whenIdle(() => setIdle(true)), [])
  useEffect(() => {
    if (!(needed || idle) || Overlay) return
    let current = true
    const { open, view } = foyer.getState().dialog
    prepareOverlay(foyer, { view: open ? view : undefined, locale })
      .then((dialog) => {
        if (current) setOverlay(() => dialog.FoyerOverlay)
      })
      .catch(() => {
        // The dialog code did not arrive (offline, a new deployment): the page stays usable, and
        // the dialog marked closed lets the next open try again. Not `close()`, whose code would
        // weigh on the page's first load: no view was shown, no connection started from it.
        const { dialog } = foyer.getState()
        if (current && dialog.open) foyer.store.setState({ dialog: { ...dialog, open: false } })
      })
    return () => {
      current = false
    }
  }, [needed, idle, Overlay, foyer, locale])
  return Overlay ? <Overlay /> : null
}
