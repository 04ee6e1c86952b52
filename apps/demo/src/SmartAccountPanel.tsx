import * as world from 'virtual:foyer-world'
import {
  type GetCallsStatusReturnType,
  type GrantPermissionsReturnType,
  getCallsStatus,
  signTypedData,
} from '@foyer/core'
import {
  useAccount,
  useCapabilities,
  useFoyer,
  useGrantPermissions,
  useNetwork,
  useRevokePermissions,
  useSendCalls,
} from '@foyer/react'
import { useState } from 'react'
import {
  createWalletClient,
  encodeFunctionData,
  encodePacked,
  erc20Abi,
  type Hex,
  http,
  parseAbi,
  parseUnits,
} from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { demoTypedData } from './demoTypedData.ts'

/** The app's session key: a devnet account the demo holds, as an app's server would hold one. */
const sessionKey = world.accounts[8]!
/** Where the demo's batch and session transfers go. */
const receiver = world.accounts[9]!.address

const delegationManagerAbi = parseAbi([
  'function redeemDelegations(bytes[] _permissionContexts, bytes32[] _modes, bytes[] _executionCallDatas)',
])
/** ERC-7579 mode of one call (packed `target, value, callData`). */
const singleCallMode: Hex = `0x${'00'.repeat(32)}`

/**
 * EIP-5792 batches and ERC-7715 smart sessions against the connected account (the embedded
 * wallet's smart account or EOA): approve + transfer of the devnet's USDC in one
 * `wallet_sendCalls`, its status, a batch with a target that is not 0x-prefixed (refused before
 * anything is sent), and a session of 10 USDC on the USDC contract that the app's session key
 * spends without asking the visitor, then revokes.
 */
export function SmartAccountPanel() {
  const foyer = useFoyer()
  const { address, isConnected } = useAccount()
  const { network } = useNetwork()
  const chain = world.chains.find((candidate) => candidate.chainId === Number(network.id))
  const capabilities = useCapabilities()
  const sendCalls = useSendCalls()
  const grant = useGrantPermissions()
  const revoke = useRevokePermissions()
  const [status, setStatus] = useState<GetCallsStatusReturnType>()
  const [session, setSession] = useState<GrantPermissionsReturnType>()
  const [spent, setSpent] = useState<string>()
  const [typedSignature, setTypedSignature] = useState<string>()
  const [error, setError] = useState<string>()
  const [amount, setAmount] = useState('3')
  const show = (reason: Error & { shortMessage?: string }) =>
    setError(reason.shortMessage ?? reason.message)
  const usdc = chain?.contracts.usdc
  const ready = isConnected && address !== undefined && usdc !== undefined
  const transfer = (to: Hex, value: bigint) =>
    encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [to, value] })

  return (
    <section aria-labelledby="smart-account-title">
      <h2 id="smart-account-title">Batches and smart sessions</h2>
      <p>
        Capabilities:{' '}
        <output data-testid="capabilities">{JSON.stringify(capabilities.data ?? null)}</output>
      </p>
      <button
        type="button"
        disabled={!ready}
        onClick={() => {
          setError(undefined)
          sendCalls
            .sendCallsAsync({
              calls: [
                {
                  to: usdc!,
                  data: encodeFunctionData({
                    abi: erc20Abi,
                    functionName: 'approve',
                    args: [chain!.contracts.uniswapV2Router02, parseUnits('5', 6)],
                  }),
                },
                { to: usdc!, data: transfer(receiver, parseUnits('1', 6)) },
              ],
            })
            .catch(show)
        }}
      >
        Approve 5 USDC + transfer 1 USDC (one batch)
      </button>{' '}
      <button
        type="button"
        disabled={!ready}
        onClick={() => {
          setError(undefined)
          sendCalls
            .sendCallsAsync({
              calls: [
                { to: usdc!, data: transfer(receiver, 1n) },
                // Not 0x-prefixed: SPEC §5 refuses the whole batch.
                { to: receiver.slice(2) as Hex, data: '0x' },
              ],
            })
            .catch(show)
        }}
      >
        Send a batch with a target without 0x
      </button>
      <p>
        Batch id: <output data-testid="calls-id">{sendCalls.data?.id ?? ''}</output>{' '}
        <button
          type="button"
          disabled={!sendCalls.data}
          onClick={() => {
            getCallsStatus(foyer, { id: sendCalls.data!.id }).then(setStatus, show)
          }}
        >
          Check the batch
        </button>{' '}
        <output data-testid="calls-status">{status ? JSON.stringify(status) : ''}</output>
      </p>
      <p>
        <button
          type="button"
          disabled={!ready || !chain}
          onClick={() => {
            setError(undefined)
            setTypedSignature(undefined)
            signTypedData(
              foyer,
              demoTypedData({ chainId: chain!.chainId, account: address as Hex }),
            ).then(setTypedSignature, show)
          }}
        >
          Check in with typed data (EIP-712)
        </button>{' '}
        <output data-testid="typed-signature">{typedSignature ?? ''}</output>
      </p>
      <button
        type="button"
        disabled={!ready}
        onClick={() => {
          setError(undefined)
          grant
            .grantPermissionsAsync({
              expiry: Math.floor(Date.now() / 1000) + 3600,
              signer: { type: 'account', data: { address: sessionKey.address } },
              permissions: [
                {
                  type: 'contract-call',
                  data: { address: usdc!, functions: ['transfer(address,uint256)'] },
                },
                {
                  type: 'erc20-token-transfer',
                  data: { address: usdc!, allowance: parseUnits('10', 6) },
                },
              ],
            })
            .then(setSession, show)
        }}
      >
        Grant a session: 10 USDC on the USDC contract
      </button>{' '}
      <output data-testid="session-context">{session?.context ?? ''}</output>
      <form
        aria-label="Spend with the session"
        onSubmit={(event) => {
          event.preventDefault()
          if (!session || !chain) return
          setError(undefined)
          setSpent(undefined)
          // The app's own key sends this: the visitor is not asked (the account's caveats limit it).
          const wallet = createWalletClient({
            account: privateKeyToAccount(sessionKey.privateKey),
            chain: {
              id: chain.chainId,
              name: chain.name,
              nativeCurrency: chain.nativeCurrency,
              rpcUrls: { default: { http: [chain.rpcUrl] } },
            },
            transport: http(chain.rpcUrl),
          })
          wallet
            .writeContract({
              address: chain.contracts.delegationManager,
              abi: delegationManagerAbi,
              functionName: 'redeemDelegations',
              args: [
                [session.context],
                [singleCallMode],
                [
                  encodePacked(
                    ['address', 'uint256', 'bytes'],
                    [usdc!, 0n, transfer(receiver, parseUnits(amount, 6))],
                  ),
                ],
              ],
            })
            .then(setSpent, show)
        }}
      >
        <label>
          USDC <input value={amount} onChange={(event) => setAmount(event.target.value)} />
        </label>{' '}
        <button type="submit" disabled={!session}>
          Spend with the session
        </button>{' '}
        <output data-testid="session-spent">{spent ?? ''}</output>
      </form>
      <button
        type="button"
        disabled={!session}
        onClick={() => {
          setError(undefined)
          revoke.revokePermissionsAsync({ permissionsContext: session!.context }).catch(show)
        }}
      >
        Revoke the session
      </button>{' '}
      <output data-testid="session-revoked">{revoke.isSuccess ? 'revoked' : ''}</output>
      {error ? (
        <p role="alert" data-testid="smart-account-error">
          {error}
        </p>
      ) : null}
    </section>
  )
}
