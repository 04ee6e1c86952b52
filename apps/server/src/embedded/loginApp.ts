import { createHash } from 'node:crypto'
import type { LoginApp } from '@foyer/frame/protocol'

/** The app a login is for, as the server's own pages and mails show it. */
export type LoginAppDisplay = {
  /** The origin the frame saw the app on (allowed by the project). */
  origin: string
  /** What the app calls itself, cleaned and shortened; absent when it said nothing usable. */
  name?: string | undefined
}

export type PageThemeMode = 'light' | 'dark' | 'system'

/** Longer names are cut with an ellipsis (as the frame's cards do): the origin stays in view. */
export const appNameMaxLength = 48

/**
 * What the app calls itself, made safe to show as text: any page can claim any name, so control,
 * format (bidi overrides, zero-width) and line characters go, spaces collapse, and it is cut to
 * `appNameMaxLength` characters. Escaping for HTML is the page's job.
 */
export function cleanAppName(name: string | null | undefined): string | undefined {
  if (!name) return undefined
  const cleaned = name
    .replace(/[\p{Cc}\p{Cf}\p{Co}\p{Cs}\p{Zl}\p{Zp}]/gu, ' ')
    .replace(/\s+/gu, ' ')
    .trim()
  const characters = [...cleaned]
  if (characters.length === 0) return undefined
  return characters.length > appNameMaxLength
    ? `${characters.slice(0, appNameMaxLength - 1).join('')}…`
    : cleaned
}

/** `light` | `dark` | `system` from a stored or sent value; anything else follows the system. */
export const themeModeOf = (mode: string | null | undefined): PageThemeMode =>
  mode === 'light' || mode === 'dark' ? mode : 'system'

/** The columns a login stores of its app (`app_name`, `theme_mode`). */
export const loginAppColumns = (app: LoginApp | undefined) => ({
  app_name: cleanAppName(app?.name) ?? null,
  theme_mode: app?.themeMode ?? null,
})

/** `Name (https://app.example)`, or the origin alone: the name never stands without it. */
export const appLabel = (app: LoginAppDisplay) =>
  app.name ? `${app.name} (${app.origin})` : app.origin

/**
 * A page's style in the app's mode: the light rules, the dark ones on top for `dark`, or under
 * `prefers-color-scheme: dark` for `system`. With the CSP `style-src` that allows exactly it.
 */
export function themedPageStyle(light: string, dark: string, mode: PageThemeMode) {
  const css =
    mode === 'light'
      ? `:root{color-scheme:light}${light}`
      : mode === 'dark'
        ? `:root{color-scheme:dark}${light}${dark}`
        : `:root{color-scheme:light dark}${light}@media (prefers-color-scheme:dark){${dark}}`
  return { css, styleSource: `'sha256-${createHash('sha256').update(css).digest('base64')}'` }
}

export const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  )
