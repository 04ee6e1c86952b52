// A frame page with the production host, the production overlay prompts (what the visitor sees)
// and the browser's passkeys, over the in-memory auth server: for benchmarks of the frame.
import { createIndexedDbDeviceShareStore } from '../../custody/deviceShareStore.ts'
import { createFrameHost } from '../../frame/createFrameHost.ts'
import { createOverlayPrompts } from '../../frame/createOverlayPrompts.ts'
import { createPublicClients } from '../../frame/handleRpcRequest.ts'
import { browserPasskeys } from '../../frame/passkeyFactor.ts'
import { createOverlay } from '../../ui/createOverlay.ts'
import { createMemoryAuthServer } from '../createMemoryAuthServer.ts'

const config = JSON.parse(document.getElementById('foyer-frame-config')?.textContent ?? '{}') as {
  allowedOrigins: string[]
}
const server = createMemoryAuthServer()
const deviceShareStore = createIndexedDbDeviceShareStore()
const rpcUrls = { 31337: 'http://127.0.0.1:9' }
createFrameHost({
  window,
  allowedOrigins: config.allowedOrigins,
  authApi: server.connect(),
  deviceShareStore,
  passkeys: browserPasskeys(),
  createPrompts: ({ show, hide }) =>
    createOverlayPrompts({
      overlay: createOverlay({ document, window, onShow: show, onHide: hide }),
      document,
      approvalContext: {
        getPublicClient: createPublicClients(rpcUrls),
        chains: {},
        timeoutMs: 500,
      },
    }),
  rpcUrls,
  projectId: 'bench',
  deviceRequestPollMs: 0,
})
Object.assign(window, { foyerTest: { server, deviceShareStore } })
