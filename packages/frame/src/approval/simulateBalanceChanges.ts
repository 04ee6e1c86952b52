import {
  concat,
  encodeEventTopics,
  encodeFunctionData,
  erc20Abi,
  ethAddress,
  getAddress,
  type Hex,
  hexToBigInt,
  type PublicClient,
  pad,
  size,
  zeroAddress,
} from 'viem'
import { simulateCalls } from 'viem/actions'
import type { EvmAddressBook } from './createEvmAddressBook.ts'
import { shortMessageOf } from './estimateNetworkFee.ts'
import { formatAmount } from './formatAmount.ts'
import { readTokenMetadata } from './readTokenMetadata.ts'
import type { ApprovalBalanceChange, ApprovalBalanceChanges, ApprovalToken } from './types.ts'
import { withTimeout } from './withTimeout.ts'

export type SimulateBalanceChangesParameters = {
  client: PublicClient
  from: Hex
  calls: readonly { to?: Hex | null; data?: Hex; value?: bigint }[]
  book: EvmAddressBook
  timeoutMs: number
}

export const SIMULATION_UNAVAILABLE = 'Balance changes could not be simulated'

/**
 * A contract placed by state override that returns `address(arg).balance` for the native
 * balance (`PUSH1 4 CALLDATALOAD BALANCE PUSH1 0 MSTORE PUSH1 32 PUSH1 0 RETURN`, no PUSH0 so it
 * runs on pre-Shanghai chains too).
 */
const nativeBalanceProbe = {
  address: '0x00000000000000000000000000000000f0ae0001',
  code: '0x6004353160005260206000f3',
} as const
/** A token's `balanceOf` may not burn the whole simulation's gas. */
const probeGas = 1_000_000n
const [transferTopic] = encodeEventTopics({ abi: erc20Abi, eventName: 'Transfer' })

/**
 * The account's balance changes the node predicts for `calls`, with viem's `simulateCalls`
 * (`eth_simulateV1`): the native currency and every token that emits a Transfer to or from the
 * account (or is called), measured by balance probes before and after the calls in one simulated
 * block. A node without `eth_simulateV1` gives `unavailable`, never an error.
 *
 * Not viem's `traceAssetChanges`: it reads the native balance with a deployless call (no `to`),
 * which anvil 1.7's `eth_simulateV1` rejects ("missing keys: to"); the probe here is a plain call
 * to an overridden address, which every `eth_simulateV1` node runs.
 */
export async function simulateBalanceChanges(
  parameters: SimulateBalanceChangesParameters,
): Promise<ApprovalBalanceChanges> {
  const { client, from, timeoutMs } = parameters
  if (parameters.calls.some((call) => !call.to))
    return { status: 'unavailable', reason: 'Contract creations are not simulated' }
  const calls = parameters.calls.map((call) => ({
    to: call.to as Hex,
    ...(call.data ? { data: call.data } : {}),
    ...(call.value ? { value: call.value } : {}),
  }))

  try {
    // 1. Which tokens move: Transfer logs that name the account, and the called contracts
    //    (WETH mints on a plain deposit without a Transfer).
    const discovery = await withTimeout(simulateCalls(client, { account: from, calls }), timeoutMs)
    const failure = discovery.results.find((result) => result.status === 'failure')
    if (failure?.status === 'failure')
      return { status: 'reverted', reason: shortMessageOf(failure.error) }
    const accountTopic = pad(from).toLowerCase()
    const candidates = new Set<string>(calls.map((call) => call.to.toLowerCase()))
    for (const result of discovery.results)
      for (const log of result.logs ?? [])
        if (
          log.topics[0] === transferTopic &&
          (log.topics[1]?.toLowerCase() === accountTopic ||
            log.topics[2]?.toLowerCase() === accountTopic)
        )
          candidates.add(log.address.toLowerCase())
    candidates.delete(zeroAddress)
    candidates.delete(ethAddress.toLowerCase())
    const tokens = [...candidates].map((address) => getAddress(address))

    // 2. Balances before and after, in the same simulated block as the calls.
    const balanceOf = encodeFunctionData({ abi: erc20Abi, functionName: 'balanceOf', args: [from] })
    const probes = [
      { to: nativeBalanceProbe.address as Hex, data: concat(['0x00000000', pad(from)]) },
      ...tokens.map((token) => ({ to: token, data: balanceOf, gas: probeGas })),
    ]
    const measured = await withTimeout(
      simulateCalls(client, {
        account: from,
        calls: [...probes, ...calls, ...probes],
        stateOverrides: [{ address: nativeBalanceProbe.address, code: nativeBalanceProbe.code }],
      }),
      timeoutMs,
    )
    const balanceAt = (index: number): bigint | undefined => {
      const result = measured.results[index]
      return result?.status === 'success' && size(result.data) === 32
        ? hexToBigInt(result.data)
        : undefined
    }
    const after = probes.length + calls.length
    const diffs: { address: Hex; diff: bigint }[] = []
    for (const [index, probe] of probes.entries()) {
      const before = balanceAt(index)
      const later = balanceAt(after + index)
      if (before === undefined || later === undefined || before === later) continue
      diffs.push({ address: index === 0 ? ethAddress : probe.to, diff: later - before })
    }

    const changes = await Promise.all(
      diffs.map(async ({ address, diff }): Promise<ApprovalBalanceChange> => {
        const token = await tokenOf(address, parameters)
        const magnitude = diff < 0n ? -diff : diff
        return {
          token,
          diff,
          amount: formatAmount({
            value: magnitude,
            decimals: token.decimals,
            symbol: token.symbol,
          }),
          direction: diff < 0n ? 'out' : 'in',
        }
      }),
    )
    return { status: 'simulated', changes }
  } catch (error) {
    return { status: 'unavailable', reason: shortMessageOf(error) }
  }
}

async function tokenOf(
  address: Hex,
  { client, book, timeoutMs }: SimulateBalanceChangesParameters,
): Promise<ApprovalToken> {
  if (address === ethAddress) {
    const { name, symbol, decimals } = book.nativeCurrency
    return { address: ethAddress, name, symbol, decimals, source: 'config' }
  }
  return book.token(address) ?? readTokenMetadata({ client, address, timeoutMs })
}
