// @vitest-environment happy-dom
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import {
  connect,
  createFoyer,
  createMemoryStorage,
  createStorage,
  type Foyer,
  navigate,
  open,
} from '@foyer/core'
import { anvil } from '@foyer/core/networks'
import { getSessionsResponse, type Session } from '@foyer/protocol'
import { act, cleanup, fireEvent, render, waitFor } from '@testing-library/react'
import * as v from 'valibot'
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest'
import { createMemoryWallet } from '../../../../core/src/test-utils.ts'
import { FoyerProvider } from '../../FoyerProvider.tsx'
import { findDialog } from '../../testUtils.tsx'

const eoa = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const smartAccount = '0x5FbDB2315678afecb367f032d93F642f64180aa3'
const usdc = '0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512'
const pci = `0x${'ab'.repeat(32)}`

/**
 * The server's session registry for one account, on loopback: what `GET /v1/sessions/{id}`
 * answers (checked against the protocol's schema), and a switch to make it fail.
 */
let registry: { sessions: Session[]; failing: boolean; asked: string[] }
let server: Server
let serverUrl: string

beforeAll(async () => {
  server = createServer((request, response) => {
    if (request.url?.startsWith('/v1/sessions/')) registry.asked.push(request.url)
    response.setHeader('access-control-allow-origin', '*')
    response.setHeader('access-control-allow-headers', '*')
    if (request.method === 'OPTIONS') {
      response.writeHead(204)
      response.end()
      return
    }
    if (!request.url?.startsWith('/v1/sessions/')) {
      // The dialog's other reads (balance, identity, config): none of this view's business.
      response.writeHead(404, { 'content-type': 'application/json' })
      response.end(JSON.stringify({ message: 'Not found' }))
      return
    }
    if (registry.failing) {
      response.writeHead(500, { 'content-type': 'application/json' })
      response.end(JSON.stringify({ message: 'Server error' }))
      return
    }
    response.writeHead(200, { 'content-type': 'application/json' })
    response.end(JSON.stringify(v.parse(getSessionsResponse, { sessions: registry.sessions })))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  serverUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))
afterEach(() => {
  cleanup()
  document.body.innerHTML = ''
})

const tenUsdcSession = (): Session => ({
  pci,
  projectId: 'demo',
  origin: 'https://shop.example',
  expiry: Math.floor(Date.UTC(2030, 0, 2, 12) / 1000),
  permissions: [
    { type: 'contract-call', data: { address: usdc, functions: ['transfer(address,uint256)'] } },
    { type: 'erc20-token-transfer', data: { address: usdc, allowance: '0x989680' } },
  ],
  context: '0xc0ffee',
  createdAt: '2029-12-31T00:00:00.000Z',
  revokedAt: null,
})

/** What the wallet's `wallet_revokePermissions` answers with instead of `{}`, when set. */
let revokeFailure: Error | undefined

async function openSessions({ smartSessions = true } = {}) {
  const revoked: unknown[] = []
  const wallet = createMemoryWallet({
    namespace: 'eip155',
    address: smartAccount,
    accounts: [
      { address: eoa, type: 'eoa' },
      { address: smartAccount, type: 'smartAccount', deployed: true },
    ],
    async request({ method, params }) {
      if (method !== 'wallet_revokePermissions') throw new Error(`unexpected ${method}`)
      revoked.push(params)
      if (revokeFailure) throw revokeFailure
      registry.sessions = registry.sessions.map((session) => ({
        ...session,
        revokedAt: new Date().toISOString(),
      }))
      return {}
    },
  })
  const foyer: Foyer = createFoyer({
    networks: [anvil],
    adapters: [wallet.adapter()],
    storage: createStorage({ storage: createMemoryStorage() }),
    serverUrl,
    projectId: 'demo',
    locale: 'en-US',
    features: { smartSessions },
  })
  render(<FoyerProvider foyer={foyer} />)
  await act(() => connect(foyer, { connectorId: 'eip155-wallet' }))
  // The Tokens tab would have read the token's decimals; the limit is shown in USDC from them.
  act(() =>
    foyer.store.setState({
      account: {
        ...foyer.getState().account,
        tokenBalance: [
          {
            name: 'USD Coin',
            symbol: 'USDC',
            chainId: 'eip155:31337',
            address: `eip155:31337:${usdc}`,
            value: 0,
            price: 0,
            quantity: { decimals: '6', numeric: '0' },
            iconUrl: '',
          },
        ],
      },
    }),
  )
  act(() => open(foyer))
  return { foyer, revoked, ...(await findDialog()) }
}

describe('SmartSessions view', () => {
  test('is reached from Account for a smart account and lists the session with its limits', async () => {
    registry = { sessions: [tenUsdcSession()], failing: false, asked: [] }
    const { within, dialog, revoked } = await openSessions()
    expect(
      dialog.querySelector('[data-foyer-smart-account]')?.getAttribute('data-foyer-smart-account'),
    ).toBe('deployed')
    fireEvent.click(await within.findByRole('button', { name: 'Manage smart sessions' }))
    const list = await within.findByRole('list', { name: 'Active smart sessions' })
    expect(registry.asked[0]).toMatch(
      new RegExp(`^/v1/sessions/${encodeURIComponent(`eip155:31337:${smartAccount}`)}\\?`),
    )
    expect(list.textContent).toContain('shop.example')
    expect(list.textContent).toContain('Up to 10 USDC')
    expect(list.textContent).toContain('May call transfer on USDC')
    expect(list.textContent).toMatch(/Expires Jan 2, 2030/)

    fireEvent.click(within.getByRole('button', { name: 'Revoke the session of shop.example' }))
    await within.findByText(
      'No app can act for this account right now. Sessions you grant to apps appear here.',
    )
    expect(revoked).toEqual([[{ permissionsContext: '0xc0ffee' }]])
  })

  test('says so when there is no session, and shows an error the visitor can retry', async () => {
    registry = { sessions: [], failing: true, asked: [] }
    const { foyer, within } = await openSessions()
    act(() => navigate(foyer, { view: 'SmartSessions' }))
    // The server's own words come with it.
    expect((await within.findByRole('alert')).textContent).toBe(
      'Could not load the smart sessions. Server request failed: Server error',
    )
    registry.failing = false
    fireEvent.click(within.getByRole('button', { name: 'Try again' }))
    await within.findByText(
      'No app can act for this account right now. Sessions you grant to apps appear here.',
    )
  })

  test('shows the wallet’s reason when a revoke fails, and keeps the session listed', async () => {
    registry = { sessions: [tenUsdcSession()], failing: false, asked: [] }
    // What the embedded wallet answers when the registry refused after the on-chain revoke.
    revokeFailure = Object.assign(
      new Error(
        'The session is revoked on chain, but the server still lists it: the session registry answered 500',
      ),
      { code: -32603 },
    )
    try {
      const { foyer, within, revoked } = await openSessions()
      act(() => navigate(foyer, { view: 'SmartSessions' }))
      fireEvent.click(
        await within.findByRole('button', { name: 'Revoke the session of shop.example' }),
      )
      expect((await within.findByRole('alert')).textContent).toBe(
        'The session is revoked on chain, but the server still lists it: the session registry answered 500',
      )
      expect(revoked).toHaveLength(1)
      expect(within.getByRole('list', { name: 'Active smart sessions' }).textContent).toContain(
        'shop.example',
      )
    } finally {
      revokeFailure = undefined
    }
  })

  test('is not offered while smart sessions are off (the default) or for the EOA', async () => {
    registry = { sessions: [tenUsdcSession()], failing: false, asked: [] }
    const { within } = await openSessions({ smartSessions: false })
    await within.findByRole('group', { name: 'Account type' })
    expect(within.queryByRole('button', { name: 'Manage smart sessions' })).toBeNull()
    cleanup()
    document.body.innerHTML = ''
    const second = await openSessions()
    fireEvent.click(await second.within.findByRole('button', { name: 'Wallet' }))
    await waitFor(() =>
      expect(second.within.queryByRole('button', { name: 'Manage smart sessions' })).toBeNull(),
    )
    expect(second.foyer.getState().account.address).toBe(eoa)
    expect(registry.asked).toEqual([])
  })
})
