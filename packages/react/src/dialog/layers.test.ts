import { describe, expect, test } from 'vitest'
import { createLayerStack } from './layers.tsx'

describe('layer stack', () => {
  test('Escape dismisses the nested layer before the dialog', () => {
    const dismissed: string[] = []
    const stack = createLayerStack()
    stack.push({ dismiss: () => dismissed.push('dialog') })
    const removeMenu = stack.push({ dismiss: () => dismissed.push('menu') })
    expect(stack.dismissTop()).toBe(true)
    expect(dismissed).toEqual(['menu'])
    removeMenu()
    stack.dismissTop()
    expect(dismissed).toEqual(['menu', 'dialog'])
  })

  test('reports when there is nothing to dismiss', () => {
    expect(createLayerStack().dismissTop()).toBe(false)
  })
})
