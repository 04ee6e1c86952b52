import type {
  ApprovalAddress,
  ApprovalBalanceChanges,
  ApprovalDeadline,
  ApprovalEvmCall,
  ApprovalFee,
  ApprovalSolanaInstruction,
  ApprovalSummary,
  ApprovalText,
  ApprovalToken,
  ApprovalTypedDataNode,
} from './types.ts'

export type RenderApprovalSummaryParameters = {
  /** The card body to fill. */
  container: HTMLElement
  summary: ApprovalSummary
}

/** Hex beyond this many characters is cut (a contract deployment can be 50 KB). */
const maxHexCharacters = 20_000

type Row = [label: string, value: string | Node]

/**
 * Fills `container` with the summary: who asks (prominent), the account and network, the
 * warnings, then what is signed. Text only ever goes in through `textContent`.
 */
export function renderApprovalSummary(parameters: RenderApprovalSummaryParameters): void {
  const { container, summary } = parameters
  const document = container.ownerDocument
  let sectionCount = 0

  const el = <tag extends keyof HTMLElementTagNameMap>(
    tag: tag,
    className?: string,
    text?: string,
  ): HTMLElementTagNameMap[tag] => {
    const created = document.createElement(tag)
    if (className) created.className = className
    if (text !== undefined) created.textContent = text
    return created
  }

  const rows = (entries: readonly (Row | undefined)[]): HTMLDListElement => {
    const list = el('dl', 'foyer-rows')
    for (const entry of entries) {
      if (!entry) continue
      const [label, value] = entry
      const term = el('dt', undefined, label)
      const definition = el('dd')
      definition.append(value)
      list.append(term, definition)
    }
    return list
  }

  const section = (title: string, ...children: Node[]): HTMLElement => {
    const id = `${container.id || 'foyer-approval'}-section-${++sectionCount}`
    const element = el('section', 'foyer-section')
    const heading = el('h3', 'foyer-section-title', title)
    heading.id = id
    element.setAttribute('aria-labelledby', id)
    element.append(heading, ...children)
    return element
  }

  const item = (title: string, ...children: Node[]): HTMLElement => {
    const element = el('div', 'foyer-item')
    element.append(el('p', 'foyer-item-title', title), ...children)
    return element
  }

  const address = (value: ApprovalAddress): HTMLElement => {
    const wrapper = el('span')
    const name = value.isAccount ? `You${value.name ? ` · ${value.name}` : ''}` : value.name
    if (name) wrapper.append(el('span', 'foyer-address-name', name))
    wrapper.append(el('span', 'foyer-mono', value.address))
    return wrapper
  }

  const token = (value: ApprovalToken): HTMLElement => {
    const wrapper = el('span')
    const label =
      value.source === 'config'
        ? `${value.name ?? value.symbol ?? 'Token'}${value.symbol ? ` (${value.symbol})` : ''}`
        : value.source === 'chain'
          ? `${value.symbol ?? 'Token'} (unverified)`
          : 'Unknown token'
    wrapper.append(el('span', 'foyer-address-name', label), el('span', 'foyer-mono', value.address))
    return wrapper
  }

  const hexDetails = (label: string, hex: string): HTMLElement => {
    const details = el('details', 'foyer-details')
    details.append(el('summary', undefined, label))
    const shown =
      hex.length > maxHexCharacters
        ? `${hex.slice(0, maxHexCharacters)}… (${(hex.length - maxHexCharacters) / 2} more bytes)`
        : hex
    details.append(el('pre', 'foyer-hex foyer-mono', shown))
    return details
  }

  const messageBlock = (text: ApprovalText): Node[] => {
    const nodes: Node[] = [
      el('pre', `foyer-message${text.encoding === 'hex' ? ' foyer-mono' : ''}`, text.text),
    ]
    if (text.encoding === 'hex')
      nodes.push(
        el('p', 'foyer-muted', `Shown as hex: ${text.byteLength} bytes, not readable text.`),
      )
    return nodes
  }

  const tree = (nodes: ApprovalTypedDataNode[]): HTMLUListElement => {
    const list = el('ul', 'foyer-tree')
    for (const node of nodes) {
      const entry = el('li')
      entry.append(el('span', 'foyer-tree-name', `${node.name}: `))
      if (node.children) {
        entry.append(el('span', 'foyer-muted', node.type))
        entry.append(tree(node.children))
      } else if (node.address) entry.append(address(node.address))
      else entry.append(el('span', 'foyer-tree-value', node.value ?? ''))
      list.append(entry)
    }
    return list
  }

  // Who asks, first and largest: the visitor must see which site wants the signature.
  const request = el('div', 'foyer-request')
  request.append(el('p', 'foyer-request-label', 'Request from'))
  if (summary.appName) request.append(el('p', 'foyer-request-app', summary.appName))
  request.append(el('p', 'foyer-request-origin', summary.origin))
  container.append(request)

  if (summary.warnings.length) {
    const list = el('ul', 'foyer-warnings')
    list.setAttribute('aria-label', 'Warnings')
    for (const warning of summary.warnings)
      list.append(el('li', `foyer-warning foyer-warning-${warning.level}`, warning.message))
    container.append(list)
  }

  container.append(
    rows([
      ['Account', address(summary.account)],
      ['Network', summary.network.name],
    ]),
  )

  const { details } = summary
  switch (details.type) {
    case 'message':
      container.append(section('Message', ...messageBlock(details.text)))
      break
    case 'signIn': {
      const children: Node[] = []
      children.push(
        rows([
          ['Signs in to', el('strong', undefined, details.domain || '(no domain)')],
          ...details.fields.map(
            (field): Row => [
              field.label,
              field.format === 'date' ? dateText(field.value) : field.value,
            ],
          ),
        ]),
      )
      if (details.statement) children.unshift(el('p', undefined, details.statement))
      const full = el('details', 'foyer-details')
      full.append(
        el('summary', undefined, 'Show full message'),
        el('pre', 'foyer-message', details.text),
      )
      children.push(full)
      container.append(section('Sign-in', ...children))
      break
    }
    case 'typedData': {
      if (details.permit) {
        const { permit } = details
        container.append(
          section(
            'Token approval',
            rows([
              ['Token', token(permit.token)],
              ['Spender', address(permit.spender)],
              ['Amount', permit.amount.formatted],
              ['Owner', address(permit.owner)],
              permit.deadline ? ['Valid until', deadlineText(permit.deadline)] : undefined,
              permit.nonce !== undefined ? ['Nonce', permit.nonce.toString()] : undefined,
            ]),
          ),
        )
      }
      container.append(section(`Message · ${details.primaryType}`, tree(details.message)))
      if (details.domain.length) container.append(section('Domain', tree(details.domain)))
      break
    }
    case 'evmTransaction': {
      container.append(
        section(details.calls.length > 1 ? 'Calls' : 'Action', ...details.calls.map(callItem)),
      )
      container.append(section('Balance changes', balanceChanges(details.balanceChanges)))
      const operation = details.userOperation
      container.append(
        rows([
          operation
            ? [
                'Sent as',
                details.calls.length > 1
                  ? `One operation of your smart account: all ${details.calls.length} calls happen, or none`
                  : 'One operation of your smart account',
              ]
            : undefined,
          details.sequentialTransactions
            ? [
                'Sent as',
                `${details.sequentialTransactions} transactions, one after another: if one fails, those after it are not sent, and those before it stay done`,
              ]
            : undefined,
          operation ? ['Signed by', address(operation.owner)] : undefined,
          operation?.deploysAccount
            ? ['Smart account', 'Created by this operation (its first)']
            : undefined,
          ['Network fee', feeText(details.fee)],
        ]),
      )
      break
    }
    case 'permissions': {
      container.append(
        rows([
          [details.revoke ? 'Session key' : 'Acts for you', address(details.signer)],
          [details.revoke ? 'Valid until' : 'Until', dateText(details.expiry)],
        ]),
      )
      container.append(
        section(
          'Allowed calls',
          ...details.contracts.map((contract) => {
            const functions = el('ul', 'foyer-tree')
            for (const name of contract.functions) functions.append(el('li', 'foyer-mono', name))
            return item('Contract', address(contract.contract), functions)
          }),
        ),
      )
      if (details.tokenLimits.length)
        container.append(
          section(
            'Spending limits',
            rows(
              details.tokenLimits.map(
                (limit): Row => [
                  limit.token.symbol ?? 'Token',
                  (() => {
                    const wrapper = el('span')
                    wrapper.append(
                      el('strong', undefined, `At most ${limit.allowance.formatted} in all`),
                      token(limit.token),
                    )
                    return wrapper
                  })(),
                ],
              ),
            ),
          ),
        )
      container.append(
        rows([
          [
            'Enforced',
            details.revoke
              ? 'On chain: once revoked, the session key can do nothing more'
              : 'On chain by your smart account: anything else is refused',
          ],
          ['Signed by', address(details.owner)],
          details.deploysAccount
            ? ['Smart account', 'Created first, by its first operation']
            : undefined,
        ]),
      )
      break
    }
    case 'solanaTransaction':
      container.append(section('Instructions', ...details.instructions.map(instructionItem)))
      container.append(
        rows([
          ['Fee payer', address(details.feePayer)],
          ['Network fee', `≈ ${details.fee.formatted}`],
        ]),
      )
      break
    case 'raw':
      container.append(
        section(
          'Data',
          el('p', undefined, `${details.byteLength} bytes the wallet cannot decode.`),
          hexDetails('Show data', details.data),
        ),
      )
      break
  }

  function callItem(call: ApprovalEvmCall): HTMLElement {
    const value: Row | undefined =
      call.value && call.type !== 'nativeTransfer'
        ? ['Also sends', call.value.formatted]
        : undefined
    switch (call.type) {
      case 'nativeTransfer':
        return item(
          `Send ${call.value?.symbol ?? ''}`.trim(),
          rows([
            ['To', address(call.to)],
            ['Amount', call.value?.formatted ?? '0'],
          ]),
        )
      case 'erc20Transfer':
        return item(
          `Send ${call.token.symbol ?? 'tokens'}`,
          rows([
            ['Amount', call.amount.formatted],
            ['To', address(call.to)],
            ['Token', token(call.token)],
            value,
          ]),
        )
      case 'erc20TransferFrom':
        return item(
          `Move ${call.token.symbol ?? 'tokens'}`,
          rows([
            ['Amount', call.amount.formatted],
            ['From', address(call.from)],
            ['To', address(call.to)],
            ['Token', token(call.token)],
            value,
          ]),
        )
      case 'erc20Approve':
        return item(
          call.amount.value === 0n ? 'Revoke spending' : 'Allow spending',
          rows([
            ['Spender', address(call.spender)],
            ['Amount', call.amount.formatted],
            ['Token', token(call.token)],
            value,
          ]),
        )
      case 'setApprovalForAll':
        return item(
          call.approved ? 'Allow access to a collection' : 'Revoke access to a collection',
          rows([
            ['Operator', address(call.operator)],
            ['Collection', address(call.collection)],
            value,
          ]),
        )
      case 'contractCall':
        return item(
          'Contract call',
          rows([
            ['Contract', address(call.to)],
            ['Function', call.selector ?? '(none)'],
            ['Data', `${call.byteLength} bytes`],
            value,
          ]),
          hexDetails('Show data', call.data),
        )
      case 'contractCreation':
        return item(
          'Deploy a contract',
          rows([['Code', `${call.byteLength} bytes`], value]),
          hexDetails('Show code', call.data),
        )
    }
  }

  function balanceChanges(changes: ApprovalBalanceChanges): HTMLElement {
    if (changes.status === 'unavailable')
      return el('p', 'foyer-muted', 'Balance changes could not be simulated')
    if (changes.status === 'reverted')
      return el('p', undefined, `The simulation failed: ${changes.reason}`)
    if (!changes.changes.length) return el('p', 'foyer-muted', 'No balance changes')
    const list = el('ul', 'foyer-tree')
    for (const change of changes.changes) {
      const entry = el('li')
      // The sign is in the text, not only in the colour.
      entry.append(
        el(
          'span',
          change.direction === 'in' ? 'foyer-change-in' : 'foyer-change-out',
          `${change.direction === 'in' ? '+' : '−'}${change.amount.formatted}`,
        ),
      )
      if (change.token.source !== 'config')
        entry.append(el('span', 'foyer-muted', ` · ${change.token.address}`))
      list.append(entry)
    }
    return list
  }

  function instructionItem(instruction: ApprovalSolanaInstruction): HTMLElement {
    switch (instruction.type) {
      case 'solTransfer':
        return item(
          'Send SOL',
          rows([
            ['Amount', instruction.amount.formatted],
            ['From', address(instruction.from)],
            ['To', address(instruction.to)],
          ]),
        )
      case 'tokenTransfer':
        return item(
          'Send tokens',
          rows([
            ['Amount', instruction.amount.formatted],
            ['From account', address(instruction.source)],
            ['To account', address(instruction.destination)],
            ['Owner', address(instruction.authority)],
            instruction.mint ? ['Mint', address(instruction.mint)] : undefined,
          ]),
        )
      case 'tokenApprove':
        return item(
          'Allow token spending',
          rows([
            ['Delegate', address(instruction.delegate)],
            ['Amount', instruction.amount.formatted],
            ['Token account', address(instruction.source)],
            ['Owner', address(instruction.owner)],
            instruction.mint ? ['Mint', address(instruction.mint)] : undefined,
          ]),
        )
      case 'createAssociatedTokenAccount':
        return item(
          instruction.idempotent ? 'Create token account (if missing)' : 'Create token account',
          rows([
            ['Owner', address(instruction.owner)],
            ['Mint', address(instruction.mint)],
            ['Account', address(instruction.account)],
            ['Paid by', address(instruction.payer)],
          ]),
        )
      case 'computeUnitLimit':
        return item(
          'Compute unit limit',
          rows([['Units', instruction.units.toLocaleString('en-US')]]),
        )
      case 'computeUnitPrice':
        return item(
          'Priority fee',
          rows([
            [
              'Price',
              `${instruction.microLamports.toLocaleString('en-US')} micro-lamports per unit`,
            ],
          ]),
        )
      case 'requestHeapFrame':
        return item('Heap size', rows([['Bytes', instruction.bytes.toLocaleString('en-US')]]))
      case 'loadedAccountsDataSizeLimit':
        return item(
          'Loaded accounts data limit',
          rows([['Bytes', instruction.bytes.toLocaleString('en-US')]]),
        )
      case 'memo':
        return item('Memo', ...messageBlock(instruction.text))
      case 'unknown': {
        const accounts = el('ol', 'foyer-tree')
        for (const account of instruction.accounts) {
          const entry = el('li')
          entry.append(address(account))
          accounts.append(entry)
        }
        const accountDetails = el('details', 'foyer-details')
        accountDetails.append(
          el('summary', undefined, `Show ${instruction.accounts.length} accounts`),
          accounts,
        )
        return item(
          `${instruction.program.name ?? 'Program call'}${instruction.instructionName ? `: ${instruction.instructionName}` : ''}`,
          rows([
            ['Program', address(instruction.program)],
            ['Data', `${instruction.byteLength} bytes`],
          ]),
          accountDetails,
          hexDetails('Show data', instruction.data),
        )
      }
    }
  }
}

function feeText(fee: ApprovalFee): string {
  return fee.status === 'estimated' ? `Up to ${fee.amount.formatted}` : 'Could not be estimated'
}

function deadlineText(deadline: ApprovalDeadline): string {
  if (deadline.never || !deadline.date) return 'No expiry'
  return dateText(deadline.date)
}

function dateText(iso: string): string {
  const date = new Date(iso)
  if (Number.isNaN(date.getTime())) return iso
  return date.toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' })
}
