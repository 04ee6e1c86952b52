import { describe, expect, it } from 'vitest'
import { createTestFoyer } from '../test-utils.ts'
import { close } from './close.ts'
import { goBack } from './goBack.ts'
import { navigate } from './navigate.ts'
import { open } from './open.ts'

describe('open', () => {
  it('opens on Connect when no address is connected', () => {
    const foyer = createTestFoyer()
    open(foyer)
    expect(foyer.getState().dialog).toMatchObject({ open: true, view: 'Connect' })
  })

  it('opens on Account when an address is connected', () => {
    const foyer = createTestFoyer()
    foyer.store.setState((state) => ({
      account: { ...state.account, address: '0x0000000000000000000000000000000000000001' },
    }))
    open(foyer)
    expect(foyer.getState().dialog.view).toBe('Account')
  })

  it('opens the requested view with its data', () => {
    const foyer = createTestFoyer()
    open(foyer, { view: 'ConnectingExternal', data: { connectorId: 'dev.foyer.testwallet' } })
    expect(foyer.getState().dialog).toMatchObject({
      view: 'ConnectingExternal',
      data: { connectorId: 'dev.foyer.testwallet' },
    })
  })

  it('tells event subscribers the dialog opened and closed', () => {
    const foyer = createTestFoyer()
    const events: string[] = []
    foyer.subscribeEvents((event) => events.push(event.type))
    open(foyer)
    close(foyer)
    close(foyer)
    expect(events).toEqual(['MODAL_OPEN', 'MODAL_CLOSE'])
  })
})

describe('close', () => {
  it('closes and resets the view to Connect', () => {
    const foyer = createTestFoyer()
    open(foyer, { view: 'Networks' })
    navigate(foyer, { view: 'SwitchNetwork' })
    close(foyer)
    expect(foyer.getState().dialog).toMatchObject({ open: false, view: 'Connect', history: [] })
  })
})

describe('goBack', () => {
  it('returns to the previous view with its data', () => {
    const foyer = createTestFoyer()
    open(foyer)
    navigate(foyer, { view: 'AllWallets', data: { search: 'foyer' } })
    navigate(foyer, { view: 'ConnectingExternal', data: { connectorId: 'x' } })
    goBack(foyer)
    expect(foyer.getState().dialog).toMatchObject({ view: 'AllWallets', data: { search: 'foyer' } })
  })

  it('closes the dialog when going back from the first view', () => {
    const foyer = createTestFoyer()
    open(foyer, { view: 'AllWallets' })
    goBack(foyer)
    expect(foyer.getState().dialog).toMatchObject({ open: false, view: 'Connect' })
  })

  it('skips a replaced view', () => {
    const foyer = createTestFoyer()
    open(foyer)
    navigate(foyer, { view: 'EmailLogin' })
    navigate(foyer, { view: 'EmailVerifyOtp', replace: true })
    goBack(foyer)
    expect(foyer.getState().dialog.view).toBe('Connect')
  })
})
