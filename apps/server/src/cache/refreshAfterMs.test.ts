import { describe, expect, it } from 'vitest'
import { refreshAfterMs } from './refreshAfterMs.ts'

describe('refreshAfterMs', () => {
  it('reads a second ahead, or halfway through a lifetime under 2 s', () => {
    expect(refreshAfterMs(5_000)).toBe(4_000)
    expect(refreshAfterMs(2_000)).toBe(1_000)
    expect(refreshAfterMs(1_000)).toBe(500)
    expect(refreshAfterMs(100)).toBe(50)
  })
})
