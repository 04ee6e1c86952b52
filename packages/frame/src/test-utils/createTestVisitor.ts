import type { DevnetChain } from '@foyer/devnet'
import type { Hex } from 'viem'
import { describeApproval } from '../approval/describeApproval.ts'
import type { ApprovalChains, ApprovalRequest, ApprovalSummary } from '../approval/types.ts'
import { createWalletSecret } from '../custody/createWalletSecret.ts'
import { splitSecret } from '../custody/splitSecret.ts'
import { withSigner } from '../custody/withSigner.ts'
import { UserRejectedError } from '../errors.ts'
import { createPublicClients, type RpcContext } from '../frame/handleRpcRequest.ts'
import { createSmartAccounts } from '../smartAccount/createSmartAccounts.ts'
import type { SmartAccountNetwork } from '../smartAccount/delegator.ts'

/** The app origin a test visitor's requests come from, unless a test names another. */
export const testAppOrigin = 'https://app.example.com'

export type CreateTestVisitorParameters = {
  chain: DevnetChain
  /** The chain's smart-account network; without it the visitor has only the EOA. */
  smartAccountNetwork?: SmartAccountNetwork | undefined
  /** How every card is answered. Default 'approve'. */
  decide?: 'approve' | 'reject' | undefined
  /** The app origin that asks. Default `testAppOrigin`. */
  origin?: string | undefined
  sessions?: RpcContext['sessions']
}

export type TestVisitor = {
  /** A signed-in frame's RPC context over a new wallet. */
  context: RpcContext
  /** The wallet's EOA. */
  owner: Hex
  /** Every approval the frame asked for, with the card it shows (the real describer's). */
  asked: { request: ApprovalRequest; summary: ApprovalSummary }[]
  /** How many times the owner key was rebuilt to sign. */
  signed: () => number
  /** The smart account (counterfactual until its first operation); needs `smartAccountNetwork`. */
  smartAccount: () => Promise<Hex>
}

/** A visitor signed in to the frame with a new wallet (both key shares at hand), on one chain. */
export async function createTestVisitor(
  parameters: CreateTestVisitorParameters,
): Promise<TestVisitor> {
  const {
    chain,
    smartAccountNetwork,
    decide = 'approve',
    origin = testAppOrigin,
    sessions,
  } = parameters
  const secret = createWalletSecret()
  const { deviceShare, authShare } = await splitSecret(secret.entropy)
  const rpcUrls = { [chain.chainId]: chain.rpcUrl }
  const getPublicClient = createPublicClients(rpcUrls)
  const approvalChains: ApprovalChains = {
    [chain.chainId]: {
      name: chain.name,
      nativeCurrency: chain.nativeCurrency,
      tokens: chain.tokens,
    },
  }
  const smartAccounts = smartAccountNetwork
    ? createSmartAccounts({
        networks: { [chain.chainId]: smartAccountNetwork },
        rpcUrls,
        owner: () => secret.addresses.eip155,
      })
    : undefined
  const asked: TestVisitor['asked'] = []
  let signed = 0
  const context: RpcContext = {
    origin,
    chainId: chain.chainId,
    rpcUrls,
    address: secret.addresses.eip155,
    solanaAddress: secret.addresses.solana,
    withSigner: (fn) => {
      signed++
      return withSigner([deviceShare, authShare], fn, { expectedAddresses: secret.addresses })
    },
    approve: async (request) => {
      const summary = await describeApproval(request, { chains: approvalChains, getPublicClient })
      asked.push({ request, summary })
      if (decide === 'reject') throw new UserRejectedError()
    },
    switchChain: () => {},
    getPublicClient,
    chains: approvalChains,
    ...(smartAccounts ? { smartAccounts: smartAccounts.context } : {}),
    ...(sessions ? { sessions } : {}),
  }
  return {
    context,
    owner: secret.addresses.eip155,
    asked,
    signed: () => signed,
    smartAccount: async () => {
      const account = await smartAccounts?.context.get(chain.chainId)
      if (!account) throw new Error('createTestVisitor: no smart-account network given')
      return account.address
    },
  }
}
