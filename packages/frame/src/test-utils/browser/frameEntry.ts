// The frame page of the real-browser test: the production host with the IndexedDB device store
// and the in-memory auth server (the real server routes are not built yet).
import { createIndexedDbDeviceShareStore } from '../../custody/deviceShareStore.ts'
import { createSealingKeyPair } from '../../custody/sealedBox.ts'
import { createFrameHost } from '../../frame/createFrameHost.ts'
import { createMemoryAuthServer } from '../createMemoryAuthServer.ts'

const config = JSON.parse(document.getElementById('foyer-frame-config')?.textContent ?? '{}') as {
  allowedOrigins: string[]
}
const recoveryKey = createSealingKeyPair()
const server = createMemoryAuthServer({ recoverySecretKey: recoveryKey.secretKey })
const deviceShareStore = createIndexedDbDeviceShareStore()
createFrameHost({
  window,
  allowedOrigins: config.allowedOrigins,
  authApi: server.connect(),
  deviceShareStore,
  recoveryPublicKey: recoveryKey.publicKey,
  rpcUrls: { 31337: 'http://127.0.0.1:8545' },
  projectId: 'browser-test',
})
Object.assign(window, { foyerTest: { server, deviceShareStore, createIndexedDbDeviceShareStore } })
