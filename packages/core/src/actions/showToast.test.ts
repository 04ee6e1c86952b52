import { afterEach, describe, expect, it, vi } from 'vitest'
import { createTestFoyer } from '../test-utils.ts'
import { hideToast, showToast } from './showToast.ts'

afterEach(() => vi.useRealTimers())

describe('showToast', () => {
  it('shows a toast at once when none is open', async () => {
    const foyer = createTestFoyer()
    const toast = await showToast(foyer, { variant: 'success', message: 'Address copied' })
    expect(foyer.getState().toast).toEqual(toast)
    expect(toast).toMatchObject({ variant: 'success', message: 'Address copied' })
  })

  it('hides an open toast and leaves a 150 ms gap before the next one', async () => {
    vi.useFakeTimers()
    const foyer = createTestFoyer()
    await showToast(foyer, { variant: 'loading', message: 'Switching network' })
    const next = showToast(foyer, { variant: 'error', message: 'Token Balance Unavailable' })
    await vi.advanceTimersByTimeAsync(0)
    expect(foyer.getState().toast).toBeUndefined()
    await vi.advanceTimersByTimeAsync(149)
    expect(foyer.getState().toast).toBeUndefined()
    await vi.advanceTimersByTimeAsync(1)
    await next
    expect(foyer.getState().toast).toMatchObject({ message: 'Token Balance Unavailable' })
  })

  it('keeps a loading toast until hidden and auto-hides the others', async () => {
    vi.useFakeTimers()
    const foyer = createTestFoyer()
    const loading = await showToast(foyer, { variant: 'loading', message: 'Connecting' })
    await vi.advanceTimersByTimeAsync(60_000)
    expect(foyer.getState().toast?.id).toBe(loading.id)
    hideToast(foyer)
    await showToast(foyer, { variant: 'success', message: 'Done' })
    await vi.advanceTimersByTimeAsync(2_500)
    expect(foyer.getState().toast).toBeUndefined()
  })
})
