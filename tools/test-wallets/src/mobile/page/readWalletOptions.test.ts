import { describe, expect, it } from 'vitest'
import { readWalletOptions } from './readWalletOptions.ts'

const defaults = { defaultRelayUrl: 'ws://127.0.0.1:4402', accountCount: 10 }

describe('readWalletOptions', () => {
  it('uses the local relay, account 0 and manual approval without options', () => {
    expect(readWalletOptions({ search: '', ...defaults })).toEqual({
      uri: undefined,
      relayUrl: 'ws://127.0.0.1:4402',
      autoApprove: false,
      accountIndex: 0,
    })
  })

  it('reads a deep-linked pairing URI, a relay override, auto-approve and the account', () => {
    const uri = 'wc:7f6e@2?relay-protocol=irn&symKey=587d&expiryTimestamp=1700000000'
    const search = `?uri=${encodeURIComponent(uri)}&relayUrl=${encodeURIComponent('ws://127.0.0.1:9000')}&autoApprove=1&account=3`
    expect(readWalletOptions({ search, ...defaults })).toEqual({
      uri,
      relayUrl: 'ws://127.0.0.1:9000',
      autoApprove: true,
      accountIndex: 3,
    })
  })

  it('ignores a URI that is not a WalletConnect URI, a relay that is not a WebSocket and an unknown account', () => {
    const search = '?uri=https://example.com&relayUrl=http://127.0.0.1:1&account=10&autoApprove=no'
    expect(readWalletOptions({ search, ...defaults })).toEqual({
      uri: undefined,
      relayUrl: 'ws://127.0.0.1:4402',
      autoApprove: false,
      accountIndex: 0,
    })
  })
})
