// The frame page of the real-browser test: the production host with the IndexedDB device store
// and the in-memory auth server (the real server routes are not built yet).
import { createIndexedDbDeviceShareStore } from '../../custody/deviceShareStore.ts'
import { createFrameHost } from '../../frame/createFrameHost.ts'
import { createMemoryAuthServer } from '../createMemoryAuthServer.ts'
import { createScriptedPrompts } from '../createScriptedPrompts.ts'

const config = JSON.parse(document.getElementById('foyer-frame-config')?.textContent ?? '{}') as {
  allowedOrigins: string[]
}
const server = createMemoryAuthServer()
// The visitor approves everything here; the overlay's own guard is tested in ui/overlay.browser.test.ts.
const prompts = createScriptedPrompts()
const deviceShareStore = createIndexedDbDeviceShareStore()
createFrameHost({
  window,
  allowedOrigins: config.allowedOrigins,
  authApi: server.connect(),
  deviceShareStore,
  createPrompts: prompts.createPrompts,
  rpcUrls: { 31337: 'http://127.0.0.1:8545' },
  projectId: 'browser-test',
})
Object.assign(window, { foyerTest: { server, deviceShareStore, createIndexedDbDeviceShareStore } })
