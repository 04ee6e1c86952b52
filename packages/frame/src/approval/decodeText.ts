import { bytesToHex } from 'viem'
import type { ApprovalText } from './types.ts'

// C0 controls other than tab, line feed and carriage return; DEL and the C1 controls.
// biome-ignore lint/suspicious/noControlCharactersInRegex: that is what it looks for
const controlCharacters = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/
// Characters that reorder or hide text (bidi overrides, zero-width spaces, BOM): shown as
// `⟦U+202E⟧` so a message cannot read differently from what is signed.
const invisibleCharacters = /[\u200B\u200C\u200E\u200F\u202A-\u202E\u2060\u2066-\u2069\uFEFF]/g

/** Bytes as UTF-8 text when they decode to printable text, else as 0x-hex. */
export function decodeText(bytes: Uint8Array): ApprovalText {
  const byteLength = bytes.length
  try {
    const text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(bytes)
    if (!controlCharacters.test(text))
      return { encoding: 'utf8', text: revealInvisibleCharacters(text), byteLength }
  } catch {
    // Not UTF-8: hex below.
  }
  return { encoding: 'hex', text: bytesToHex(bytes), byteLength }
}

export function revealInvisibleCharacters(text: string): string {
  return text.replace(
    invisibleCharacters,
    (character) => `⟦U+${character.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}⟧`,
  )
}
