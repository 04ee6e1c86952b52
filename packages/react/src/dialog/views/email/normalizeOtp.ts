/** Digits in the one-time codes the embedded wallet's server emails. */
export const OTP_LENGTH = 6

const decimalDigit = /\p{Nd}/u

/** The value 0–9 of a decimal digit of any script (Unicode keeps each script's 0–9 contiguous). */
function digitValue(character: string): number {
  const codePoint = character.codePointAt(0)!
  let zero = codePoint
  while (decimalDigit.test(String.fromCodePoint(zero - 1))) zero--
  return (codePoint - zero) % 10
}

/**
 * The code's ASCII digits from what was typed or pasted: '123 456', ' 123-456 ' or '١٢٣٤٥٦'
 * (an Arabic or Devanagari keyboard) all give '123456'. Anything past the 6th digit is dropped.
 */
export function normalizeOtp(text: string): string {
  let digits = ''
  for (const character of text) {
    if (!decimalDigit.test(character)) continue
    digits += digitValue(character)
    if (digits.length === OTP_LENGTH) break
  }
  return digits
}
