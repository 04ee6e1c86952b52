import type { View } from '@foyer/core'
import { type ComponentType, type LazyExoticComponent, lazy } from 'react'

type ViewModule = { default: ComponentType }

/** The built views, each its own chunk. Views missing here render 'not available'. */
export const viewLoaders = {
  Connect: () => import('./Connect.tsx'),
  AllWallets: () => import('./AllWallets.tsx'),
  ConnectingExternal: () => import('./ConnectingExternal.tsx'),
  ConnectingMultiChain: () => import('./ConnectingMultiChain.tsx'),
  Account: () => import('./Account.tsx'),
  ProfileWallets: () => import('./ProfileWallets.tsx'),
  SwitchNetwork: () => import('./SwitchNetwork.tsx'),
  UnsupportedChain: () => import('./UnsupportedChain.tsx'),
  SwitchActiveChain: () => import('./SwitchActiveChain.tsx'),
  ConnectingWalletConnect: () => import('./ConnectingWalletConnect.tsx'),
  ConnectingWalletConnectBasic: () => import('./ConnectingWalletConnectBasic.tsx'),
  Send: () => import('./Send.tsx'),
  Receive: () => import('./Receive.tsx'),
  EmailLogin: () => import('./EmailLogin.tsx'),
  EmailVerifyDevice: () => import('./EmailVerifyDevice.tsx'),
  EmailVerifyOtp: () => import('./EmailVerifyOtp.tsx'),
  UpdateEmailWallet: () => import('./UpdateEmailWallet.tsx'),
  ConnectingSocial: () => import('./ConnectingSocial.tsx'),
  ConnectingFarcaster: () => import('./ConnectingFarcaster.tsx'),
  Swap: () => import('./Swap.tsx'),
  OnRamp: () => import('./OnRamp.tsx'),
  RegisterAccountName: () => import('./RegisterAccountName.tsx'),
  RegisterAccountNameSuccess: () => import('./RegisterAccountNameSuccess.tsx'),
  SmartSessions: () => import('./SmartSessions.tsx'),
} satisfies Partial<Record<View, () => Promise<ViewModule>>>

export type BuiltView = keyof typeof viewLoaders

export function isBuiltView(view: string): view is BuiltView {
  return Object.hasOwn(viewLoaders, view)
}

/** View components whose chunk has arrived: rendered directly, with no Suspense fallback. */
const loadedViews: Partial<Record<BuiltView, ComponentType>> = {}

function loadView(view: BuiltView): Promise<ViewModule> {
  return viewLoaders[view]().then((module) => {
    loadedViews[view] = module.default
    return module
  })
}

/** Lazy components per built view (lazy() caches the loaded module itself). */
const lazyViews = Object.fromEntries(
  (Object.keys(viewLoaders) as BuiltView[]).map((view) => [view, lazy(() => loadView(view))]),
) as Record<BuiltView, LazyExoticComponent<ComponentType>>

/** The component each view rendered with first: a view keeps it for good. */
const shownViews: Partial<Record<BuiltView, ComponentType>> = {}

/**
 * The component of a view: the loaded one when its chunk is here (preloaded on hover or with the
 * dialog), so it paints in the same frame; otherwise a lazy one that suspends while it loads.
 * Once chosen it stays: switching from the lazy wrapper to the loaded component would be a new
 * element type to React, remounting the view and dropping what the visitor typed.
 */
export function viewComponent(view: BuiltView): ComponentType {
  shownViews[view] ??= loadedViews[view] ?? lazyViews[view]
  return shownViews[view]
}

/** Starts loading a view's chunk ahead of showing it (e.g. on hover of the button). */
export function preloadView(view: View): Promise<unknown> {
  return isBuiltView(view) ? loadView(view) : Promise.resolve()
}
