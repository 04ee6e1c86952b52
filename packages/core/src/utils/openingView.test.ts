import { describe, expect, test } from 'vitest'
import { close } from '../actions/close.ts'
import { open } from '../actions/open.ts'
import { createTestFoyer } from '../test-utils.ts'
import { openingView } from './openingView.ts'

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
    const foyer = createTestFoyer()
    const state = foyer.getState()
    foyer.store.setState({ ...rest, account: { ...state.account, ...account } })
    expect(openingView(foyer.getState(), foyer.config)).toBe(expected)
    open(foyer)
    expect(foyer.getState().dialog.view).toBe(expected)
    close(foyer)
  })

  test('is Account on a network the app does not list when the app allows unsupported chains', () => {
    const foyer = createTestFoyer({ allowUnsupportedChain: true })
    const state = foyer.getState()
    foyer.store.setState({
      unsupportedNetwork: true,
      account: { ...state.account, address: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266' },
    })
    expect(openingView(foyer.getState(), foyer.config)).toBe('Account')
    open(foyer)
    expect(foyer.getState().dialog.view).toBe('Account')
  })
})
