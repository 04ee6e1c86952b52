export type ThemeVariables = Readonly<Record<string, string | number | undefined>>

const customPropertyName = /^--foyer-[a-z0-9-]+$/
// Lengths given as numbers are pixels (`'--foyer-border-radius': 8`); other numbers (the z-index)
// are unitless.
const pixelVariables: ReadonlySet<string> = new Set([
  '--foyer-border-radius',
  '--foyer-modal-width',
  '--foyer-font-size-base',
])
// A value must not be able to close the declaration or the rule it sits in.
const unsafeValue = /[;{}<>]|\/\*|\\/

/**
 * The valid theme variable overrides as custom properties (`{ '--foyer-accent': 'red' }`), for the
 * dialog's shadow root and the buttons on the page alike. Entries whose name is not a `--foyer-*`
 * custom property or whose value could break out of a declaration are dropped.
 */
export function themeProperties(
  themeVariables: ThemeVariables | undefined,
): Record<`--foyer-${string}`, string> {
  const properties: Record<string, string> = {}
  for (const [name, raw] of Object.entries(themeVariables ?? {})) {
    const value =
      typeof raw === 'number' ? `${raw}${pixelVariables.has(name) ? 'px' : ''}` : raw?.trim()
    if (value && customPropertyName.test(name) && !unsafeValue.test(value)) properties[name] = value
  }
  return properties
}
