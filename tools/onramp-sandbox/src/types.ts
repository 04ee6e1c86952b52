/** An ERC-20 token the sandbox sells on an EVM network. */
export type SandboxEvmToken = {
  symbol: string
  name: string
  decimals: number
  address: `0x${string}`
}

/** An SPL token (classic Token program) the sandbox sells on a Solana network; `address` is the mint. */
export type SandboxSolanaToken = { symbol: string; name: string; decimals: number; address: string }

/**
 * A network the sandbox delivers on. `name` is Coinbase's network id (`purchaseNetwork`,
 * `blockchains`, `defaultNetwork`); the native currency (ETH, SOL) is always sold besides `tokens`.
 */
export type SandboxNetwork =
  | {
      kind: 'evm'
      name: string
      displayName: string
      chainId: number
      rpcUrl: string
      tokens: SandboxEvmToken[]
      /**
       * Where the default price of ETH comes from: the reserves of the Uniswap V2 WETH/USDC pair of
       * this factory (USDC being the network's `USDC` token). Without it ETH costs
       * `defaultPrices.ETH`.
       */
      uniswapV2?: { factory: `0x${string}`; weth: `0x${string}` } | undefined
    }
  | {
      kind: 'solana'
      name: string
      displayName: string
      rpcUrl: string
      tokens: SandboxSolanaToken[]
    }

export type SandboxPaymentMethod = 'CARD' | 'ACH_BANK_ACCOUNT'
export type SandboxPaymentCurrency = 'USD' | 'EUR'

export type SandboxTransactionStatus =
  | 'ONRAMP_TRANSACTION_STATUS_IN_PROGRESS'
  | 'ONRAMP_TRANSACTION_STATUS_SUCCESS'
  | 'ONRAMP_TRANSACTION_STATUS_FAILED'

/** A decimal amount and its currency, as Coinbase writes them (`{ value: '50.00', currency: 'USD' }`). */
export type SandboxAmount = { value: string; currency: string }

/** One purchase, exactly as `GET /onramp/v1/buy/user/{partnerUserId}/transactions` lists it. */
export type SandboxTransaction = {
  transactionId: string
  status: SandboxTransactionStatus
  /** The symbol ('USDC'). */
  purchaseCurrency: string
  /** The network name ('foyer-devnet-a'). */
  purchaseNetwork: string
  purchaseAmount: SandboxAmount
  paymentTotal: SandboxAmount
  paymentSubtotal: SandboxAmount
  coinbaseFee: SandboxAmount
  networkFee: SandboxAmount
  paymentMethod: SandboxPaymentMethod
  walletAddress: string
  /** The delivery's transaction hash (EVM) or signature (Solana); '' until sent. */
  txHash: string
  /** The `partnerUserId` of the checkout URL. */
  partnerUserRef: string
  /** ISO 8601. */
  createdAt: string
  /** ISO 8601; '' until the delivery succeeded or failed. */
  completedAt: string
}
