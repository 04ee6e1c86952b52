// The frame page's script, bundled for the browser by `buildFrameBundle` (esbuild).
import {
  browserPasskeys,
  createFrameHost,
  createHttpAuthApi,
  createHttpSessionRegistry,
  createIndexedDbDeviceShareStore,
  createOverlay,
  createOverlayPrompts,
  createPublicClients,
  type SmartAccountNetworks,
} from '@foyer/frame'
import type { Hex } from 'viem'

/** What the server puts in `<script type="application/json" id="foyer-frame-config">`. */
export type FrameConfig = {
  projectId: string
  allowedOrigins: string[]
  /**
   * Operator-recovery mode: new share sets also seal the recovery share to `recoveryPublicKey`
   * (the operator's), and the frame tells the visitor so. Off by default.
   */
  operatorRecovery: boolean
  /** Only in operator-recovery mode. */
  recoveryPublicKey?: Hex | undefined
  rpcUrls: Record<number, string>
  /** What the approval view shows about each EVM network: its name, native currency, known tokens. */
  chains: Record<
    number,
    {
      name: string
      nativeCurrency: { name: string; symbol: string; decimals: number }
      tokens: { address: Hex; symbol: string; name: string; decimals: number }[]
      /** Other contracts known by name (e.g. a DEX router), lower-case address → name. */
      contracts?: Record<string, string> | undefined
    }
  >
  /** SPL tokens of the server's Solana networks, by mint: approvals name them. */
  solanaTokens?: { mint: string; symbol: string; name: string; decimals: number }[] | undefined
  /**
   * The smart-account networks (`/appkit/v1/config`'s `smartAccounts`) by chain id: the bundler
   * the frame sends user operations to, the EntryPoint and the Delegation Framework's contracts.
   */
  smartAccounts?: SmartAccountNetworks | undefined
}

const element = document.getElementById('foyer-frame-config')
if (!element?.textContent) throw new Error('The frame page has no configuration')
const config = JSON.parse(element.textContent) as FrameConfig

createFrameHost({
  window,
  allowedOrigins: config.allowedOrigins,
  authApi: createHttpAuthApi({ baseUrl: window.location.origin, projectId: config.projectId }),
  deviceShareStore: createIndexedDbDeviceShareStore(),
  operatorRecoveryPublicKey: config.operatorRecovery ? config.recoveryPublicKey : undefined,
  // Every approval, recovery step and key export happens on this overlay, in this origin.
  createPrompts: ({ show, hide }) =>
    createOverlayPrompts({
      overlay: createOverlay({ document, window, onShow: show, onHide: hide }),
      document,
      approvalContext: {
        getPublicClient: createPublicClients(config.rpcUrls),
        chains: config.chains,
        solanaTokens: config.solanaTokens,
      },
    }),
  rpcUrls: config.rpcUrls,
  smartAccounts: config.smartAccounts,
  sessions: createHttpSessionRegistry({
    baseUrl: window.location.origin,
    projectId: config.projectId,
  }),
  chains: config.chains,
  projectId: config.projectId,
  // Passkeys on the frame's own hostname; offered only where WebAuthn with PRF works there.
  passkeys: browserPasskeys(),
})
