import { defaultProjectFeatures } from '@foyer/protocol'
import { describe, expect, test } from 'vitest'
import { DEFAULT_FEATURES } from '../constants.ts'
import { resolveFeatures } from './resolveFeatures.ts'

describe('the features in effect', () => {
  test('are the app’s (over the defaults) until the project’s server settings are read', () => {
    expect(resolveFeatures({ appFeatures: {} })).toEqual(DEFAULT_FEATURES)
    expect(resolveFeatures({ appFeatures: { swaps: false } }).swaps).toBe(false)
  })

  test('an operator’s "off" wins over the app’s "on"; never the reverse', () => {
    const remoteFeatures = { ...defaultProjectFeatures, swaps: false, activity: true }
    const features = resolveFeatures({
      appFeatures: { swaps: true, activity: false },
      remoteFeatures,
    })
    expect(features.swaps).toBe(false)
    expect(features.activity).toBe(false)
  })

  test('the server’s settings replace the defaults the app left unset', () => {
    const features = resolveFeatures({
      appFeatures: {},
      remoteFeatures: { ...defaultProjectFeatures, multiWallet: true, onramp: false },
    })
    expect(features.multiWallet).toBe(true)
    expect(features.onramp).toBe(false)
    // Features the server does not know stay the app's.
    expect(features.send).toBe(true)
    expect(features.legalCheckbox).toBe(false)
  })

  test('social logins are the app’s list, in its order, filtered by the server’s', () => {
    const features = resolveFeatures({
      appFeatures: { socials: ['github', 'google', 'apple'] },
      remoteFeatures: { ...defaultProjectFeatures, socials: ['google', 'github'] },
    })
    expect(features.socials).toEqual(['github', 'google'])
  })

  test('restricted time zones (SPEC §6) turn off buying and swapping, nothing else', () => {
    for (const timeZone of ['Asia/Shanghai', 'Asia/Hong_Kong', 'Asia/Macau']) {
      const features = resolveFeatures({ appFeatures: {}, timeZone })
      expect(features.onramp, timeZone).toBe(false)
      expect(features.swaps, timeZone).toBe(false)
      expect(features.send, timeZone).toBe(true)
    }
    expect(resolveFeatures({ appFeatures: {}, timeZone: 'Asia/Taipei' }).onramp).toBe(true)
    expect(resolveFeatures({ appFeatures: {}, timeZone: 'Europe/Berlin' }).swaps).toBe(true)
  })
})
