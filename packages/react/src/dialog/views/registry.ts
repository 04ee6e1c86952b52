import type { View } from '@foyer/core'
import { type ComponentType, type LazyExoticComponent, lazy } from 'react'

type ViewModule = { default: ComponentType }

/** The built views, each its own chunk. Views missing here render 'not available'. */
export const viewLoaders = {
  Connect: () => import('./Connect.tsx'),
  AllWallets: () => import('./AllWallets.tsx'),
  ConnectingExternal: () => import('./ConnectingExternal.tsx'),
  Account: () => import('./Account.tsx'),
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
} satisfies Partial<Record<View, () => Promise<ViewModule>>>

export type BuiltView = keyof typeof viewLoaders

export function isBuiltView(view: string): view is BuiltView {
  return Object.hasOwn(viewLoaders, view)
}

/** Lazy components per built view (lazy() caches the loaded module itself). */
export const lazyViews: Record<BuiltView, LazyExoticComponent<ComponentType>> = {
  Connect: lazy(viewLoaders.Connect),
  AllWallets: lazy(viewLoaders.AllWallets),
  ConnectingExternal: lazy(viewLoaders.ConnectingExternal),
  Account: lazy(viewLoaders.Account),
  SwitchNetwork: lazy(viewLoaders.SwitchNetwork),
  UnsupportedChain: lazy(viewLoaders.UnsupportedChain),
  SwitchActiveChain: lazy(viewLoaders.SwitchActiveChain),
  ConnectingWalletConnect: lazy(viewLoaders.ConnectingWalletConnect),
  ConnectingWalletConnectBasic: lazy(viewLoaders.ConnectingWalletConnectBasic),
  Send: lazy(viewLoaders.Send),
  Receive: lazy(viewLoaders.Receive),
  EmailLogin: lazy(viewLoaders.EmailLogin),
  EmailVerifyDevice: lazy(viewLoaders.EmailVerifyDevice),
  EmailVerifyOtp: lazy(viewLoaders.EmailVerifyOtp),
  UpdateEmailWallet: lazy(viewLoaders.UpdateEmailWallet),
}

/** Starts loading a view's chunk ahead of showing it (e.g. on hover of the button). */
export function preloadView(view: View): Promise<unknown> {
  return isBuiltView(view) ? viewLoaders[view]() : Promise.resolve()
}
