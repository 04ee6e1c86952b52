import { nameLabelMessages, nameLabelProblem } from '@foyer/protocol'
import { normalize } from 'viem/ens'
import { InvalidNameError } from './errors.ts'

export type RegistrableName = {
  /** `alice.foyer.eth`: lower-case, ENS-normalized. */
  name: string
  /** `alice`. */
  label: string
  zone: string
}

/**
 * Reads a name a visitor may register in `zone`: a label (`Alice`) or a full name of the zone
 * (`alice.foyer.eth`), lower-cased. Refuses with the specific rule it breaks (SPEC §5, ENS).
 */
export function parseRegistrableName(input: string, zone: string): RegistrableName {
  const lower = input.toLowerCase()
  const suffix = `.${zone}`
  let label = lower
  if (lower.endsWith(suffix)) label = lower.slice(0, -suffix.length)
  else if (lower.includes('.')) throw new InvalidNameError(`name must end in ${suffix}`)
  const problem = nameLabelProblem(label)
  if (problem) throw new InvalidNameError(problem)
  const name = `${label}${suffix}`
  // The label rules admit only what ENSIP-15 keeps as is; checked anyway, since a name that
  // normalizes to something else would never be asked for by an ENS client.
  if (safeNormalize(name) !== name) throw new InvalidNameError(nameLabelMessages.characters)
  return { name, label, zone }
}

function safeNormalize(name: string): string | undefined {
  try {
    return normalize(name)
  } catch {
    return undefined
  }
}
