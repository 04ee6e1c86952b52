import { useSyncExternalStore } from 'react'

/** Which store a wallet app comes from on this device. */
export type DevicePlatform = 'ios' | 'android' | 'other'

export type Device = {
  /** A phone or tablet, or a viewport narrow enough to show the dialog as a bottom sheet. */
  isMobile: boolean
  platform: DevicePlatform
}

/** The dialog's own "narrow screen" breakpoint (the bottom sheet in styles.ts). */
export const NARROW_VIEWPORT_QUERY = '(max-width: 430px)'

const desktop: Device = { isMobile: false, platform: 'other' }

/** Reads the device from the user agent and the viewport; a desktop where neither is known. */
export function detectDevice(
  userAgent: string,
  maxTouchPoints: number,
  isNarrowViewport: boolean,
): Device {
  // iPadOS 13+ asks for desktop sites with a Mac user agent: only its touch screen gives it away.
  const platform: DevicePlatform =
    /iPhone|iPad|iPod/.test(userAgent) || (/Macintosh/.test(userAgent) && maxTouchPoints > 1)
      ? 'ios'
      : /Android/.test(userAgent)
        ? 'android'
        : 'other'
  const isMobile = platform !== 'other' || /Mobi/.test(userAgent) || isNarrowViewport
  return { isMobile, platform }
}

let cached: { key: string; device: Device } | undefined

function currentDevice(): Device {
  if (typeof window === 'undefined') return desktop
  const { userAgent = '', maxTouchPoints = 0 } = window.navigator ?? {}
  const narrow =
    typeof window.matchMedia === 'function' && window.matchMedia(NARROW_VIEWPORT_QUERY).matches
  // The same object while nothing changed: useSyncExternalStore compares snapshots with Object.is.
  const key = `${userAgent}|${maxTouchPoints}|${narrow}`
  if (cached?.key !== key) cached = { key, device: detectDevice(userAgent, maxTouchPoints, narrow) }
  return cached.device
}

function subscribe(onChange: () => void) {
  if (typeof window === 'undefined' || typeof window.matchMedia !== 'function') return () => {}
  const query = window.matchMedia(NARROW_VIEWPORT_QUERY)
  query.addEventListener('change', onChange)
  return () => query.removeEventListener('change', onChange)
}

/**
 * The visitor's device, followed as the viewport narrows or widens. A server render and the
 * hydration render see a desktop, so they agree.
 */
export function useDevice(): Device {
  return useSyncExternalStore(subscribe, currentDevice, () => desktop)
}
