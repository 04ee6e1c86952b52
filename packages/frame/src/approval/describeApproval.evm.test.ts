import { type DevnetChain, type StartDevnetReturnType, startDevnet } from '@foyer/devnet'
import {
  createPublicClient,
  custom,
  encodeFunctionData,
  erc20Abi,
  getAddress,
  http,
  maxUint256,
  type PublicClient,
  parseAbi,
  parseEther,
  parseUnits,
  stringToHex,
  toHex,
} from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { describeApproval } from './describeApproval.ts'
import type { ApprovalChains, ApprovalContext, ApprovalSummary } from './types.ts'

// One anvil node with the repository's devnet deployment (USDC 6 decimals, DAI, WETH, Uniswap V2).
let devnet: StartDevnetReturnType
let chain: DevnetChain
let client: PublicClient
let context: ApprovalContext
let account: `0x${string}`
let recipient: `0x${string}`
const origin = 'https://app.example.com'

beforeAll(async () => {
  devnet = await startDevnet({ chains: [{ chainId: 31337, port: 0 }] })
  chain = devnet.devnet.chains[0]!
  account = devnet.devnet.accounts[0]!.address
  recipient = devnet.devnet.accounts[1]!.address
  client = createPublicClient({ transport: http(chain.rpcUrl) }) as PublicClient
  const chains: ApprovalChains = {
    [chain.chainId]: {
      name: chain.name,
      nativeCurrency: chain.nativeCurrency,
      tokens: chain.tokens,
      contracts: { [chain.contracts.uniswapV2Router02.toLowerCase()]: 'Uniswap V2 Router' },
    },
  }
  context = { chains, getPublicClient: () => client }
}, 120_000)

afterAll(async () => {
  await devnet?.stop()
})

const usdc = () => chain.contracts.usdc
const transaction = (to: `0x${string}`, data?: `0x${string}`, value?: bigint) =>
  describeApproval(
    {
      kind: 'evmTransaction',
      origin,
      chainId: chain.chainId,
      from: account,
      transaction: { to, ...(data ? { data } : {}), ...(value ? { value } : {}) },
    },
    context,
  )

function detailsOf<type extends ApprovalSummary['details']['type']>(
  summary: ApprovalSummary,
  type: type,
) {
  expect(summary.details.type).toBe(type)
  return summary.details as Extract<ApprovalSummary['details'], { type: type }>
}

describe('describeApproval: EVM transactions on the devnet', () => {
  it('decodes a USDC transfer with its symbol and decimals, the fee and the simulated balance change', async () => {
    const summary = await transaction(
      usdc(),
      encodeFunctionData({
        abi: erc20Abi,
        functionName: 'transfer',
        args: [recipient, parseUnits('1234.5', 6)],
      }),
    )
    expect(summary).toMatchObject({
      kind: 'evmTransaction',
      title: 'Send USDC',
      origin,
      account: { address: getAddress(account), isAccount: true },
      network: { name: chain.name, chainId: 31337 },
      warnings: [],
    })
    const details = detailsOf(summary, 'evmTransaction')
    expect(details.calls).toEqual([
      {
        type: 'erc20Transfer',
        token: {
          address: getAddress(usdc()),
          name: 'USD Coin (Devnet)',
          symbol: 'USDC',
          decimals: 6,
          source: 'config',
        },
        to: { address: getAddress(recipient), name: undefined, isAccount: false },
        amount: {
          value: 1_234_500_000n,
          decimals: 6,
          symbol: 'USDC',
          formatted: '1,234.5 USDC',
          unlimited: false,
        },
        value: undefined,
      },
    ])
    expect(details.fee.status).toBe('estimated')
    if (details.fee.status === 'estimated') {
      expect(details.fee.gasLimit).toBeGreaterThan(21_000n)
      expect(details.fee.amount.symbol).toBe('ETH')
      expect(details.fee.amount.value).toBe(details.fee.gasLimit * details.fee.maxFeePerGas)
    }
    expect(details.balanceChanges.status).toBe('simulated')
    if (details.balanceChanges.status === 'simulated') {
      const usdcChange = details.balanceChanges.changes.find((c) => c.token.symbol === 'USDC')
      expect(usdcChange).toMatchObject({
        diff: -1_234_500_000n,
        direction: 'out',
        amount: { formatted: '1,234.5 USDC' },
        token: { source: 'config', decimals: 6 },
      })
    }
  })

  it('flags an unlimited approval, naming a known spender', async () => {
    const summary = await transaction(
      usdc(),
      encodeFunctionData({
        abi: erc20Abi,
        functionName: 'approve',
        args: [chain.contracts.uniswapV2Router02, maxUint256],
      }),
    )
    expect(summary.title).toBe('Approve USDC spending')
    const [call] = detailsOf(summary, 'evmTransaction').calls
    expect(call).toMatchObject({
      type: 'erc20Approve',
      spender: { name: 'Uniswap V2 Router' },
      amount: { unlimited: true, formatted: 'Unlimited USDC' },
    })
    expect(summary.warnings[0]).toEqual({
      level: 'danger',
      message:
        'Unlimited approval: Uniswap V2 Router can spend all your USDC, now and later, until you revoke it.',
    })
    // An approval moves nothing: the simulation predicts no balance change.
    expect(detailsOf(summary, 'evmTransaction').balanceChanges).toEqual({
      status: 'simulated',
      changes: [],
    })
  })

  it('decodes a bounded approval and transferFrom', async () => {
    const approve = await transaction(
      usdc(),
      encodeFunctionData({
        abi: erc20Abi,
        functionName: 'approve',
        args: [recipient, parseUnits('10', 6)],
      }),
    )
    expect(approve.warnings).toEqual([])
    expect(detailsOf(approve, 'evmTransaction').calls[0]).toMatchObject({
      type: 'erc20Approve',
      amount: { formatted: '10 USDC', unlimited: false },
    })

    const transferFrom = await transaction(
      chain.contracts.dai,
      encodeFunctionData({
        abi: erc20Abi,
        functionName: 'transferFrom',
        args: [recipient, account, parseEther('0.25')],
      }),
    )
    expect(transferFrom.title).toBe('Send DAI')
    expect(detailsOf(transferFrom, 'evmTransaction').calls[0]).toMatchObject({
      type: 'erc20TransferFrom',
      from: { address: getAddress(recipient), isAccount: false },
      to: { address: getAddress(account), isAccount: true },
      amount: { formatted: '0.25 DAI' },
    })
    // No allowance: the simulation says it would fail, and the card says so first.
    expect(detailsOf(transferFrom, 'evmTransaction').balanceChanges.status).toBe('reverted')
    expect(transferFrom.warnings[0]?.level).toBe('danger')
    expect(transferFrom.warnings[0]?.message).toMatch(/^This transaction is expected to fail/)
  })

  it('shows a native transfer in the chain currency with its simulated change', async () => {
    const summary = await transaction(recipient, undefined, parseEther('1.5'))
    expect(summary.title).toBe('Send ETH')
    const details = detailsOf(summary, 'evmTransaction')
    expect(details.calls[0]).toMatchObject({
      type: 'nativeTransfer',
      value: { formatted: '1.5 ETH' },
    })
    expect(details.balanceChanges).toMatchObject({
      status: 'simulated',
      changes: [{ token: { symbol: 'ETH' }, diff: -parseEther('1.5'), direction: 'out' }],
    })
  })

  it('shows an undecoded call as selector, length and raw data, with the native value', async () => {
    const data = encodeFunctionData({
      abi: parseAbi(['function swapExactETHForTokens(uint256,address[],address,uint256)']),
      args: [0n, [chain.contracts.weth, usdc()], account, 2n ** 40n],
    })
    const summary = await transaction(chain.contracts.uniswapV2Router02, data, parseEther('0.1'))
    const [call] = detailsOf(summary, 'evmTransaction').calls
    expect(call).toEqual({
      type: 'contractCall',
      to: {
        address: getAddress(chain.contracts.uniswapV2Router02),
        name: 'Uniswap V2 Router',
        isAccount: false,
      },
      selector: data.slice(0, 10),
      data,
      byteLength: (data.length - 2) / 2,
      value: expect.objectContaining({ formatted: '0.1 ETH' }),
    })
    expect(summary.warnings).toContainEqual({
      level: 'caution',
      message: `The wallet cannot decode this call. Confirm only if you trust ${origin}.`,
    })
    // The swap runs in the simulation: ETH out, USDC in.
    const changes = detailsOf(summary, 'evmTransaction').balanceChanges
    expect(changes.status).toBe('simulated')
    if (changes.status === 'simulated')
      expect(changes.changes.map((c) => [c.token.symbol, c.direction])).toEqual(
        expect.arrayContaining([
          ['ETH', 'out'],
          ['USDC', 'in'],
        ]),
      )
  })

  it('reads an unknown token from the chain and marks it unverified', async () => {
    const summary = await describeApproval(
      {
        kind: 'evmTransaction',
        origin,
        chainId: chain.chainId,
        from: account,
        transaction: {
          to: usdc(),
          data: encodeFunctionData({
            abi: erc20Abi,
            functionName: 'transfer',
            args: [recipient, 1_000_000n],
          }),
        },
      },
      { ...context, chains: { [chain.chainId]: { ...context.chains[31337]!, tokens: [] } } },
    )
    expect(detailsOf(summary, 'evmTransaction').calls[0]).toMatchObject({
      token: { symbol: 'USDC', decimals: 6, source: 'chain' },
      amount: { formatted: '1 USDC' },
    })
    expect(summary.warnings).toContainEqual(
      expect.objectContaining({
        level: 'caution',
        message: expect.stringMatching(/unknown|not know/),
      }),
    )
  })

  it('says "Balance changes could not be simulated" when the node has no eth_simulateV1', async () => {
    const withoutSimulation = createPublicClient({
      transport: custom({
        request: async ({ method, params }) => {
          if (method === 'eth_simulateV1')
            throw Object.assign(new Error('Method not found'), { code: -32601 })
          return client.request({ method, params } as never)
        },
      }),
    }) as PublicClient
    const summary = await describeApproval(
      {
        kind: 'evmTransaction',
        origin,
        chainId: chain.chainId,
        from: account,
        transaction: {
          to: usdc(),
          data: encodeFunctionData({
            abi: erc20Abi,
            functionName: 'transfer',
            args: [recipient, 1n],
          }),
        },
      },
      { ...context, getPublicClient: () => withoutSimulation },
    )
    const details = detailsOf(summary, 'evmTransaction')
    expect(details.balanceChanges.status).toBe('unavailable')
    expect(details.fee.status).toBe('estimated')
    expect(details.calls[0]?.type).toBe('erc20Transfer')
  })

  it('still describes the call when the node is unreachable', async () => {
    const dead = createPublicClient({ transport: http('http://127.0.0.1:9') }) as PublicClient
    const summary = await describeApproval(
      {
        kind: 'evmTransaction',
        origin,
        chainId: chain.chainId,
        from: account,
        transaction: { to: recipient, value: 1n },
      },
      { ...context, getPublicClient: () => dead, timeoutMs: 2_000 },
    )
    const details = detailsOf(summary, 'evmTransaction')
    expect(details.calls[0]?.type).toBe('nativeTransfer')
    expect(details.fee.status).toBe('unavailable')
    expect(details.balanceChanges.status).toBe('unavailable')
  })
})

describe('describeApproval: typed data on the devnet', () => {
  const permit = (value: bigint, verifyingContract = usdc()) =>
    describeApproval(
      {
        kind: 'evmTypedData',
        origin,
        chainId: chain.chainId,
        address: account,
        typedData: {
          domain: {
            name: 'USD Coin (Devnet)',
            version: '1',
            chainId: chain.chainId,
            verifyingContract,
          },
          types: {
            Permit: [
              { name: 'owner', type: 'address' },
              { name: 'spender', type: 'address' },
              { name: 'value', type: 'uint256' },
              { name: 'nonce', type: 'uint256' },
              { name: 'deadline', type: 'uint256' },
            ],
          },
          primaryType: 'Permit',
          message: {
            owner: account,
            spender: chain.contracts.uniswapV2Router02,
            value,
            nonce: 0n,
            deadline: 1_900_000_000n,
          },
        },
      },
      context,
    )

  it('recognises an EIP-2612 permit of the devnet USDC', async () => {
    const summary = await permit(parseUnits('250', 6))
    expect(summary.title).toBe('Approve USDC spending')
    expect(summary.warnings).toEqual([])
    expect(detailsOf(summary, 'typedData').permit).toEqual({
      token: expect.objectContaining({ symbol: 'USDC', decimals: 6, source: 'config' }),
      owner: expect.objectContaining({ isAccount: true }),
      spender: expect.objectContaining({ name: 'Uniswap V2 Router' }),
      amount: expect.objectContaining({ formatted: '250 USDC', unlimited: false }),
      nonce: 0n,
      deadline: { timestamp: 1_900_000_000n, date: '2030-03-17T17:46:40.000Z', never: false },
    })
  })

  it('warns about an unlimited permit', async () => {
    const summary = await permit(maxUint256)
    expect(detailsOf(summary, 'typedData').permit?.amount.formatted).toBe('Unlimited USDC')
    expect(summary.warnings[0]).toMatchObject({ level: 'danger' })
    expect(summary.warnings[0]?.message).toMatch(/^Unlimited approval: Uniswap V2 Router/)
  })

  it('shows nested structs and arrays as a tree, and warns about another chain', async () => {
    const summary = await describeApproval(
      {
        kind: 'evmTypedData',
        origin,
        chainId: chain.chainId,
        address: account,
        typedData: {
          domain: { name: 'Ether Mail', version: '1', chainId: 1 },
          types: {
            Person: [
              { name: 'name', type: 'string' },
              { name: 'wallets', type: 'address[]' },
            ],
            Mail: [
              { name: 'from', type: 'Person' },
              { name: 'to', type: 'Person[]' },
              { name: 'contents', type: 'string' },
              { name: 'urgent', type: 'bool' },
              { name: 'salt', type: 'bytes32' },
            ],
          },
          primaryType: 'Mail',
          message: {
            from: { name: 'Cow', wallets: [account] },
            to: [{ name: 'Bob', wallets: [usdc(), recipient] }],
            contents: 'Hello, Bob!',
            urgent: true,
            salt: toHex(7, { size: 32 }),
          },
        },
      },
      context,
    )
    expect(summary.title).toBe('Sign typed data')
    const details = detailsOf(summary, 'typedData')
    expect(details.permit).toBeUndefined()
    expect(details.domain.map((node) => [node.name, node.value])).toEqual([
      ['name', 'Ether Mail'],
      ['version', '1'],
      ['chainId', '1'],
    ])
    const [from, to, contents, urgent, salt] = details.message
    expect(from).toMatchObject({
      name: 'from',
      type: 'Person',
      children: [
        { name: 'name', value: 'Cow' },
        { name: 'wallets', children: [{ name: '[0]', address: { isAccount: true } }] },
      ],
    })
    expect(to?.children?.[0]?.children?.[1]?.children?.[0]?.address?.name).toBe(
      'USD Coin (Devnet) (USDC)',
    )
    expect([contents?.value, urgent?.value, salt?.value]).toEqual([
      'Hello, Bob!',
      'true',
      toHex(7, { size: 32 }),
    ])
    expect(summary.warnings).toEqual([
      {
        level: 'danger',
        message: `This signature is for another network (chain 1), not ${chain.name}.`,
      },
    ])
  })
})

describe('describeApproval: messages', () => {
  const message = (text: string) =>
    describeApproval(
      { kind: 'evmMessage', origin, chainId: chain.chainId, address: account, message: text },
      context,
    )

  it('shows hex that decodes to printable UTF-8 as text, and plain text as is', async () => {
    for (const input of [stringToHex('Hello 👋\nworld'), 'Hello 👋\nworld']) {
      const summary = await message(input)
      expect(summary.title).toBe('Sign message')
      expect(summary.details).toEqual({
        type: 'message',
        text: { encoding: 'utf8', text: 'Hello 👋\nworld', byteLength: 16 },
      })
      expect(summary.warnings).toEqual([])
    }
  })

  it('shows other bytes as hex, with a caution', async () => {
    const hash = toHex(0xdeadbeefn, { size: 32 })
    const summary = await message(hash)
    expect(summary.details).toEqual({
      type: 'message',
      text: { encoding: 'hex', text: hash, byteLength: 32 },
    })
    expect(summary.warnings[0]?.level).toBe('caution')
  })

  it('reveals characters that reorder or hide text', async () => {
    const summary = await message('pay \u202Eevil')
    expect(summary.details).toMatchObject({ text: { text: 'pay ⟦U+202E⟧evil' } })
  })

  it('shows a sign-in message with its domain, and warns when it is for another site', async () => {
    const text = [
      'app.example.com wants you to sign in with your Ethereum account:',
      getAddress(account),
      '',
      'Sign in to the example app.',
      '',
      'URI: https://app.example.com/login',
      'Version: 1',
      'Chain ID: 31337',
      'Nonce: abcdef123456',
      'Issued At: 2026-11-24T10:00:00.000Z',
    ].join('\n')
    const summary = await describeApproval(
      { kind: 'signIn', origin, chainId: chain.chainId, address: account, message: text },
      context,
    )
    expect(summary).toMatchObject({ title: 'Sign in to app.example.com', warnings: [] })
    expect(summary.details).toMatchObject({
      type: 'signIn',
      domain: 'app.example.com',
      domainMatchesOrigin: true,
      statement: 'Sign in to the example app.',
      text,
    })
    expect(detailsOf(summary, 'signIn').fields).toContainEqual({
      label: 'Website',
      value: 'https://app.example.com/login',
      format: undefined,
    })

    const phishing = await describeApproval(
      {
        kind: 'signIn',
        origin: 'https://evil.example',
        chainId: chain.chainId,
        address: account,
        message: text,
      },
      context,
    )
    expect(phishing.warnings[0]).toEqual({
      level: 'danger',
      message: 'This signs you in to app.example.com, not to https://evil.example.',
    })
  })

  it('falls back to raw data for requests it cannot read, without throwing', async () => {
    const summary = await describeApproval(
      {
        kind: 'evmTypedData',
        origin,
        chainId: chain.chainId,
        address: account,
        typedData: null as never,
      },
      context,
    )
    expect(summary.details.type).toBe('raw')
    expect(summary.warnings[0]?.level).toBe('danger')
  })
})
