export type MonogramSvgParameters = {
  /** Text to draw: the first one or two letters of it are used. */
  label: string
  /** Background colour (any CSS colour); derived from the label when absent. */
  color?: string | undefined
  /** `circle` for tokens and networks, `square` (rounded) for wallets. */
  shape?: 'circle' | 'square'
}

/**
 * A generated, licence-free icon: the label's initials on a coloured tile. Used for built-in
 * wallets, networks, tokens and currencies, so the server needs no third-party artwork.
 */
export function monogramSvg({ label, color, shape = 'square' }: MonogramSvgParameters): string {
  const initials = initialsOf(label)
  const background = color ?? colorFor(label)
  const tile =
    shape === 'circle'
      ? `<circle cx="48" cy="48" r="48" fill="${escapeXml(background)}"/>`
      : `<rect width="96" height="96" rx="22" fill="${escapeXml(background)}"/>`
  const fontSize = initials.length > 1 ? 38 : 46
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="96" height="96" viewBox="0 0 96 96" role="img" aria-label="${escapeXml(label)}">` +
    tile +
    `<text x="48" y="50" dominant-baseline="middle" text-anchor="middle" font-family="system-ui,-apple-system,Segoe UI,Roboto,sans-serif" font-size="${fontSize}" font-weight="600" fill="#fff">${escapeXml(initials)}</text>` +
    '</svg>'
  )
}

function initialsOf(label: string): string {
  const symbols = [...label.trim()]
  if (symbols.length === 0) return '?'
  // Currency signs and short tickers stay whole; names give the initials of their first words.
  if (symbols.length <= 2) return symbols.join('').toUpperCase()
  const words = label.split(/[\s_.-]+/).filter((word) => /[\p{L}\p{N}]/u.test(word))
  if (words.length >= 2) return [...words[0]!][0]!.toUpperCase() + [...words[1]!][0]!.toUpperCase()
  return symbols
    .slice(0, 2)
    .join('')
    .replace(/^./, (c) => c.toUpperCase())
}

/** A stable, readable background colour from a label (same label → same colour). */
export function colorFor(label: string): string {
  let hash = 0
  for (const char of label) hash = (hash * 31 + char.codePointAt(0)!) >>> 0
  return `hsl(${hash % 360}, 55%, 42%)`
}

function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`)
}
