// The frame page's script, bundled for the browser by `buildFrameBundle` (esbuild).
import { createFrameHost, createHttpAuthApi, createIndexedDbDeviceShareStore } from '@foyer/frame'
import type { Hex } from 'viem'

/** What the server puts in `<script type="application/json" id="foyer-frame-config">`. */
export type FrameConfig = {
  projectId: string
  allowedOrigins: string[]
  recoveryPublicKey: Hex
  rpcUrls: Record<number, string>
}

const element = document.getElementById('foyer-frame-config')
if (!element?.textContent) throw new Error('The frame page has no configuration')
const config = JSON.parse(element.textContent) as FrameConfig

createFrameHost({
  window,
  allowedOrigins: config.allowedOrigins,
  authApi: createHttpAuthApi({ baseUrl: window.location.origin, projectId: config.projectId }),
  deviceShareStore: createIndexedDbDeviceShareStore(),
  recoveryPublicKey: config.recoveryPublicKey,
  rpcUrls: config.rpcUrls,
  projectId: config.projectId,
})
