// @vitest-environment happy-dom
import { close, connect, setThemeMode } from '@foyer/core'
import { type StartAnvilReturnType as AnvilInstance, startAnvil } from '@foyer/devnet'
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { renderToString } from 'react-dom/server'
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest'
import { FoyerProvider } from '../FoyerProvider.tsx'
import {
  anvilChain,
  type CreateTestSetupParameters,
  createTestSetup,
  findDialog,
} from '../testUtils.tsx'
import { ConnectButton, type ConnectButtonProps } from './ConnectButton.tsx'
import type { ConnectButtonRenderProps } from './ConnectButtonCustom.tsx'
import { identiconUrl } from './Identicon.tsx'
import { NetworkButton } from './NetworkButton.tsx'
import { networkIconUrl } from './NetworkIcon.tsx'

/** The page's stylesheets, adopted through the CSSOM (as a strict CSP needs) or as <style> elements. */
function pageCss(): string {
  const adopted = document.adoptedStyleSheets.flatMap((sheet) =>
    [...sheet.cssRules].map((rule) => rule.cssText),
  )
  const elements = [...document.querySelectorAll('style')].map((style) => style.textContent ?? '')
  return [...adopted, ...elements].join('\n')
}

let anvil: AnvilInstance
beforeAll(async () => {
  anvil = await startAnvil({ chainId: 31337, port: 0 })
})
afterAll(async () => {
  await anvil?.stop()
})
afterEach(() => {
  cleanup()
  document.body.innerHTML = ''
})

const firstAccount = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'

function renderButton(
  props: ConnectButtonProps = {},
  config: CreateTestSetupParameters['config'] = {},
) {
  const setup = createTestSetup({ rpcUrl: anvil.rpcUrl, config })
  render(
    <FoyerProvider foyer={setup.foyer}>
      <ConnectButton {...props} />
    </FoyerProvider>,
  )
  return setup
}

const connectTestWallet = (setup: ReturnType<typeof createTestSetup>) =>
  act(() => connect(setup.foyer, { connectorId: 'dev.foyer.foyertestwallet' }))

describe('ConnectButton', () => {
  test("reads 'Connect Wallet' while disconnected, styled from the theme, and opens Connect", async () => {
    renderButton()
    const button = screen.getByRole('button', { name: 'Connect Wallet' })
    expect(button.getAttribute('aria-haspopup')).toBe('dialog')
    expect(button.getAttribute('data-state')).toBe('disconnected')
    expect(button.className).toBe('foyer-trigger')
    // Dark by default (SPEC §9), as the dialog.
    expect(button.getAttribute('data-theme')).toBe('dark')
    // The page's stylesheet (adopted by the document), not inside the button.
    expect(pageCss()).toMatch(/\.foyer-trigger ?\{/)
    expect(button.querySelector('style')).toBeNull()
    expect(button.textContent).toBe('Connect Wallet')
    fireEvent.click(button)
    const { dialog } = await findDialog()
    expect(dialog.getAttribute('data-view')).toBe('Connect')
  })

  test('follows the theme mode and carries the theme variables (accent, radius)', async () => {
    const { foyer } = renderButton(
      {},
      {
        themeMode: 'light',
        themeVariables: { '--foyer-accent': '#ff8800', '--foyer-border-radius': 4 },
      },
    )
    const button = screen.getByRole('button', { name: 'Connect Wallet' })
    expect(button.getAttribute('data-theme')).toBe('light')
    expect(button.style.getPropertyValue('--foyer-accent')).toBe('#ff8800')
    expect(button.style.getPropertyValue('--foyer-border-radius')).toBe('4px')
    act(() => setThemeMode(foyer, { themeMode: 'system' }))
    // 'system' is left to the stylesheet's prefers-color-scheme rule: no guess on the server.
    expect(button.getAttribute('data-theme')).toBe('system')
    act(() => foyer.store.setState({ themeVariables: { '--foyer-accent': 'red; color: blue' } }))
    // A value that could break out of its declaration is dropped.
    expect(button.style.getPropertyValue('--foyer-accent')).toBe('')
  })

  test('shows a spinner while connecting and is busy', async () => {
    const { foyer } = renderButton()
    act(() => foyer.store.setState({ status: 'connecting' }))
    const button = await screen.findByRole('button', { name: 'Connecting…' })
    expect(button.getAttribute('aria-busy')).toBe('true')
    expect(button.getAttribute('data-state')).toBe('connecting')
    // The spinner comes with the connected parts, which a connection starts loading.
    await waitFor(() => expect(button.querySelector('b[aria-hidden="true"]')).not.toBeNull())
  })

  test('connected, it shows the network, the balance to 3 decimals, the identicon and the shortened address', async () => {
    const setup = renderButton()
    await connectTestWallet(setup)
    // Anvil funds its dev accounts with 10,000 ETH.
    const button = await screen.findByRole('button', { name: 'Anvil 10,000.000 ETH 0xf39F…2266' })
    expect(button.getAttribute('data-state')).toBe('connected')
    expect(button.getAttribute('aria-busy')).toBeNull()
    const [network, avatar] = [...button.querySelectorAll('img')]
    expect(network?.getAttribute('alt')).toBe('Anvil')
    expect(network?.getAttribute('src')).toBe(
      networkIconUrl({ caipNetworkId: 'eip155:31337', chainNamespace: 'eip155' }),
    )
    expect(avatar?.getAttribute('alt')).toBe('')
    expect(avatar?.getAttribute('src')).toBe(identiconUrl(firstAccount))
    expect(button.querySelector('[data-foyer-account]')?.getAttribute('title')).toBe(firstAccount)
    // The connected look's stylesheet came with the connected parts.
    expect(pageCss()).toContain('data-state=')

    fireEvent.click(button)
    const { within, dialog } = await findDialog()
    expect(dialog.getAttribute('data-view')).toBe('Account')
    expect(await within.findByText('0xf39F…2266')).toBeTruthy()
    // The headline balance (the token list below may show the same quantity once it loads).
    expect(dialog.querySelector('[data-foyer-balance]')?.textContent).toBe('10,000.000 ETH')
  })

  test('the profile picture replaces the identicon and the profile name the address', async () => {
    const setup = renderButton({ showBalance: false })
    await connectTestWallet(setup)
    act(() =>
      setup.foyer.store.setState((state) => ({
        account: {
          ...state.account,
          profileName: 'alice.eth',
          profileImage: 'https://example.com/alice.png',
        },
      })),
    )
    const button = await screen.findByRole('button', { name: 'Anvil alice.eth' })
    expect(button.textContent).toBe('alice.eth')
    expect(button.querySelectorAll('img')[1]?.getAttribute('src')).toBe(
      'https://example.com/alice.png',
    )
  })

  test('hides the balance, the network and the avatar on request', async () => {
    const setup = renderButton({ showBalance: false, showNetwork: false, showAvatar: false })
    await connectTestWallet(setup)
    const button = await screen.findByRole('button', { name: '0xf39F…2266' })
    expect(button.querySelectorAll('img')).toHaveLength(0)
    expect(button.querySelector('[data-foyer-balance]')).toBeNull()
  })

  test('shows the balance in the locale given to the provider, in the button and the dialog', async () => {
    const { foyer } = createTestSetup({ rpcUrl: anvil.rpcUrl })
    const { rerender } = render(
      <FoyerProvider foyer={foyer} locale="de-DE">
        <ConnectButton showNetwork={false} showAvatar={false} />
      </FoyerProvider>,
    )
    await act(() => connect(foyer, { connectorId: 'dev.foyer.foyertestwallet' }))
    const button = await screen.findByRole('button', { name: '10.000,000 ETH 0xf39F…2266' })
    fireEvent.click(button)
    const { dialog } = await findDialog()
    await waitFor(() =>
      expect(dialog.querySelector('[data-foyer-balance]')?.textContent).toBe('10.000,000 ETH'),
    )
    act(() => close(foyer))

    rerender(
      <FoyerProvider foyer={foyer} locale="fr-FR">
        <ConnectButton showNetwork={false} showAvatar={false} />
      </FoyerProvider>,
    )
    // French groups with a narrow no-break space.
    expect(
      await screen.findByRole('button', { name: '10\u202f000,000 ETH 0xf39F…2266' }),
    ).toBeTruthy()
    expect(foyer.getState().locale).toBe('fr-FR')
  })

  test('unstyled, it brings no stylesheet, class or picture: texts and data attributes only', async () => {
    const setup = renderButton({ unstyled: true, className: 'app-button' })
    const disconnected = screen.getByRole('button', { name: 'Connect Wallet' })
    expect(disconnected.className).toBe('app-button')
    expect(disconnected.hasAttribute('data-theme')).toBe(false)
    expect(disconnected.getAttribute('data-foyer-connect-button')).toBe('')
    // React keeps its stylesheets for the document's life: a server render shows none is asked for.
    expect(
      renderToString(
        <FoyerProvider foyer={setup.foyer}>
          <ConnectButton unstyled />
        </FoyerProvider>,
      ),
    ).not.toContain('<style')

    await connectTestWallet(setup)
    const button = await screen.findByRole('button', { name: '0xf39F…2266 10,000.000 ETH' })
    expect(button.getAttribute('data-state')).toBe('connected')
    expect(button.querySelectorAll('img')).toHaveLength(0)
    expect(button.querySelector('[data-foyer-balance]')?.textContent).toBe('10,000.000 ETH')
  })

  test("on a network the app does not list, it warns 'Wrong network' and opens the network list", async () => {
    const setup = renderButton({}, { networks: [anvilChain(anvil.rpcUrl)] })
    await connectTestWallet(setup)
    act(() => setup.wallets[0]!.wallet.switchChainFromWallet(31338))
    await waitFor(() => expect(setup.foyer.getState().unsupportedNetwork).toBe(true))
    act(() => close(setup.foyer))

    const button = await screen.findByRole('button', { name: 'Wrong network' })
    expect(button.getAttribute('data-state')).toBe('wrong-network')
    expect(button.querySelector('svg[aria-hidden="true"]')).not.toBeNull()
    fireEvent.click(button)
    const { dialog, within } = await findDialog()
    expect(dialog.getAttribute('data-view')).toBe('SwitchNetwork')
    // The app's network is offered, not marked as the wallet's current one.
    const row = await within.findByRole('button', { name: /^Anvil/ })
    expect(row.getAttribute('aria-current')).toBeNull()
  })

  test('with allowUnsupportedChain, an unlisted network is no warning', async () => {
    const setup = renderButton(
      { showBalance: false },
      { networks: [anvilChain(anvil.rpcUrl)], allowUnsupportedChain: true },
    )
    await connectTestWallet(setup)
    act(() => setup.wallets[0]!.wallet.switchChainFromWallet(31338))
    const button = await screen.findByRole('button', { name: 'Unknown network 0xf39F…2266' })
    expect(button.getAttribute('data-state')).toBe('connected')
  })

  test('is a native button: focusable, and Enter or Space opens the dialog as a click does', () => {
    renderButton()
    const button = screen.getByRole('button', { name: 'Connect Wallet' })
    expect(button.tagName).toBe('BUTTON')
    expect(button.getAttribute('type')).toBe('button')
    button.focus()
    expect(document.activeElement).toBe(button)
  })
})

describe('ConnectButton.Custom', () => {
  test('hands the app every piece of state and the functions that open the dialog', async () => {
    const setup = createTestSetup({ rpcUrl: anvil.rpcUrl })
    const seen: ConnectButtonRenderProps[] = []
    render(
      <FoyerProvider foyer={setup.foyer}>
        <ConnectButton.Custom>
          {(props) => {
            seen.push(props)
            return (
              <button
                type="button"
                onClick={props.connected ? props.openAccount : props.openConnect}
              >
                {props.account?.displayName ?? 'Sign in'}
              </button>
            )
          }}
        </ConnectButton.Custom>
      </FoyerProvider>,
    )
    const disconnected = seen.at(-1)!
    expect(disconnected).toMatchObject({
      mounted: true,
      ready: true,
      status: 'disconnected',
      connected: false,
      account: undefined,
      chain: { caipNetworkId: 'eip155:31337', id: 31337, name: 'Anvil', unsupported: false },
    })

    await connectTestWallet(setup)
    await screen.findByRole('button', { name: '0xf39F…2266' })
    await waitFor(() => expect(seen.at(-1)?.account?.displayBalance).toBe('10,000.000 ETH'))
    const connected = seen.at(-1)!
    expect(connected).toMatchObject({
      ready: true,
      status: 'connected',
      connected: true,
      account: {
        address: firstAccount,
        caipAddress: `eip155:31337:${firstAccount}`,
        displayName: '0xf39F…2266',
        balance: '10,000.000',
        balanceSymbol: 'ETH',
        avatarUrl: identiconUrl(firstAccount),
      },
      chain: {
        caipNetworkId: 'eip155:31337',
        namespace: 'eip155',
        name: 'Anvil',
        iconUrl: networkIconUrl({ caipNetworkId: 'eip155:31337', chainNamespace: 'eip155' }),
        unsupported: false,
      },
    })

    act(() => connected.openSwitchNetwork())
    expect((await findDialog()).dialog.getAttribute('data-view')).toBe('SwitchNetwork')
    act(() => close(setup.foyer))
    act(() => seen.at(-1)!.openAccount())
    expect((await findDialog()).dialog.getAttribute('data-view')).toBe('Account')
  })

  test('reports a wallet on an unlisted network as unsupported, with its own chain id', async () => {
    const setup = createTestSetup({
      rpcUrl: anvil.rpcUrl,
      config: { networks: [anvilChain(anvil.rpcUrl)] },
    })
    let last: ConnectButtonRenderProps | undefined
    render(
      <FoyerProvider foyer={setup.foyer}>
        <ConnectButton.Custom watchBalance={false}>
          {(props) => {
            last = props
            return null
          }}
        </ConnectButton.Custom>
      </FoyerProvider>,
    )
    await connectTestWallet(setup)
    act(() => setup.wallets[0]!.wallet.switchChainFromWallet(31338))
    await waitFor(() => expect(last?.chain?.unsupported).toBe(true))
    expect(last?.chain).toMatchObject({
      caipNetworkId: 'eip155:31338',
      id: '31338',
      name: 'Unknown network',
    })
    expect(last?.account?.displayBalance).toBeUndefined()
  })
})

describe('NetworkButton with ConnectButton', () => {
  test('both show the same network', async () => {
    const setup = createTestSetup({ rpcUrl: anvil.rpcUrl })
    render(
      <FoyerProvider foyer={setup.foyer}>
        <ConnectButton showBalance={false} />
        <NetworkButton />
      </FoyerProvider>,
    )
    await connectTestWallet(setup)
    expect(await screen.findByRole('button', { name: 'Anvil 0xf39F…2266' })).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Anvil' }).getAttribute('data-state')).toBe('network')
  })
})
