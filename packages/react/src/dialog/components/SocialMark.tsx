import type { SocialOption } from '@foyer/core'
import { socialMarks } from './socialMarks.ts'

/** A provider's mark (decorative: the button's text names the provider). */
export function SocialMark({ provider, size = 20 }: { provider: SocialOption; size?: number }) {
  const mark = socialMarks[provider]
  return (
    <svg
      className="foyer-social-mark"
      width={size}
      height={size}
      viewBox="0 0 24 24"
      aria-hidden="true"
      focusable="false"
      fill={mark.color ?? 'currentColor'}
    >
      <path d={mark.path} />
    </svg>
  )
}
