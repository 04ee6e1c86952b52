/** A date and time in the visitor's locale, e.g. 'Mar 4, 2025, 2:05 PM' or '4 mars 2025, 14:05'. */
export function formatDateTime(value: string | number | Date, locale: string): string {
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(
    new Date(value),
  )
}
