import * as world from 'virtual:foyer-world'
import { close, connect, type Foyer, open } from '@foyer/core'
import { type GalleryItem, galleryItems } from './galleryItems.ts'

/**
 * Puts the demo page into one gallery item's state (`?galleryItem=<id>`) with what a visitor does
 * (clicks on the dialog's rows, typing) and core's public actions, against the local world: the
 * test wallet connects for real, balances come from the devnet. When the state is reached and
 * settled, `<html data-gallery-item="ready">` (or `"error"`, with the reason in
 * `data-gallery-error`) tells the screenshot suite to take its picture.
 */
export async function showGalleryItem(foyer: Foyer, id: string): Promise<void> {
  const root = document.documentElement
  root.dataset.galleryItem = 'loading'
  try {
    const item = galleryItems.find((candidate) => candidate.id === id)
    if (!item) throw new Error(`No gallery item "${id}"`)
    await scenarios[item.id]!(foyer)
    await settle(item)
    root.dataset.galleryItem = 'ready'
  } catch (error) {
    root.dataset.galleryError = error instanceof Error ? error.message : String(error)
    root.dataset.galleryItem = 'error'
  }
}

/**
 * The gallery's own account (the devnet's `galleryAccount`): no end-to-end test sends from or to
 * it, so its balances, NFT and activity are the same in every run.
 */
const account = world.galleryAccount?.address
/**
 * Whom the Send form names: the burn address, which has no name a test could register (the form is
 * never submitted valid here).
 */
const receiver = '0x000000000000000000000000000000000000dEaD'
/**
 * The gallery's chain: B, where no test swaps (the swap tests move chain A's pools, and with them
 * the prices and values the Tokens tab shows).
 */
const galleryChain = world.chains[1]!
/** Where the wrong-network states take the wallet (the gallery items configure B alone). */
const otherChain = world.chains[0]!
/** The test wallet's EIP-6963 id (its rdns). */
const testWalletId = 'dev.foyer.testwallet'

const scenarios: Record<string, (foyer: Foyer) => Promise<void>> = {
  connect: async (foyer) => {
    open(foyer)
    await waitForView('Connect')
  },
  'connect-loading': async (foyer) => {
    // The registry answers slowly, as on a poor connection: its requests never return here.
    const realFetch = window.fetch
    window.fetch = (input, init) =>
      new URL(input instanceof Request ? input.url : String(input), window.location.href)
        .pathname === '/getWallets'
        ? new Promise<Response>(() => {})
        : realFetch(input, init)
    open(foyer)
    await waitForView('Connect')
    await waitFor(() => inDialog('[data-foyer-skeleton="row"]'), 'the skeleton rows')
  },
  'all-wallets-search': async (foyer) => {
    await showAllWallets(foyer, 'Foyer')
  },
  'all-wallets-empty': async (foyer) => {
    await showAllWallets(foyer, 'Nowallet')
    await waitFor(() => inDialog('[data-foyer-empty]'), 'the empty state')
  },
  'connecting-external': async (foyer) => {
    await pickTestWallet(foyer)
    await waitForView('ConnectingExternal')
  },
  'connecting-external-error': async (foyer) => {
    await pickTestWallet(foyer)
    await waitForView('ConnectingExternal')
    await waitFor(() => inDialog('.foyer-error-text'), 'the rejection')
  },
  'connecting-walletconnect': async (foyer) => {
    open(foyer)
    await waitForView('Connect')
    const row = await waitFor(
      () => dialogRoot()?.querySelector<HTMLButtonElement>('[data-connector-ids~="walletConnect"]'),
      'the WalletConnect row',
    )
    row.click()
    // The WalletConnect row itself opens the QR view for any wallet (not one wallet's deep link).
    await waitForView('ConnectingWalletConnectBasic')
    await waitFor(() => inDialog('.foyer-qr'), 'the QR code')
  },
  'connecting-walletconnect-wallet': async (foyer) => {
    open(foyer)
    await waitForView('Connect')
    // The first recommended wallet of the registry: its own QR code, logo and deep links.
    await clickInDialog('button[data-wallet-id]')
    await waitForView('ConnectingWalletConnect')
    await waitFor(() => inDialog('.foyer-qr'), 'the QR code')
  },
  'connecting-multichain': async (foyer) => {
    // The test wallet announces an EVM and a Solana connector that connect separately.
    await pickTestWallet(foyer)
    await waitForView('ConnectingMultiChain')
  },
  'connecting-social': async (foyer) => {
    open(foyer)
    await waitForView('Connect')
    await clickInDialog('[data-foyer-social="google"]')
    await waitForView('ConnectingSocial')
    // The provider's window stays open at its login form: the dialog waits for it.
    const status = await waitFor(
      () => inDialog('[data-foyer-social-status]')?.getAttribute('data-foyer-social-status'),
      'the social login status',
    )
    if (status !== 'started') throw new Error(`The social login is ${status}, not started`)
  },
  'connecting-farcaster': async (foyer) => {
    open(foyer)
    await waitForView('Connect')
    if (!inDialog('[data-foyer-social="farcaster"]'))
      await clickInDialog('[data-foyer-social-more]')
    await clickInDialog('[data-foyer-social="farcaster"]')
    await waitForView('ConnectingFarcaster')
    await waitFor(() => inDialog('[data-foyer-farcaster] .foyer-qr'), 'the QR code', 20_000)
  },
  'email-code': async (foyer) => {
    open(foyer)
    await waitForView('Connect')
    const input = await waitFor(
      () => dialogRoot()?.querySelector<HTMLInputElement>('input[type="email"]'),
      'the email field',
    )
    typeInto(input, 'gallery@example.com')
    input.form!.requestSubmit()
    await waitFor(() => inDialog('input[autocomplete="one-time-code"]'), 'the code field', 30_000)
  },
  'account-tokens': async (foyer) => {
    await connectTestWallet(foyer)
    open(foyer, { view: 'Account', data: { tab: 'Tokens' } })
    await waitFor(() => inDialog('[data-token-symbol="USDC"]'), 'the USDC balance', 20_000)
  },
  'account-nfts': async (foyer) => {
    await connectTestWallet(foyer)
    open(foyer, { view: 'Account', data: { tab: 'NFTs' } })
    await waitFor(() => inDialog('.foyer-grid img'), 'the NFT', 20_000)
  },
  'account-activity': async (foyer) => {
    await connectTestWallet(foyer)
    open(foyer, { view: 'Account', data: { tab: 'Activity' } })
    await waitFor(() => inDialog('[data-foyer-activity]'), 'a transfer', 20_000)
  },
  send: async (foyer) => {
    await connectTestWallet(foyer)
    open(foyer)
    await clickInDialog('[data-foyer-feature="send"]')
    await waitFor(() => inDialog('input[inputmode="decimal"], input[name="amount"]'), 'Send')
  },
  'send-error': async (foyer) => {
    await connectTestWallet(foyer)
    open(foyer)
    await clickInDialog('[data-foyer-feature="send"]')
    const amount = await waitFor(
      () => inDialog('input[inputmode="decimal"]') as HTMLInputElement | undefined,
      'Send',
    )
    await waitFor(() => inDialog('[data-foyer-send-balance]'), 'the balance')
    // Twice the account's 10,000 ETH.
    typeInto(amount, '20000')
    const form = amount.form!
    const receiverField = form.querySelector<HTMLInputElement>('input[spellcheck="false"]')!
    typeInto(receiverField, receiver)
    form.requestSubmit()
    await waitFor(() => inDialog('[data-foyer-send] .foyer-error-text'), 'the error')
  },
  receive: async (foyer) => {
    await connectTestWallet(foyer)
    open(foyer)
    await clickInDialog('[data-foyer-feature="receive"]')
    await waitFor(() => inDialog('.foyer-qr'), 'the QR code')
  },
  'receive-solana': async (foyer) => {
    // The test wallet's Solana side, picked in the namespace chooser.
    await pickTestWallet(foyer)
    await waitForView('ConnectingMultiChain')
    await clickInDialog('[data-connector-id="solana.foyer-test-wallet"]')
    await waitFor(
      () => foyer.getState().activeNetwork.chainNamespace === 'solana' || undefined,
      'the Solana connection',
      20_000,
    )
    await waitFor(() => foyer.getState().account.address, 'the connection', 20_000)
    close(foyer)
    await waitFor(() => !isDialogOpen() || undefined, 'the dialog to close')
    open(foyer)
    await clickInDialog('[data-foyer-feature="receive"]')
    await waitFor(() => inDialog('.foyer-qr'), 'the QR code')
  },
  'switch-network': async (foyer) => {
    await connectTestWallet(foyer)
    open(foyer)
    await clickInDialog('[data-foyer-header-network]')
    await waitForView('SwitchNetwork')
  },
  'unsupported-chain': async (foyer) => {
    await connectTestWallet(foyer)
    window.foyerTestWallet!.switchChainFromWallet(otherChain.chainId)
    await waitFor(() => foyer.getState().unsupportedNetwork || undefined, 'the unsupported chain')
    open(foyer)
    await waitForView('UnsupportedChain')
  },
  'button-disconnected': async () => {
    await waitFor(() => document.querySelector('[data-foyer-connect-button]'), 'the button')
  },
  'button-connecting': async (foyer) => {
    // Connecting from the app's own code (no dialog over the buttons); the wallet's prompt stays
    // open (`testWalletConnect=pending`).
    if (!account) throw new Error('The devnet has no gallery account: restart the local world')
    window.foyerTestWallet!.selectAccount(account)
    await waitFor(() => foyer.getConnector(testWalletId), 'the test wallet')
    connect(foyer, { connectorId: testWalletId }).catch(() => {})
    await waitFor(() => foyer.getState().status === 'connecting' || undefined, 'connecting')
  },
  'button-connected': async (foyer) => {
    await connectTestWallet(foyer)
  },
  'button-wrong-network': async (foyer) => {
    await connectTestWallet(foyer)
    window.foyerTestWallet!.switchChainFromWallet(otherChain.chainId)
    await waitFor(() => foyer.getState().unsupportedNetwork || undefined, 'the unsupported chain')
  },
}

/** Connects the test wallet with the gallery's account on its chain, then closes the dialog. */
async function connectTestWallet(foyer: Foyer) {
  await pickTestWallet(foyer)
  await waitFor(() => foyer.getState().account.address, 'the connection', 20_000)
  close(foyer)
  await waitFor(() => !isDialogOpen() || undefined, 'the dialog to close')
}

/** Opens Connect and clicks the test wallet's row, with the gallery's account on its chain. */
async function pickTestWallet(foyer: Foyer) {
  if (!account) throw new Error('The devnet has no gallery account: restart the local world')
  window.foyerTestWallet!.selectAccount(account)
  if (window.foyerTestWallet!.chainId !== galleryChain.chainId)
    window.foyerTestWallet!.switchChainFromWallet(galleryChain.chainId)
  open(foyer)
  await waitForView('Connect')
  const row = await waitFor(
    () =>
      Array.from(
        dialogRoot()?.querySelectorAll<HTMLButtonElement>('button[data-connector-ids]') ?? [],
      ).find((button) => button.textContent?.includes('Foyer Test Wallet')),
    'the test wallet row',
  )
  row.click()
}

async function showAllWallets(foyer: Foyer, search: string) {
  open(foyer, { view: 'AllWallets' })
  await waitForView('AllWallets')
  const input = await waitFor(
    () => dialogRoot()?.querySelector<HTMLInputElement>('input[type="search"]'),
    'the search field',
  )
  typeInto(input, search)
  await waitFor(
    () => (!inDialog('[data-foyer-skeleton]') && input.value === search) || undefined,
    'the search results',
  )
}

const dialogRoot = () => document.querySelector('[data-foyer-host]')?.shadowRoot ?? undefined
const inDialog = (selector: string) => dialogRoot()?.querySelector(selector) ?? undefined
const isDialogOpen = () => Boolean(inDialog('[role="dialog"]'))

function waitForView(view: string) {
  return waitFor(() => {
    const card = inDialog(`[role="dialog"][data-view="${view}"]`)
    // The view's own chunk has rendered (not the loading fallback).
    return card && !card.querySelector('[data-foyer-view-loading]') ? card : undefined
  }, `the ${view} view`)
}

async function clickInDialog(selector: string) {
  const element = await waitFor(() => inDialog(selector) as HTMLElement | undefined, selector)
  element.click()
}

/** Types as a visitor does: React's controlled inputs listen to the native input event. */
function typeInto(input: HTMLInputElement, value: string) {
  const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!
  setter.call(input, value)
  input.dispatchEvent(new Event('input', { bubbles: true }))
}

async function waitFor<T>(
  probe: () => T | undefined | null | false,
  what: string,
  timeoutMs = 15_000,
): Promise<T> {
  const deadline = performance.now() + timeoutMs
  for (;;) {
    const value = probe()
    if (value) return value
    if (performance.now() > deadline) throw new Error(`Timed out waiting for ${what}`)
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}

/**
 * Waits until nothing moves: fonts loaded, every image decoded, no skeleton left (unless the item
 * shows a loading state), and the height
 * stable for a few frames (views load their data after their first frame).
 */
async function settle(item: GalleryItem) {
  await document.fonts.ready
  let stableFrames = 0
  let lastSignature = ''
  await waitFor(
    () => {
      const subject =
        item.subject === 'dialog'
          ? inDialog('.foyer-card')
          : document.querySelector('.hero-actions')
      const images = Array.from(subject?.querySelectorAll('img') ?? [])
      const loading =
        images.some((image) => !image.complete) ||
        (!item.loading && Boolean(inDialog('[data-foyer-skeleton]')))
      const box = subject?.getBoundingClientRect()
      const signature = `${box?.width}x${box?.height}:${subject?.textContent}`
      stableFrames = !loading && signature === lastSignature ? stableFrames + 1 : 0
      lastSignature = signature
      return stableFrames >= 6 || undefined
    },
    'the page to settle',
    20_000,
  )
}
