import { nameLabelMessages } from '@foyer/protocol'
import { describe, expect, it } from 'vitest'
import { InvalidNameError } from './errors.ts'
import { parseRegistrableName } from './parseRegistrableName.ts'

const zone = 'foyer.eth'
const refusal = (input: string) => {
  try {
    parseRegistrableName(input, zone)
  } catch (error) {
    expect(error).toBeInstanceOf(InvalidNameError)
    return (error as InvalidNameError).shortMessage
  }
  throw new Error(`${input} was accepted`)
}

describe('parseRegistrableName', () => {
  it('takes a label or a full name of the zone, lower-cased', () => {
    expect(parseRegistrableName('alice', zone)).toEqual({
      name: 'alice.foyer.eth',
      label: 'alice',
      zone,
    })
    expect(parseRegistrableName('Visitor-1.FOYER.eth', zone).name).toBe('visitor-1.foyer.eth')
    expect(parseRegistrableName('1234', zone).name).toBe('1234.foyer.eth')
    expect(parseRegistrableName('a'.repeat(63), zone).label).toHaveLength(63)
  })

  it('refuses what SPEC §5 and ENS refuse, saying which rule', () => {
    for (const short of ['abc', 'ab', '', 'a-b'])
      expect(refusal(short)).toBe(nameLabelMessages.characters)
    for (const odd of ['ali_ce', 'alice!', 'al ice', 'alicé', 'ａｌｉｃｅ', 'alice\u0000'])
      expect(refusal(odd)).toBe(nameLabelMessages.characters)
    expect(refusal('a'.repeat(64))).toBe(nameLabelMessages.tooLong)
    expect(refusal('-alice')).toBe(nameLabelMessages.edgeHyphen)
    expect(refusal('alice-')).toBe(nameLabelMessages.edgeHyphen)
    expect(refusal('xn--alice')).toBe(nameLabelMessages.labelExtension)
    expect(refusal('ab--cd')).toBe(nameLabelMessages.labelExtension)
    // Hyphens elsewhere are fine.
    expect(parseRegistrableName('abc--d', zone).name).toBe('abc--d.foyer.eth')
  })

  it('refuses names of other zones and subnames', () => {
    expect(refusal('alice.eth')).toBe('name must end in .foyer.eth')
    expect(refusal('alice.foyer.xyz')).toBe('name must end in .foyer.eth')
    expect(refusal('a.alice.foyer.eth')).toBe(nameLabelMessages.characters)
    expect(refusal('.foyer.eth')).toBe(nameLabelMessages.characters)
  })
})
