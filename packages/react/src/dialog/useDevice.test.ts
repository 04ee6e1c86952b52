import { describe, expect, test } from 'vitest'
import { detectDevice } from './useDevice.ts'

const agents = {
  iphone:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  // iPadOS asks for desktop sites: a Mac user agent, told apart by its touch screen.
  ipadOrMac:
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15',
  androidTablet:
    'Mozilla/5.0 (Linux; Android 14; SM-X710) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36',
  windows:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36',
  firefoxOs: 'Mozilla/5.0 (Mobile; rv:48.0) Gecko/48.0 Firefox/48.0',
}

describe('detectDevice', () => {
  test('phones and tablets by their user agent', () => {
    expect(detectDevice(agents.iphone, 5, false)).toEqual({ isMobile: true, platform: 'ios' })
    expect(detectDevice(agents.ipadOrMac, 5, false)).toEqual({ isMobile: true, platform: 'ios' })
    expect(detectDevice(agents.androidTablet, 10, false)).toEqual({
      isMobile: true,
      platform: 'android',
    })
    expect(detectDevice(agents.firefoxOs, 1, false)).toEqual({ isMobile: true, platform: 'other' })
  })

  test('a desktop stays one, touch screen or not, until its viewport is phone-narrow', () => {
    expect(detectDevice(agents.ipadOrMac, 0, false)).toEqual({ isMobile: false, platform: 'other' })
    expect(detectDevice(agents.windows, 10, false)).toEqual({ isMobile: false, platform: 'other' })
    expect(detectDevice(agents.windows, 0, true)).toEqual({ isMobile: true, platform: 'other' })
    expect(detectDevice('', 0, false)).toEqual({ isMobile: false, platform: 'other' })
  })
})
