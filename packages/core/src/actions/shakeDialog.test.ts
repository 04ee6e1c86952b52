import { afterEach, describe, expect, it, vi } from 'vitest'
import { createTestFoyer } from '../test-utils.ts'
import { shakeDialog } from './shakeDialog.ts'

afterEach(() => vi.useRealTimers())

describe('shakeDialog', () => {
  it('shakes the dialog for 500 ms', () => {
    vi.useFakeTimers()
    const foyer = createTestFoyer()
    shakeDialog(foyer)
    expect(foyer.getState().dialog.shake).toBe(true)
    vi.advanceTimersByTime(499)
    expect(foyer.getState().dialog.shake).toBe(true)
    vi.advanceTimersByTime(1)
    expect(foyer.getState().dialog.shake).toBe(false)
  })
})
