import type {
  ActiveSession,
  MobileWallet,
  MobileWalletState,
  PendingProposal,
  PendingRequest,
} from './createMobileWallet.ts'
import { describeSessionRequest } from './describeSessionRequest.ts'
import type { MobileWalletAccount, MobileWalletChain } from './types.ts'

export type RenderMobileWalletParameters = {
  root: HTMLElement
  wallet: MobileWallet
  chains: readonly MobileWalletChain[]
  accounts: readonly MobileWalletAccount[]
  relayUrl: string
}

/** Removes the page's listeners. */
export type RenderMobileWalletReturnType = () => void

/**
 * Draws the wallet into `root` and keeps it in step with the wallet's state. Everything a dapp
 * sends (names, URLs, messages) goes in as text, never as markup.
 */
export function renderMobileWallet(
  parameters: RenderMobileWalletParameters,
): RenderMobileWalletReturnType {
  const { root, wallet, chains, accounts, relayUrl } = parameters
  const chainName = (chainId: number) =>
    chains.find((chain) => chain.chainId === chainId)?.name ?? `Chain ${chainId}`

  const uriInput = h('textarea', {
    id: 'wc-uri',
    name: 'uri',
    rows: '3',
    required: '',
    spellcheck: 'false',
    autocomplete: 'off',
    placeholder: 'wc:…',
  }) as HTMLTextAreaElement
  const pairForm = h(
    'form',
    { class: 'pair' },
    h('label', { for: 'wc-uri' }, 'WalletConnect URI'),
    uriInput,
    h('button', { type: 'submit' }, 'Connect'),
  )
  pairForm.addEventListener('submit', (event) => {
    event.preventDefault()
    const uri = uriInput.value.trim()
    if (!uri) return
    uriInput.value = ''
    void wallet.pair(uri)
  })

  const accountSelect = h(
    'select',
    { id: 'account' },
    ...accounts.map((account, index) =>
      h('option', { value: String(index) }, `${index}: ${account.address}`),
    ),
  ) as HTMLSelectElement
  accountSelect.addEventListener('change', () =>
    wallet.setAccountIndex(Number(accountSelect.value)),
  )
  const autoApproveInput = h('input', { id: 'auto-approve', type: 'checkbox' }) as HTMLInputElement
  autoApproveInput.addEventListener('change', () => wallet.setAutoApprove(autoApproveInput.checked))

  const relayStatus = h('span', { id: 'relay-status' })
  const errorBox = h('p', { class: 'error', role: 'alert' })
  const proposalList = h('div', { class: 'cards' })
  const requestList = h('div', { class: 'cards' })
  const sessionList = h('div', { class: 'cards' })
  const activityList = h('ol', { class: 'activity' })
  const blockedBox = h('section', { 'aria-labelledby': 'blocked-heading', hidden: '' })
  const blockedList = h('ul')
  blockedBox.append(
    h('h2', { id: 'blocked-heading' }, 'Blocked requests'),
    h('p', {}, 'Something in this page tried to leave loopback; these requests were refused:'),
    blockedList,
  )

  root.replaceChildren(
    h(
      'header',
      {},
      h('h1', {}, 'Foyer mobile test wallet'),
      h(
        'p',
        { class: 'muted' },
        'A WalletConnect wallet on the local devnet, for development and tests only. Relay ',
        h('code', {}, relayUrl),
        ': ',
        relayStatus,
        '.',
      ),
    ),
    errorBox,
    h(
      'main',
      {},
      section('connect', 'Connect to a dapp', pairForm),
      section(
        'wallet',
        'Wallet',
        h(
          'div',
          { class: 'field' },
          h('label', { for: 'account' }, 'Account for new sessions'),
          accountSelect,
        ),
        h(
          'div',
          { class: 'field inline' },
          autoApproveInput,
          h('label', { for: 'auto-approve' }, 'Auto-approve proposals and requests'),
        ),
      ),
      section('proposals', 'Session proposals', proposalList),
      section('requests', 'Requests', requestList),
      section('sessions', 'Active sessions', sessionList),
      section(
        'activity',
        'Activity',
        h('div', { role: 'log', 'aria-live': 'polite' }, activityList),
      ),
      blockedBox,
    ),
  )

  const proposalCard = (proposal: PendingProposal) => {
    const headingId = `proposal-${proposal.id}`
    return h(
      'article',
      { class: 'card', 'aria-labelledby': headingId },
      dappHeader(headingId, proposal.dapp),
      details([
        ['Chains', proposal.chainIds.map((id) => `${chainName(id)} (${id})`).join(', ') || 'none'],
        ['Methods', proposal.methods.join(', ') || 'none'],
        ['Events', proposal.events.join(', ') || 'none'],
        ['Verification', proposal.validation.toLowerCase()],
      ]),
      actions(
        ['Approve', () => wallet.approveProposal(proposal.id)],
        ['Reject', () => wallet.rejectProposal(proposal.id)],
      ),
    )
  }

  const requestCard = (request: PendingRequest) => {
    const headingId = `request-${request.id}`
    const { title, details: rows } = describeSessionRequest(request)
    const chainId = Number(request.chainId.split(':')[1])
    const chain = request.chainId.startsWith('solana:')
      ? `Solana ${request.chainId}`
      : `${chainName(chainId)} (${chainId})`
    return h(
      'article',
      { class: 'card', 'aria-labelledby': headingId },
      h('h3', { id: headingId }, `${title} (${request.method})`),
      details([
        ['Dapp', `${request.dapp.name} ${request.dapp.url}`],
        ['Chain', chain],
        ...rows.map((row): [string, string] => [row.label, row.value]),
      ]),
      actions(
        ['Approve', () => wallet.approveRequest(request.id)],
        ['Reject', () => wallet.rejectRequest(request.id)],
      ),
    )
  }

  const sessionCard = (session: ActiveSession) => {
    const headingId = `session-${session.topic}`
    const chainSelectId = `chain-${session.topic}`
    const chainSelect = h(
      'select',
      { id: chainSelectId },
      ...chains.map((chain) =>
        h(
          'option',
          {
            value: String(chain.chainId),
            ...(chain.chainId === session.activeChainId ? { selected: '' } : {}),
          },
          `${chain.name} (${chain.chainId})`,
        ),
      ),
    ) as HTMLSelectElement
    chainSelect.addEventListener('change', () =>
      wallet.switchChain(session.topic, Number(chainSelect.value)),
    )
    return h(
      'article',
      { class: 'card', 'aria-labelledby': headingId },
      dappHeader(headingId, session.dapp),
      details([
        ['Account', session.address],
        ...(session.solanaAddress
          ? [['Solana account', session.solanaAddress] as [string, string]]
          : []),
        ['Chains', session.chainIds.map((id) => `${chainName(id)} (${id})`).join(', ')],
        ['Expires', new Date(session.expiry * 1000).toLocaleString()],
      ]),
      h('div', { class: 'field' }, h('label', { for: chainSelectId }, 'Chain'), chainSelect),
      actions(['Disconnect', () => wallet.disconnect(session.topic)]),
    )
  }

  const draw = (state: MobileWalletState) => {
    relayStatus.textContent = state.relay === 'connected' ? 'connected' : 'not connected'
    errorBox.textContent = state.error ?? ''
    errorBox.hidden = !state.error
    accountSelect.value = String(state.accountIndex)
    autoApproveInput.checked = state.autoApprove
    proposalList.replaceChildren(
      ...(state.proposals.length
        ? state.proposals.map(proposalCard)
        : [h('p', { class: 'muted' }, 'No proposal. Paste a URI above or open a deep link.')]),
    )
    requestList.replaceChildren(
      ...(state.requests.length
        ? state.requests.map(requestCard)
        : [h('p', { class: 'muted' }, 'No pending request.')]),
    )
    sessionList.replaceChildren(
      ...(state.sessions.length
        ? state.sessions.map(sessionCard)
        : [h('p', { class: 'muted' }, 'No active session.')]),
    )
    activityList.replaceChildren(...state.activity.map((line) => h('li', {}, line)))
    blockedBox.hidden = state.blockedRequests.length === 0
    blockedList.replaceChildren(...state.blockedRequests.map((url) => h('li', {}, url)))
  }
  draw(wallet.getState())
  return wallet.subscribe(draw)
}

type Child = Node | string

function h(
  tag: string,
  attributes: Record<string, string> = {},
  ...children: Child[]
): HTMLElement {
  const element = document.createElement(tag)
  for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value)
  element.append(...children)
  return element
}

function section(id: string, title: string, ...children: Child[]): HTMLElement {
  return h(
    'section',
    { 'aria-labelledby': `${id}-heading` },
    h('h2', { id: `${id}-heading` }, title),
    ...children,
  )
}

function dappHeader(
  headingId: string,
  dapp: { name: string; url: string; icon: string | undefined },
): HTMLElement {
  return h(
    'div',
    { class: 'dapp' },
    ...(dapp.icon ? [h('img', { src: dapp.icon, alt: '', width: '40', height: '40' })] : []),
    h('div', {}, h('h3', { id: headingId }, dapp.name), h('p', { class: 'muted' }, dapp.url)),
  )
}

function details(rows: [string, string][]): HTMLElement {
  return h('dl', {}, ...rows.flatMap(([term, value]) => [h('dt', {}, term), h('dd', {}, value)]))
}

function actions(...buttons: [string, () => Promise<void>][]): HTMLElement {
  return h(
    'div',
    { class: 'actions' },
    ...buttons.map(([label, onClick]) => {
      const button = h('button', { type: 'button' }, label) as HTMLButtonElement
      button.addEventListener('click', () => {
        button.disabled = true
        void onClick()
      })
      return button
    }),
  )
}
