import { close, open } from '@foyer/core'
import { describe, expect, test } from 'vitest'
import { openingView } from './openingView.ts'
import { createTestSetup } from './testUtils.tsx'

describe('openingView', () => {
  // The dialog rendered ahead while closed shows this view: it must be the one open() shows.
  test.each([
    ['disconnected', {}, {}, 'Connect'],
    ['connected', { address: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266' }, {}, 'Account'],
    [
      'connected on a network the app does not list',
      { address: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266' },
      { unsupportedNetwork: true },
      'UnsupportedChain',
    ],
  ] as const)('is the view open() shows when %s', (_, account, rest, expected) => {
    const { foyer } = createTestSetup()
    const state = foyer.getState()
    foyer.store.setState({ ...rest, account: { ...state.account, ...account } })
    expect(openingView(foyer.getState(), foyer.config)).toBe(expected)
    open(foyer)
    expect(foyer.getState().dialog.view).toBe(expected)
    close(foyer)
  })
})
