import { type ThemeVariables, themeProperties } from '../utils/themeVariables.ts'

export type { ThemeVariables }

export type CreateShadowHostParameters = {
  /** The document to attach the host to (the one the provider renders in). */
  document: Document
  /** The base stylesheet text. */
  css: string
  /** CSS custom property overrides (`--foyer-accent`, …). */
  themeVariables?: ThemeVariables | undefined
  /**
   * Nonce for the `<style>` fallback used where constructable stylesheets are missing. Browsers
   * with `adoptedStyleSheets` never need it: the sheet is built through the CSSOM, which a strict
   * `style-src` policy does not block.
   */
  nonce?: string | undefined
}

export type ShadowHost = {
  /** The element appended to `document.body`. */
  host: HTMLElement
  /** Its open shadow root (open so assistive tech, tests and axe can reach inside). */
  shadowRoot: ShadowRoot
  /** The element React portals the toasts into. */
  container: HTMLElement
  /**
   * The element React portals the dialog into: out of the document while the dialog is closed,
   * so the dialog rendered ahead is in no page query, no accessibility tree and no style or
   * layout work; in the shadow root, before `container`, while it is open.
   */
  dialogContainer: HTMLElement
  /** Puts `dialogContainer` into the shadow root (true) or takes it out of the document (false). */
  setDialogAttached(attached: boolean): void
  /** How the stylesheet was delivered. */
  styleDelivery: 'adoptedStyleSheets' | 'styleElement'
  setThemeVariables(themeVariables: ThemeVariables | undefined): void
  /** Removes the host from the document. */
  destroy(): void
}

/**
 * Turns theme variable overrides into one rule. Entries whose name is not a `--foyer-*` custom
 * property or whose value could break out of the declaration are dropped.
 */
export function themeVariablesToCss(themeVariables: ThemeVariables | undefined): string {
  const declarations = Object.entries(themeProperties(themeVariables))
    .map(([name, value]) => `${name}: ${value};`)
    .join(' ')
  // Specificity above the theme rules (`.foyer-theme[data-theme='light']`) so overrides win in both.
  return declarations ? `.foyer-theme.foyer-theme[data-theme] { ${declarations} }` : ''
}

function supportsConstructableStylesheets(document: Document): boolean {
  const view = document.defaultView
  if (!view || typeof view.CSSStyleSheet !== 'function') return false
  return (
    'adoptedStyleSheets' in view.ShadowRoot.prototype &&
    'replaceSync' in view.CSSStyleSheet.prototype
  )
}

/**
 * Creates the element that holds the dialog: a host in `document.body` with a shadow root that
 * isolates the dialog's styles from the page and the page's styles from the dialog.
 */
export function createShadowHost(parameters: CreateShadowHostParameters): ShadowHost {
  const { document, css, nonce } = parameters
  const host = document.createElement('div')
  host.setAttribute('data-foyer-host', '')
  const shadowRoot = host.attachShadow({ mode: 'open' })
  const container = document.createElement('div')
  container.setAttribute('data-foyer-container', '')
  shadowRoot.appendChild(container)
  const dialogContainer = document.createElement('div')
  dialogContainer.setAttribute('data-foyer-dialog-container', '')

  let setThemeVariables: (themeVariables: ThemeVariables | undefined) => void
  let styleDelivery: ShadowHost['styleDelivery']

  if (supportsConstructableStylesheets(document)) {
    const view = document.defaultView!
    const base = new view.CSSStyleSheet()
    base.replaceSync(css)
    const theme = new view.CSSStyleSheet()
    theme.replaceSync(themeVariablesToCss(parameters.themeVariables))
    shadowRoot.adoptedStyleSheets = [base, theme]
    setThemeVariables = (themeVariables) => theme.replaceSync(themeVariablesToCss(themeVariables))
    styleDelivery = 'adoptedStyleSheets'
  } else {
    const base = document.createElement('style')
    const theme = document.createElement('style')
    if (nonce) {
      base.setAttribute('nonce', nonce)
      theme.setAttribute('nonce', nonce)
    }
    base.textContent = css
    theme.textContent = themeVariablesToCss(parameters.themeVariables)
    shadowRoot.prepend(base, theme)
    setThemeVariables = (themeVariables) => {
      theme.textContent = themeVariablesToCss(themeVariables)
    }
    styleDelivery = 'styleElement'
  }

  document.body.appendChild(host)

  return {
    host,
    shadowRoot,
    container,
    styleDelivery,
    setThemeVariables,
    dialogContainer,
    setDialogAttached(attached) {
      // Before the toasts' container: toasts stay drawn over the dialog.
      if (attached) {
        if (dialogContainer.parentNode !== shadowRoot)
          shadowRoot.insertBefore(dialogContainer, container)
      } else dialogContainer.remove()
    },
    destroy() {
      host.remove()
    },
  }
}
