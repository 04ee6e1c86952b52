import { randomInt } from 'node:crypto'
import { type NameSuggestion, nameLabelLength, nameLabelProblem } from '@foyer/protocol'
import type { Kysely } from 'kysely'
import type { Database } from '../db/schema.ts'
import { findRegisteredNames } from './nameStore.ts'
import type { RegistrableName } from './parseRegistrableName.ts'

/** How many free variants a suggestion list offers besides the name asked for. */
export const suggestedVariants = 5

/**
 * Variants of a valid label, most natural first and interleaved by kind (a digit, a hyphenated
 * number, a word), each a valid label itself: long labels are cut to leave room for the suffix.
 */
export function nameVariants(label: string): string[] {
  const words = ['id', 'me', 'app', 'wallet', 'web3', 'eth', 'hq', 'xyz']
  const variants: string[] = []
  for (let round = 0; round < words.length; round++) {
    const number = round + 1
    variants.push(
      withSuffix(label, String(number)),
      withSuffix(label, `-${number}`),
      withSuffix(label, `-${words[round]}`),
    )
  }
  variants.push(withPrefix(label, 'my-'), withPrefix(label, 'the-'), withPrefix(label, 'real-'))
  return [...new Set(variants)].filter((variant) => variant !== label && !nameLabelProblem(variant))
}

function withSuffix(label: string, suffix: string): string {
  return `${trimEdge(label.slice(0, nameLabelLength.max - suffix.length))}${suffix}`
}

function withPrefix(label: string, prefix: string): string {
  return `${prefix}${label.slice(0, nameLabelLength.max - prefix.length)}`.replace(/-+$/, '')
}

function trimEdge(text: string): string {
  return text.replace(/-+$/, '')
}

export type SuggestNamesParameters = {
  db: Kysely<Database>
  name: RegistrableName
  /** Random 4-digit suffixes, when every fixed variant is taken. */
  random?: () => number
}

/**
 * The name asked for (with whether it is registered), then up to 5 free variants of it; at
 * least 3 whenever the name itself is taken (random 4-digit suffixes fill in when the fixed
 * variants are all taken).
 */
export async function suggestNames(parameters: SuggestNamesParameters): Promise<NameSuggestion[]> {
  const { db, name } = parameters
  const random = parameters.random ?? (() => randomInt(1000, 10_000))
  const full = (label: string) => `${label}.${name.zone}`
  const candidates = nameVariants(name.label).map(full)
  const registered = await findRegisteredNames(db, [name.name, ...candidates])
  const free = candidates.filter((candidate) => !registered.has(candidate))
  for (let attempt = 0; free.length < 3 && attempt < 5; attempt++) {
    const extra = [0, 1, 2, 3, 4]
      .map(() => full(withSuffix(name.label, String(random()))))
      .filter((candidate) => !free.includes(candidate))
    const taken = await findRegisteredNames(db, extra)
    free.push(...new Set(extra.filter((candidate) => !taken.has(candidate))))
  }
  return [
    { name: name.name, registered: registered.has(name.name) },
    ...free
      .slice(0, suggestedVariants)
      .map((candidate) => ({ name: candidate, registered: false })),
  ]
}
