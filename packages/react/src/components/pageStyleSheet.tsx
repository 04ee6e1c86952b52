import { useInsertionEffect } from 'react'

/** The page's stylesheets adopted so far, per document: each once, whatever the number of buttons. */
const adoptedByDocument = new WeakMap<Document, Set<string>>()

function canAdopt(): boolean {
  if (typeof document === 'undefined') return false
  const view = document.defaultView
  return Boolean(
    view &&
      'adoptedStyleSheets' in view.Document.prototype &&
      'replaceSync' in view.CSSStyleSheet.prototype,
  )
}

/**
 * A stylesheet of the buttons on the page. In a browser with constructable stylesheets it is
 * adopted by the document through the CSSOM, which a strict `style-src` (no nonce, no
 * 'unsafe-inline') allows; elsewhere, and in a server render, it is a `<style>` element carrying
 * the provider's nonce, which React 19 hoists into the head and dedupes by `href`.
 */
export function PageStyleSheet({
  id,
  css,
  nonce,
}: {
  id: string
  css: string
  nonce: string | undefined
}) {
  const adopt = canAdopt()
  useInsertionEffect(() => {
    if (!adopt) return
    const adopted = adoptedByDocument.get(document) ?? new Set<string>()
    adoptedByDocument.set(document, adopted)
    if (adopted.has(id)) return
    const sheet = new CSSStyleSheet()
    sheet.replaceSync(css)
    document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet]
    adopted.add(id)
  }, [adopt, id, css])
  if (adopt) return null
  return (
    <style href={id} precedence="foyer" nonce={nonce}>
      {css}
    </style>
  )
}
