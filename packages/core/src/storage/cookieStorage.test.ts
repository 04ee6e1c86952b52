// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest'
import { cookieStorage, createStorage, parseCookie } from './createStorage.ts'

/** Moves the page to `path` on the same origin, as a navigation in the app would. */
function goTo(path: string) {
  ;(window as unknown as { happyDOM: { setURL(url: string): void } }).happyDOM.setURL(
    new URL(path, window.location.origin).href,
  )
}

afterEach(() => {
  vi.unstubAllGlobals()
  for (const part of document.cookie.split(';')) {
    const name = part.split('=')[0]!.trim()
    // biome-ignore lint/suspicious/noDocumentCookie: clearing what each test wrote.
    if (name) document.cookie = `${name}=;max-age=-1;path=/`
  }
  goTo('/')
})

describe('createStorage over cookieStorage', () => {
  it('writes JSON values to document.cookie under the key prefix and reads them back', () => {
    const storage = createStorage({ storage: cookieStorage })
    storage.setItem('activeNamespace', 'eip155')
    storage.setItem('recentWallets', ['io.metamask', 'dev.foyer.testwallet'])
    // What a server render finds in the request's Cookie header.
    expect(parseCookie(document.cookie, 'foyer.activeNamespace')).toBe('"eip155"')
    expect(storage.getItem('activeNamespace')).toBe('eip155')
    expect(storage.getItem('recentWallets')).toEqual(['io.metamask', 'dev.foyer.testwallet'])
  })

  it('keeps values with cookie separators and non-ASCII text intact', () => {
    const storage = createStorage({ storage: cookieStorage })
    const value = { name: 'a; b=c, d', emoji: 'é ☕' }
    storage.setItem('identity', value)
    expect(document.cookie).not.toContain('a; b')
    expect(storage.getItem('identity')).toEqual(value)
  })

  it('removes cookies with removeItem and when set to undefined or null', () => {
    const storage = createStorage({ storage: cookieStorage })
    storage.setItem('activeNamespace', 'eip155')
    storage.setItem('recentWallets', ['io.metamask'])
    storage.setItem('balance', '1.000')
    storage.removeItem('activeNamespace')
    storage.setItem('recentWallets', undefined)
    storage.setItem('balance', null)
    expect(storage.getItem('activeNamespace')).toBeUndefined()
    expect(storage.getItem('recentWallets', [])).toEqual([])
    expect(document.cookie).toBe('')
  })

  it('stores for the whole site: a value written on one page is read and removed on another', () => {
    goTo('/shop/cart')
    const storage = createStorage({ storage: cookieStorage })
    storage.setItem('activeNamespace', 'solana')
    goTo('/account')
    expect(storage.getItem('activeNamespace')).toBe('solana')
    storage.removeItem('activeNamespace')
    goTo('/shop/cart')
    expect(storage.getItem('activeNamespace')).toBeUndefined()
  })

  it('reads nothing and throws nothing without a document (server render)', () => {
    vi.stubGlobal('document', undefined)
    const storage = createStorage({ storage: cookieStorage })
    expect(() => storage.setItem('activeNamespace', 'eip155')).not.toThrow()
    expect(() => storage.removeItem('activeNamespace')).not.toThrow()
    expect(storage.getItem('activeNamespace', 'fallback')).toBe('fallback')
  })
})
