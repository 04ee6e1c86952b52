export type MessageValues = Readonly<Record<string, string | number>>

/**
 * Fills `{name}` placeholders of a catalog entry. Numbers are formatted for `locale` with `Intl`;
 * a placeholder without a value is left as written so a missing value is visible, not blank.
 */
export function formatMessage(
  template: string,
  values: MessageValues | undefined,
  locale: string,
): string {
  if (!values) return template
  return template.replace(/\{(\w+)\}/g, (placeholder, name: string) => {
    const value = values[name]
    if (value === undefined) return placeholder
    return typeof value === 'number' ? new Intl.NumberFormat(locale).format(value) : value
  })
}
