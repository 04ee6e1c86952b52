import type { Hex, PublicClient, TypedDataDefinition } from 'viem'

/** What the frame knows about each EVM network (same shape as the frame page's `FrameConfig['chains']`). */
export type ApprovalChains = Record<
  number,
  {
    name: string
    nativeCurrency: { name: string; symbol: string; decimals: number }
    tokens: { address: Hex; symbol: string; name: string; decimals: number }[]
    /** Other contracts known by name (e.g. a DEX router), lower-case address → name. */
    contracts?: Record<string, string> | undefined
  }
>

/**
 * What an app asks the visitor to sign, as the frame's RPC handler received it. `appName` is the
 * name the app declared (SYNC_DAPP_DATA): shown beside the origin, never instead of it.
 */
export type ApprovalRequest = { appName?: string | undefined } & (
  | {
      kind: 'evmMessage'
      origin: string
      chainId: number
      address: Hex
      /** As the RPC param: 0x-hex bytes or plain text. */
      message: string
    }
  | {
      kind: 'evmTypedData'
      origin: string
      chainId: number
      address: Hex
      typedData: TypedDataDefinition
    }
  | {
      kind: 'evmTransaction'
      origin: string
      chainId: number
      from: Hex
      transaction: { to?: Hex | null; data?: Hex; value?: bigint; gas?: bigint }
    }
  | {
      /**
       * EIP-5792 `wallet_sendCalls` from the visitor's smart account: every call of the batch
       * goes into one ERC-4337 user operation, signed by the owner key (the visitor's EOA).
       */
      kind: 'evmCalls'
      origin: string
      chainId: number
      /** The smart account that makes the calls (the operation's sender). */
      from: Hex
      /** The key that signs the operation: the visitor's own EOA. */
      owner: Hex
      /** Decoded back from the operation's `callData`: exactly what is signed. */
      calls: { to: Hex; data?: Hex; value?: bigint }[]
      /** The operation's gas limits in all and its `maxFeePerGas`: the most it can cost. */
      gas?: { gasLimit: bigint; maxFeePerGas: bigint } | undefined
      /** The operation also deploys the account (its first one). */
      deploysAccount: boolean
      /**
       * The batch comes from the EOA (`from` = `owner`): each call is its own transaction, sent in
       * order after this one card, not one atomic operation.
       */
      sequential?: boolean | undefined
    }
  | {
      /**
       * ERC-7715 `wallet_grantPermissions`: the smart account delegates to `signer` (a session
       * key) under on-chain caveats; or `wallet_revokePermissions` (`revoke`) disables that.
       */
      kind: 'evmPermissions'
      origin: string
      chainId: number
      /** The smart account that delegates. */
      account: Hex
      /** The key that signs the delegation: the visitor's own EOA. */
      owner: Hex
      /** The session key that may act for the account. */
      signer: Hex
      /** Unix seconds: the session ends then, on chain. */
      expiry: number
      /** The only contracts and functions (4-byte selectors, with signatures when named) it may call. */
      contracts: { address: Hex; functions: { selector: Hex; signature?: string | undefined }[] }[]
      /** The most each token may move in all, in base units. */
      tokenLimits: { token: Hex; allowance: bigint }[]
      /** Revoking a session granted before, rather than granting one. */
      revoke: boolean
      /** The first operation of the account, which creates it, comes with the grant. */
      deploysAccount: boolean
    }
  | {
      kind: 'signIn'
      origin: string
      chainId: number
      address: Hex
      /** EIP-4361 text. */
      message: string
    }
  | { kind: 'solanaMessage'; origin: string; address: string; message: Uint8Array }
  | {
      kind: 'solanaTransaction'
      origin: string
      address: string
      /** The compiled message, legacy or v0. */
      messageBytes: Uint8Array
    }
)

/** An SPL token the frame knows by its mint (from the server's Solana networks). */
export type ApprovalSolanaToken = { mint: string; symbol: string; name: string; decimals: number }

export type ApprovalContext = {
  getPublicClient: (chainId: number) => PublicClient
  chains: ApprovalChains
  /** Known SPL tokens: a transfer of one shows its name, symbol and amount. */
  solanaTokens?: readonly ApprovalSolanaToken[] | undefined
  /** Longest wait for each chain call (fee, simulation, token metadata). Default 8 s. */
  timeoutMs?: number | undefined
}

/** An amount of a currency or token, with the text to show. */
export type ApprovalAmount = {
  /** In base units. */
  value: bigint
  /** Undefined when the token is not known: `formatted` then shows base units. */
  decimals: number | undefined
  symbol: string | undefined
  /** E.g. `1,234.5 USDC`, `Unlimited USDC`, `1000000 base units`. */
  formatted: string
  /** At least 2^128 base units: more than any real balance, i.e. "everything, forever". */
  unlimited: boolean
}

/** An address (EVM hex or Solana base58) with what the frame knows about it. */
export type ApprovalAddress = {
  address: string
  /** A known token, contract or program name. */
  name: string | undefined
  /** The visitor's own account. */
  isAccount: boolean
}

/** A token a call or signature is about. `source` says how much to trust its name. */
export type ApprovalToken = {
  address: string
  name: string | undefined
  symbol: string | undefined
  decimals: number | undefined
  /** `config`: the operator's token list; `chain`: what the contract says about itself; `unknown`. */
  source: 'config' | 'chain' | 'unknown'
}

export type ApprovalWarning = { level: 'danger' | 'caution'; message: string }

/** Label/value pairs shown as rows; `date` values are ISO 8601, shown in the visitor's locale. */
export type ApprovalField = { label: string; value: string; format?: 'date' | undefined }

/** Bytes shown as text when they are printable UTF-8, else as hex. */
export type ApprovalText = { encoding: 'utf8' | 'hex'; text: string; byteLength: number }

/** One decoded EVM call. Every variant carries the native value it sends, if any. */
export type ApprovalEvmCall = { value: ApprovalAmount | undefined } & (
  | { type: 'nativeTransfer'; to: ApprovalAddress }
  | { type: 'erc20Transfer'; token: ApprovalToken; to: ApprovalAddress; amount: ApprovalAmount }
  | {
      type: 'erc20Approve'
      token: ApprovalToken
      spender: ApprovalAddress
      amount: ApprovalAmount
    }
  | {
      type: 'erc20TransferFrom'
      token: ApprovalToken
      from: ApprovalAddress
      to: ApprovalAddress
      amount: ApprovalAmount
    }
  | {
      type: 'setApprovalForAll'
      collection: ApprovalAddress
      operator: ApprovalAddress
      approved: boolean
    }
  | {
      type: 'contractCall'
      to: ApprovalAddress
      /** The first 4 bytes of `data`, undefined when shorter. */
      selector: Hex | undefined
      data: Hex
      byteLength: number
    }
  | { type: 'contractCreation'; data: Hex; byteLength: number }
)

export type ApprovalFee =
  | {
      status: 'estimated'
      gasLimit: bigint
      maxFeePerGas: bigint
      /** gasLimit × maxFeePerGas in the native currency: the most the visitor pays. */
      amount: ApprovalAmount
    }
  | { status: 'unavailable'; reason: string }

export type ApprovalBalanceChange = {
  token: ApprovalToken
  /** Signed, in base units: negative leaves the account. */
  diff: bigint
  /** |diff|, formatted. */
  amount: ApprovalAmount
  direction: 'in' | 'out'
}

export type ApprovalBalanceChanges =
  | { status: 'simulated'; changes: ApprovalBalanceChange[] }
  /** The simulation ran and the call reverted. */
  | { status: 'reverted'; reason: string }
  /** The node could not simulate (no `eth_simulateV1`, timeout, contract creation…). */
  | { status: 'unavailable'; reason: string }

export type ApprovalTypedDataNode = {
  name: string
  type: string
  /** Leaves only: the value as text (integers in decimal, bytes in hex). */
  value: string | undefined
  /** Address leaves: the address with its known name. */
  address: ApprovalAddress | undefined
  /** Structs and arrays only. */
  children: ApprovalTypedDataNode[] | undefined
}

export type ApprovalDeadline = {
  /** Seconds since the epoch, as signed. */
  timestamp: bigint
  /** ISO 8601, undefined when out of the Date range. */
  date: string | undefined
  /** 2^48 or more: effectively no deadline. */
  never: boolean
}

/** An EIP-2612 `Permit` (or DAI's `allowed` variant) recognised in typed data. */
export type ApprovalPermit = {
  token: ApprovalToken
  owner: ApprovalAddress
  spender: ApprovalAddress
  amount: ApprovalAmount
  nonce: bigint | undefined
  deadline: ApprovalDeadline | undefined
}

export type ApprovalSolanaInstruction = { program: ApprovalAddress } & (
  | { type: 'solTransfer'; from: ApprovalAddress; to: ApprovalAddress; amount: ApprovalAmount }
  | {
      type: 'tokenTransfer'
      source: ApprovalAddress
      destination: ApprovalAddress
      authority: ApprovalAddress
      /** transferChecked names the mint; transfer does not (then the amount is in base units). */
      mint: ApprovalAddress | undefined
      amount: ApprovalAmount
      checked: boolean
    }
  | {
      type: 'tokenApprove'
      source: ApprovalAddress
      delegate: ApprovalAddress
      owner: ApprovalAddress
      mint: ApprovalAddress | undefined
      amount: ApprovalAmount
      checked: boolean
    }
  | {
      type: 'createAssociatedTokenAccount'
      payer: ApprovalAddress
      account: ApprovalAddress
      owner: ApprovalAddress
      mint: ApprovalAddress
      idempotent: boolean
    }
  | { type: 'computeUnitLimit'; units: number }
  | { type: 'computeUnitPrice'; microLamports: bigint }
  | { type: 'requestHeapFrame'; bytes: number }
  | { type: 'loadedAccountsDataSizeLimit'; bytes: number }
  | { type: 'memo'; text: ApprovalText }
  | {
      type: 'unknown'
      /** The instruction's name when the program is known but this instruction is not decoded. */
      instructionName: string | undefined
      accounts: ApprovalAddress[]
      data: Hex
      byteLength: number
    }
)

export type ApprovalDetails =
  | { type: 'message'; text: ApprovalText }
  | {
      type: 'signIn'
      /** The site the message signs in to (EIP-4361 `domain`). */
      domain: string
      /** Whether `domain` is the requesting origin's host. */
      domainMatchesOrigin: boolean
      statement: string | undefined
      fields: ApprovalField[]
      /** The whole message as signed. */
      text: string
    }
  | {
      type: 'typedData'
      primaryType: string
      domain: ApprovalTypedDataNode[]
      message: ApprovalTypedDataNode[]
      permit: ApprovalPermit | undefined
    }
  | {
      type: 'evmTransaction'
      calls: ApprovalEvmCall[]
      fee: ApprovalFee
      balanceChanges: ApprovalBalanceChanges
      /**
       * Present when the calls are one ERC-4337 user operation of the visitor's smart account:
       * they all happen or none does, signed by `owner`.
       */
      userOperation?: { owner: ApprovalAddress; deploysAccount: boolean } | undefined
      /** An EOA's batch: this many transactions, sent one after another. */
      sequentialTransactions?: number | undefined
    }
  | {
      type: 'solanaTransaction'
      version: 'legacy' | number
      feePayer: ApprovalAddress
      instructions: ApprovalSolanaInstruction[]
      /** Signatures × 5000 lamports + priority fee. */
      fee: ApprovalAmount
      /** Accounts loaded from address lookup tables, which the frame cannot resolve. */
      usesLookupTables: boolean
    }
  | {
      /** A smart session: what the session key may do for the account, until when. */
      type: 'permissions'
      revoke: boolean
      signer: ApprovalAddress
      /** ISO 8601. */
      expiry: string
      contracts: { contract: ApprovalAddress; functions: string[] }[]
      tokenLimits: { token: ApprovalToken; allowance: ApprovalAmount }[]
      owner: ApprovalAddress
      deploysAccount: boolean
    }
  /** The request could not be decoded at all: only its raw bytes. */
  | { type: 'raw'; data: Hex; byteLength: number }

/** What the approval card shows. Built by `describeApproval`, rendered by `requestApproval`. */
export type ApprovalSummary = {
  kind: ApprovalRequest['kind']
  /** The card's heading, e.g. "Send USDC", "Sign message". */
  title: string
  /** The Approve button's label: "Sign", "Confirm", "Sign in". */
  approveLabel: string
  /** The app origin that asks. */
  origin: string
  /** The name the app declared, shortened (unverified: the origin is what the frame knows). */
  appName?: string | undefined
  account: ApprovalAddress
  /** "Foyer Devnet A", "Chain 10" when unknown, "Solana". */
  network: { name: string; chainId: number | undefined }
  /** Most severe first. */
  warnings: ApprovalWarning[]
  details: ApprovalDetails
}
