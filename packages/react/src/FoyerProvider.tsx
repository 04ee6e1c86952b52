import { type Foyer, reconnect, setLocale } from '@foyer/core'
import {
  lazy,
  type ReactNode,
  Suspense,
  useEffect,
  useMemo,
  useState,
  useSyncExternalStore,
} from 'react'
import { FoyerContext, type FoyerContextValue } from './context.ts'
import { useFoyerState } from './hooks/useFoyerState.ts'
import { createTranslator } from './i18n/createTranslator.ts'
import type { Messages } from './i18n/en.ts'
import { pageMessages } from './i18n/pageMessages.ts'
import { loadDialog } from './loadDialog.ts'

export type FoyerProviderProps = {
  /** The instance from `createFoyer(…)`; create it once, outside render. */
  foyer: Foyer
  children?: ReactNode
  /**
   * BCP 47 locale for numbers (balances included) and dates. Default: the instance's `locale`
   * ('en-US' unless `createFoyer` was given another).
   */
  locale?: string | undefined
  /** Replacements for entries of the English message catalog. */
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

const LazyOverlay = lazy(() => loadDialog().then((dialog) => ({ default: dialog.FoyerOverlay })))

/**
 * Provides a Foyer instance to the hooks and buttons below it. Renders nothing of its own until
 * the dialog opens or a toast shows; only then is the dialog code loaded. Safe to server-render.
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
    if (reconnectOnMount) void reconnect(foyer)
  }, [foyer, reconnectOnMount])
  // Core formats the balances; it follows the locale given here.
  useEffect(() => {
    if (localeProp) setLocale(foyer, { locale: localeProp })
  }, [foyer, localeProp])
  const getLocale = () => foyer.getState().locale
  const instanceLocale = useSyncExternalStore(foyer.subscribe, getLocale, getLocale)
  const locale = localeProp ?? instanceLocale
  const value = useMemo<FoyerContextValue>(
    () => ({
      foyer,
      locale,
      messages,
      nonce,
      t: createTranslator({ locale, messages, catalog: pageMessages }),
    }),
    [foyer, locale, messages, nonce],
  )
  return (
    <FoyerContext value={value}>
      {children}
      <OverlayMount />
    </FoyerContext>
  )
}

/** Mounts the overlay (shadow host, dialog, toasts) the first time it is needed, client-side only. */
function OverlayMount() {
  const needed = useFoyerState((state) => state.dialog.open || state.toast !== undefined)
  const [mounted, setMounted] = useState(false)
  useEffect(() => {
    if (needed) setMounted(true)
  }, [needed])
  if (!mounted) return null
  return (
    <Suspense fallback={null}>
      <LazyOverlay />
    </Suspense>
  )
}
