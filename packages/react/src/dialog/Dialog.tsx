import { close, goBack, loadRemoteConfig, openingView } from '@foyer/core'
import { Suspense, useEffect, useId, useLayoutEffect, useMemo, useRef } from 'react'
import { useFeatures } from '../hooks/useFeatures.ts'
import { useFoyer, useFoyerContext } from '../hooks/useFoyer.ts'
import { shallowEqual, useFoyerState } from '../hooks/useFoyerState.ts'
import { Alerts } from './Alerts.tsx'
import { afterNextPaint } from './afterNextPaint.ts'
import { ConnectFlowProvider } from './connectFlow.tsx'
import { trapTabKey } from './focus.ts'
import { Header } from './Header.tsx'
import { HeaderNetworkButton } from './HeaderNetworkButton.tsx'
import { hidePageFromAssistiveTech } from './hidePageFromAssistiveTech.ts'
import { createLayerStack, LayerStackProvider, useDismissableLayer } from './layers.tsx'
import { SocialFlowProvider } from './socialFlow.tsx'
import { useAnimatedHeight } from './useAnimatedHeight.ts'
import { NotAvailable } from './views/NotAvailable.tsx'
import { isBuiltView, viewComponent } from './views/registry.ts'
import { viewTitle } from './views/viewTitle.ts'

export type DialogProps = {
  /** The element holding the shadow root; its siblings are hidden while the dialog is open. */
  host: HTMLElement
  shadowRoot: ShadowRoot
}

/** The focused element, looking through open shadow roots (the trigger may live in one). */
function deepActiveElement(document: Document): HTMLElement | null {
  let active: Element | null = document.activeElement
  while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement
  return active instanceof document.defaultView!.HTMLElement ? active : null
}

/** The modal: header, the current view, focus management and keyboard handling. */
export function Dialog({ host, shadowRoot }: DialogProps) {
  const stack = useMemo(createLayerStack, [])
  return (
    <LayerStackProvider stack={stack}>
      <ConnectFlowProvider>
        <SocialFlowProvider>
          <DialogInner host={host} shadowRoot={shadowRoot} dismissTop={stack.dismissTop} />
        </SocialFlowProvider>
      </ConnectFlowProvider>
    </LayerStackProvider>
  )
}

function DialogInner({
  host,
  shadowRoot,
  dismissTop,
}: DialogProps & { dismissTop: () => boolean }) {
  const foyer = useFoyer()
  const { t } = useFoyerContext()
  const titleId = useId()
  const cardRef = useRef<HTMLDivElement>(null)
  const contentRef = useRef<HTMLDivElement>(null)
  const height = useAnimatedHeight(contentRef)
  // Closed (rendered ahead, out of the document), it shows the view `open()` picks, so opening
  // re-renders nothing when the two agree.
  const { view, data, canGoBack, shake, loading } = useFoyerState(
    (state) => ({
      view: state.dialog.open ? state.dialog.view : openingView(state, foyer.config),
      data: state.dialog.data,
      canGoBack: state.dialog.history.length > 1,
      shake: state.dialog.shake,
      loading: state.dialog.loading,
    }),
    shallowEqual,
  )
  const connectors = useFoyerState((state) => state.connectors)
  const features = useFeatures()
  const title = viewTitle(view, data, connectors, t)

  // The project's server settings (features, allowed origins) are read when the dialog first
  // opens, never at page load; after its first frame, which they must not delay.
  useEffect(() => afterNextPaint(() => void loadRemoteConfig(foyer)), [foyer])

  // Analytics (when the app enabled it) starts with the dialog, in a chunk of its own.
  useEffect(() => {
    const { features, serverUrl } = foyer.config
    if (!features.analytics || !serverUrl) return
    return afterNextPaint(
      () =>
        void import('./startDialogAnalytics.ts').then(({ startAnalytics }) =>
          startAnalytics(foyer),
        ),
    )
  }, [foyer])

  // The dialog itself is the bottom layer: Escape with nothing above it closes the dialog.
  useDismissableLayer(() => close(foyer))

  // Opening: remember the trigger and move focus in, before the first paint.
  const triggerRef = useRef<HTMLElement | null>(null)
  useLayoutEffect(() => {
    // Only the first run captures: StrictMode runs this again after focus already moved in.
    triggerRef.current ??= deepActiveElement(host.ownerDocument)
    // No scrolling into view (the card is fixed in the viewport): that would lay the page out
    // here, in the click's task, and again in the frame that shows the dialog.
    cardRef.current?.focus({ preventScroll: true })
  }, [host])

  // While open, the page is hidden from assistive tech. Closing restores it and focuses the
  // trigger again; this is a passive effect so it runs after React's own post-commit focus
  // restoration, which would otherwise win.
  useEffect(() => {
    const restorePage = hidePageFromAssistiveTech(host)
    return () => {
      restorePage()
      const trigger = triggerRef.current
      if (trigger?.isConnected) trigger.focus()
    }
  }, [host])

  useEffect(() => {
    const document = host.ownerDocument
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        if (dismissTop()) {
          event.preventDefault()
          event.stopPropagation()
        }
        return
      }
      const card = cardRef.current
      if (card && trapTabKey(event, card, shadowRoot.activeElement)) event.preventDefault()
    }
    document.addEventListener('keydown', onKeyDown)
    return () => document.removeEventListener('keydown', onKeyDown)
  }, [host, shadowRoot, dismissTop])

  // A view change removes the focused element; keep focus inside the dialog.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on view change on purpose
  useEffect(() => {
    if (!shadowRoot.activeElement) cardRef.current?.focus()
  }, [view, shadowRoot])

  const ViewComponent = isBuiltView(view) ? viewComponent(view) : undefined

  return (
    <div className="foyer-root">
      <div className="foyer-overlay" aria-hidden="true" onClick={() => close(foyer)} />
      <div
        ref={cardRef}
        className="foyer-card"
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-busy={loading || undefined}
        tabIndex={-1}
        data-shake={shake}
        data-view={view}
      >
        <Header
          titleId={titleId}
          title={title}
          canGoBack={canGoBack}
          onBack={() => goBack(foyer)}
          onClose={() => close(foyer)}
          start={view === 'Account' ? <HeaderNetworkButton /> : undefined}
        />
        <Alerts />
        <div className="foyer-body" style={height === undefined ? undefined : { height }}>
          <div ref={contentRef}>
            {/* The view the dialog opens on is visible from its first frame (no fade from 0). */}
            <div
              key={view}
              className="foyer-view"
              data-foyer-first-view={canGoBack ? undefined : ''}
            >
              {ViewComponent ? (
                <Suspense fallback={<Loading label={t('dialog.loading')} />}>
                  <ViewComponent />
                </Suspense>
              ) : (
                <NotAvailable view={view} />
              )}
            </div>
          </div>
        </div>
        {features.branding ? <Branding /> : null}
      </div>
    </div>
  )
}

/** SPEC §6 branding: the "Powered by Foyer" line (a plain div: no landmark inside the dialog). */
function Branding() {
  const { t } = useFoyerContext()
  return (
    <div className="foyer-footer" data-foyer-branding="">
      <p>{t('branding.poweredBy', { brand: 'Foyer' })}</p>
    </div>
  )
}

function Loading({ label }: { label: string }) {
  return (
    <div className="foyer-center" role="status" data-foyer-view-loading="">
      <span className="foyer-spinner" aria-hidden="true" />
      <span className="foyer-visually-hidden">{label}</span>
    </div>
  )
}
