/**
 * Drawn marks for the tokens every Foyer world has (the devnet's ETH, WETH, USDC and DAI, and the
 * native coins of the built-in namespaces). Ours, in the tokens' well-known colours, drawn here so
 * the dialog never shows a letter monogram for them and nothing is fetched from a third party.
 * Other symbols get `undefined` (the caller draws a monogram).
 */
export function tokenMarkSvg(symbol: string): string | undefined {
  const mark = marks[symbol.toUpperCase()]
  if (!mark) return undefined
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="96" height="96" viewBox="0 0 96 96" role="img" aria-label="${mark.label}">` +
    `<circle cx="48" cy="48" r="48" fill="${mark.background}"/>` +
    mark.drawing +
    '</svg>'
  )
}

type Mark = { label: string; background: string; drawing: string }

/** The ether diamond: an upper and a lower half, their left facets lighter. */
const etherDiamond =
  '<path d="M48 12 26 49l22 13z" fill="#fff" fill-opacity=".8"/>' +
  '<path d="M48 12 70 49 48 62z" fill="#fff"/>' +
  '<path d="M48 67 26 54l22 31z" fill="#fff" fill-opacity=".8"/>' +
  '<path d="M48 67 70 54 48 85z" fill="#fff"/>'

/** A slanted bar of the Solana mark, as a parallelogram from (x, y). */
const solanaBar = (y: number, leftLeaning: boolean) =>
  leftLeaning
    ? `<path d="M34 ${y}h38l-10 10H24z" fill="#fff"/>`
    : `<path d="M24 ${y}h38l10 10H34z" fill="#fff"/>`

const marks: Record<string, Mark> = {
  ETH: { label: 'Ether', background: '#627eea', drawing: etherDiamond },
  WETH: { label: 'Wrapped Ether', background: '#393e6f', drawing: etherDiamond },
  USDC: {
    label: 'USD Coin',
    background: '#2775ca',
    // A dollar sign between two arcs.
    drawing:
      '<path d="M37 23a28 28 0 0 0 0 50M59 23a28 28 0 0 1 0 50" fill="none" stroke="#fff" stroke-width="5" stroke-linecap="round"/>' +
      '<path d="M57 39c0-4-4-7-9-7s-9 3-9 7 4 6 9 7 10 3 10 8-5 8-10 8-10-3-10-8M48 26v6M48 62v7" fill="none" stroke="#fff" stroke-width="5" stroke-linecap="round"/>',
  },
  DAI: {
    label: 'Dai',
    background: '#f5ac37',
    // A D crossed by two bars.
    drawing:
      '<path d="M33 26h14a22 22 0 0 1 0 44H33z" fill="none" stroke="#fff" stroke-width="7" stroke-linejoin="round"/>' +
      '<path d="M24 43h50M24 53h50" stroke="#fff" stroke-width="5"/>',
  },
  BTC: {
    label: 'Bitcoin',
    background: '#f7931a',
    // A B with two strokes through it, tilted as the coin's sign is.
    drawing:
      '<g transform="rotate(14 48 48)" fill="none" stroke="#fff" stroke-width="7" stroke-linejoin="round">' +
      '<path d="M36 26h15a10 10 0 0 1 0 21H36zM36 47h17a11 11 0 0 1 0 22H36z"/>' +
      '<path d="M42 18v8M52 18v8M42 69v9M52 69v9" stroke-width="5"/></g>',
  },
  SOL: {
    label: 'Solana',
    background: '#14151a',
    drawing: solanaBar(27, false) + solanaBar(43, true) + solanaBar(59, false),
  },
}
