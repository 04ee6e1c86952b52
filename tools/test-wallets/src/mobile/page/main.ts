// The mobile test wallet page: `startMobileWallet` serves it; options come from the query string.
import config from 'virtual:foyer-mobile-wallet'
import { blockNonLoopbackFetch } from './blockNonLoopbackFetch.ts'
import { readWalletOptions } from './readWalletOptions.ts'
import { reportOnlineForLoopbackRelay } from './reportOnlineForLoopbackRelay.ts'
import './styles.css'

const root = document.getElementById('app')!
const blocked: string[] = []
let recordBlocked = (url: string) => {
  blocked.push(url)
}
// Installed before the SDK is loaded, so nothing it does can leave loopback unnoticed.
blockNonLoopbackFetch({
  target: window,
  baseUrl: location.href,
  onBlocked: (url) => recordBlocked(url.href),
})

const options = readWalletOptions({
  search: location.search,
  defaultRelayUrl: config.relayUrl,
  accountCount: config.devnet.accounts.length,
})
// Before the SDK loads: on a host with only loopback Chromium says offline, and the SDK would
// never open its socket to the (loopback) relay.
reportOnlineForLoopbackRelay({ target: navigator, relayUrl: options.relayUrl })

try {
  const [{ createMobileWallet }, { renderMobileWallet }] = await Promise.all([
    import('./createMobileWallet.ts'),
    import('./renderMobileWallet.ts'),
  ])
  const wallet = await createMobileWallet({
    chains: config.devnet.chains,
    accounts: config.devnet.accounts,
    relayUrl: options.relayUrl,
    projectId: config.projectId,
    accountIndex: options.accountIndex,
    autoApprove: options.autoApprove,
    solana: config.devnet.solana,
  })
  recordBlocked = (url) => wallet.recordBlockedRequest(url)
  for (const url of blocked) wallet.recordBlockedRequest(url)
  renderMobileWallet({
    root,
    wallet,
    chains: config.devnet.chains,
    accounts: config.devnet.accounts,
    relayUrl: options.relayUrl,
  })
  if (options.uri) {
    // A reload must not pair the same URI twice.
    const url = new URL(location.href)
    url.searchParams.delete('uri')
    history.replaceState(null, '', url)
    await wallet.pair(options.uri)
  }
} catch (error) {
  const message = document.createElement('p')
  message.setAttribute('role', 'alert')
  message.className = 'error'
  message.textContent = `The wallet could not start: ${error instanceof Error ? error.message : String(error)}`
  root.replaceChildren(message)
  throw error
}
