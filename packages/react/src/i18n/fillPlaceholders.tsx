import type { ReactNode } from 'react'

/**
 * Splits a translated sentence at its `{placeholders}` and puts elements there (links inside a
 * sentence whose word order each language decides). Text without a value stays as written.
 */
export function fillPlaceholders(
  text: string,
  values: Readonly<Record<string, ReactNode>>,
): ReactNode[] {
  return text
    .split(/(\{\w+\})/)
    .filter((part) => part !== '')
    .map((part) => {
      const name = /^\{(\w+)\}$/.exec(part)?.[1]
      return name !== undefined && Object.hasOwn(values, name) ? values[name] : part
    })
}
