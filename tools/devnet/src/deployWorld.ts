import {
  type Address,
  type Client,
  createClient,
  createTestClient,
  encodeDeployData,
  encodeFunctionData,
  encodePacked,
  getContractAddress,
  type Hash,
  type Hex,
  http,
  keccak256,
  maxUint256,
  parseEther,
  parseGwei,
  parseUnits,
  type TestClient,
  type TransactionReceipt,
} from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import {
  devnetPunksAbi,
  devnetTokenAbi,
  uniswapV2FactoryAbi,
  uniswapV2Router02Abi,
  weth9Abi,
} from './abis.ts'
import {
  anvilDevAccounts,
  type DevAccount,
  devnetBundlerAccounts,
  devnetDeployer,
  devnetGalleryAccount,
  devnetOnRampTreasury,
} from './accounts.ts'
import { readArtifactBytecode } from './artifacts.ts'
import { DeployWorldError } from './errors.ts'
import { planAccountAbstraction } from './planAccountAbstraction.ts'
import { planDelegationFramework } from './planDelegationFramework.ts'
import { planEnsDeployment } from './planEnsDeployment.ts'
import type {
  DevnetAccountAbstractionContracts,
  DevnetContracts,
  DevnetDelegationContracts,
  DevnetEnsContracts,
  DevnetEnsName,
  DevnetPool,
  DevnetToken,
} from './types.ts'

export type DeployWorldParameters = {
  /** Accounts to fund with tokens. Default: anvil's 10 default accounts. */
  accounts?: readonly DevAccount[] | undefined
  /**
   * The on-ramp sandbox's treasury, funded with `onRampTreasuryAmounts`. Default
   * `devnetOnRampTreasury()`; `false` funds none.
   */
  onRampTreasury?: Address | false | undefined
  /**
   * The local bundler's executor and utility accounts, each given `bundlerAccountEther`. Default
   * `devnetBundlerAccounts()` (indexes 13 and 14); `false` funds none.
   */
  bundlerAccounts?: readonly Address[] | false | undefined
  /**
   * The gallery's account, funded like a dev account (`galleryAccountEther`, `fundedTokenAmounts`)
   * and given an NFT. Default `devnetGalleryAccount()` (index 20); `false` funds none.
   */
  galleryAccount?: Address | false | undefined
}

export type DeployWorldReturnType = {
  contracts: DevnetContracts
  tokens: DevnetToken[]
  pools: DevnetPool[]
  /** Ids of the NFTs minted, with their owners. */
  nfts: { tokenId: bigint; owner: Address }[]
  /** ENS names registered, each with a primary (reverse) name for its address. */
  ensNames: DevnetEnsName[]
}

export type DeployWorldErrorType = DeployWorldError

/** Token amounts each funded account receives. */
export const fundedTokenAmounts = { usdc: 1_000_000n, dai: 1_000_000n } as const

/**
 * What the on-ramp sandbox's treasury gets on every chain: enough for thousands of test purchases
 * at the sandbox's limits (7,500 by card, 25,000 by bank account).
 */
export const onRampTreasuryAmounts = {
  eth: 10_000n,
  usdc: 100_000_000n,
  dai: 100_000_000n,
} as const

/** Ether the gallery's account gets on every chain: what anvil gives each dev account. */
export const galleryAccountEther = 10_000n

/** Ether the bundler's executor and utility accounts get on every chain (they pay for bundles). */
export const bundlerAccountEther = 1_000n

/** Pool reserves; 1 ETH = 3000 USDC = 3000 DAI and 1 USDC = 1 DAI. */
const liquidity = {
  usdcDai: { usdc: 1_000_000n, dai: 1_000_000n },
  usdcWeth: { usdc: 3_000_000n, eth: 1_000n },
  daiWeth: { dai: 3_000_000n, eth: 1_000n },
} as const

const deployerEther = parseEther('100000')

// Fixed limits instead of estimates: a transaction is signed before the ones it depends on are
// mined. Unused gas is refunded, so generous limits only cost an up-front balance check.
const gasLimits = { deploy: 8_000_000n, createPool: 6_000_000n, call: 300_000n }

type PlannedTransaction = { step: string; to?: Address; data: Hex; value?: bigint; gas: bigint }

/**
 * Deploys the devnet's contracts on an anvil node and fills them: USDC and DAI stand-ins, WETH9,
 * Uniswap V2 (factory, router and three funded pools), an NFT collection and ENS (`alice.eth` →
 * account 0 with an NFT avatar, `bob.eth` → account 1, both primary names); every account gets
 * 1,000,000 USDC and 1,000,000 DAI, and the on-ramp sandbox's treasury gets `onRampTreasuryAmounts`
 * and the gallery's account the same as a dev account and NFT #4 (after everything else), then ERC-4337 v0.7 (EntryPoint and SimpleAccountFactory at their
 * canonical addresses) and Ether for the local bundler's accounts. All transactions are signed up
 * front with consecutive nonces and sent in three JSON-RPC batches (ENS second, ERC-4337 third),
 * so a fresh node always ends with the same addresses.
 */
export async function deployWorld(
  rpcUrl: string,
  parameters: DeployWorldParameters = {},
): Promise<DeployWorldReturnType> {
  const accounts = parameters.accounts ?? anvilDevAccounts()
  const account0 = accounts[0]
  if (!account0) {
    throw new DeployWorldError({ step: 'reading parameters', rpcUrl, cause: 'no accounts to fund' })
  }
  const account1 = accounts[1] ?? account0
  const deployer = devnetDeployer()
  const treasury =
    parameters.onRampTreasury === undefined
      ? devnetOnRampTreasury().address
      : parameters.onRampTreasury
  const bundlerAccounts =
    parameters.bundlerAccounts === undefined
      ? Object.values(devnetBundlerAccounts()).map((account) => account.address)
      : parameters.bundlerAccounts || []
  const galleryAccount =
    parameters.galleryAccount === undefined
      ? devnetGalleryAccount().address
      : parameters.galleryAccount
  const signer = privateKeyToAccount(deployer.privateKey)
  // Requests made in the same tick travel as one JSON-RPC batch. No retries: a resent raw
  // transaction is rejected as already known.
  const transport = http(rpcUrl, { batch: { batchSize: 1_000, wait: 0 }, retryCount: 0 })
  const client = createClient({ transport })
  const testClient = createTestClient({ mode: 'anvil', transport })

  let step = 'reading the chain'
  try {
    const [chainIdHex, nonceHex, latestBlock] = await Promise.all([
      client.request({ method: 'eth_chainId' }),
      client.request({ method: 'eth_getTransactionCount', params: [deployer.address, 'latest'] }),
      client.request({ method: 'eth_getBlockByNumber', params: ['latest', false] }),
      // The deployer is not a default account, so give it the Ether it deploys and pools with.
      testClient.setBalance({ address: deployer.address, value: deployerEther }),
      treasury
        ? testClient.setBalance({
            address: treasury,
            value: parseEther(String(onRampTreasuryAmounts.eth)),
          })
        : undefined,
      ...bundlerAccounts.map((address) =>
        testClient.setBalance({ address, value: parseEther(String(bundlerAccountEther)) }),
      ),
      galleryAccount
        ? testClient.setBalance({
            address: galleryAccount,
            value: parseEther(String(galleryAccountEther)),
          })
        : undefined,
    ])
    const chainId = Number(chainIdHex)
    const firstNonce = Number(nonceHex)
    // Each block here uses far less gas than the target, so the base fee only falls from now on.
    const maxPriorityFeePerGas = parseGwei('1')
    const maxFeePerGas = BigInt(latestBlock?.baseFeePerGas ?? 0n) * 2n + maxPriorityFeePerGas

    const addressAt = (offset: number) =>
      getContractAddress({ from: deployer.address, nonce: BigInt(firstNonce + offset) })
    const contracts: Omit<
      DevnetContracts,
      | keyof DevnetEnsContracts
      | keyof DevnetAccountAbstractionContracts
      | keyof DevnetDelegationContracts
    > = {
      usdc: addressAt(0),
      dai: addressAt(1),
      weth: addressAt(2),
      uniswapV2Factory: addressAt(3),
      uniswapV2Router02: addressAt(4),
      nft: addressAt(5),
    }
    const tokens: DevnetToken[] = [
      { address: contracts.usdc, symbol: 'USDC', name: 'USD Coin (Devnet)', decimals: 6 },
      { address: contracts.dai, symbol: 'DAI', name: 'Dai Stablecoin (Devnet)', decimals: 18 },
      { address: contracts.weth, symbol: 'WETH', name: 'Wrapped Ether', decimals: 18 },
    ]
    const [usdc, dai] = tokens as [DevnetToken, DevnetToken, DevnetToken]
    const usdcUnits = (amount: bigint) => parseUnits(String(amount), usdc.decimals)
    const daiUnits = (amount: bigint) => parseUnits(String(amount), dai.decimals)

    const deploy = (step: string, data: Hex): PlannedTransaction => ({
      step,
      data,
      gas: gasLimits.deploy,
    })
    const call = (step: string, to: Address, data: Hex, gas = gasLimits.call, value?: bigint) => ({
      step,
      to,
      data,
      gas,
      value,
    })
    const mintToken = (token: DevnetToken, to: Address, amount: bigint) =>
      call(
        `minting ${token.symbol} to ${to}`,
        token.address,
        encodeFunctionData({ abi: devnetTokenAbi, functionName: 'mint', args: [to, amount] }),
      )
    const tokenBytecode = readArtifactBytecode('DevnetToken')
    const deadline = maxUint256

    const plan: PlannedTransaction[] = [
      ...[usdc, dai].map((token) =>
        deploy(
          `deploying ${token.symbol}`,
          encodeDeployData({
            abi: devnetTokenAbi,
            bytecode: tokenBytecode,
            args: [token.name, token.symbol, token.decimals],
          }),
        ),
      ),
      deploy(
        'deploying WETH9',
        encodeDeployData({ abi: weth9Abi, bytecode: readArtifactBytecode('WETH9') }),
      ),
      deploy(
        'deploying the Uniswap V2 factory',
        encodeDeployData({
          abi: uniswapV2FactoryAbi,
          bytecode: readArtifactBytecode('UniswapV2Factory'),
          args: [deployer.address],
        }),
      ),
      deploy(
        'deploying the Uniswap V2 router',
        encodeDeployData({
          abi: uniswapV2Router02Abi,
          bytecode: readArtifactBytecode('UniswapV2Router02'),
          args: [contracts.uniswapV2Factory, contracts.weth],
        }),
      ),
      deploy(
        'deploying the NFT collection',
        encodeDeployData({ abi: devnetPunksAbi, bytecode: readArtifactBytecode('DevnetPunks') }),
      ),
      ...accounts.flatMap((account) => [
        mintToken(usdc, account.address, usdcUnits(fundedTokenAmounts.usdc)),
        mintToken(dai, account.address, daiUnits(fundedTokenAmounts.dai)),
      ]),
      mintToken(
        usdc,
        deployer.address,
        usdcUnits(liquidity.usdcDai.usdc + liquidity.usdcWeth.usdc),
      ),
      mintToken(dai, deployer.address, daiUnits(liquidity.usdcDai.dai + liquidity.daiWeth.dai)),
      ...[usdc, dai].map((token) =>
        call(
          `approving the router for ${token.symbol}`,
          token.address,
          encodeFunctionData({
            abi: devnetTokenAbi,
            functionName: 'approve',
            args: [contracts.uniswapV2Router02, maxUint256],
          }),
        ),
      ),
      call(
        'creating the USDC/DAI pool',
        contracts.uniswapV2Router02,
        encodeFunctionData({
          abi: uniswapV2Router02Abi,
          functionName: 'addLiquidity',
          args: [
            usdc.address,
            dai.address,
            usdcUnits(liquidity.usdcDai.usdc),
            daiUnits(liquidity.usdcDai.dai),
            usdcUnits(liquidity.usdcDai.usdc),
            daiUnits(liquidity.usdcDai.dai),
            deployer.address,
            deadline,
          ],
        }),
        gasLimits.createPool,
      ),
      ...(
        [
          [usdc, usdcUnits(liquidity.usdcWeth.usdc), parseEther(String(liquidity.usdcWeth.eth))],
          [dai, daiUnits(liquidity.daiWeth.dai), parseEther(String(liquidity.daiWeth.eth))],
        ] as const
      ).map(([token, tokenAmount, etherAmount]) =>
        call(
          `creating the ${token.symbol}/WETH pool`,
          contracts.uniswapV2Router02,
          encodeFunctionData({
            abi: uniswapV2Router02Abi,
            functionName: 'addLiquidityETH',
            args: [
              token.address,
              tokenAmount,
              tokenAmount,
              etherAmount,
              deployer.address,
              deadline,
            ],
          }),
          gasLimits.createPool,
          etherAmount,
        ),
      ),
    ]
    // Token #1 to account 0, #2 to account 1, #3 to account 0.
    const nftOwners = [account0.address, account1.address, account0.address]
    for (const owner of nftOwners) {
      plan.push(
        call(
          `minting an NFT to ${owner}`,
          contracts.nft,
          encodeFunctionData({ abi: devnetPunksAbi, functionName: 'mint', args: [owner] }),
        ),
      )
    }

    // ENS comes after everything else, so the older contracts keep their addresses.
    const ens = planEnsDeployment({
      chainId,
      deployer: deployer.address,
      firstNonce: firstNonce + plan.length,
      alice: account0.address,
      bob: account1.address,
      nft: contracts.nft,
    })
    // Sent as a second batch: all of it in the first one would overflow a block's gas, and anvil
    // then drops the transactions behind the ones left over.
    const secondBatchStart = plan.length
    plan.push(...ens.transactions)
    // The treasury's tokens come last of all, so no contract address moves because of them.
    if (treasury) {
      plan.push(
        mintToken(usdc, treasury, usdcUnits(onRampTreasuryAmounts.usdc)),
        mintToken(dai, treasury, daiUnits(onRampTreasuryAmounts.dai)),
      )
    }
    // The gallery's account after that too (its NFT is the next id: #4).
    if (galleryAccount) {
      nftOwners.push(galleryAccount)
      plan.push(
        mintToken(usdc, galleryAccount, usdcUnits(fundedTokenAmounts.usdc)),
        mintToken(dai, galleryAccount, daiUnits(fundedTokenAmounts.dai)),
        call(
          `minting an NFT to ${galleryAccount}`,
          contracts.nft,
          encodeFunctionData({ abi: devnetPunksAbi, functionName: 'mint', args: [galleryAccount] }),
        ),
      )
    }
    // ERC-4337 after all of that, as a third batch: CREATE2 at the canonical addresses, so its
    // place changes no address, and the older contracts keep their nonces.
    const accountAbstraction = planAccountAbstraction()
    const thirdBatchStart = plan.length
    plan.push(...accountAbstraction.transactions)
    // The Delegation Framework last, as a fourth batch (its contracts are large): CREATE2 too.
    const delegation = planDelegationFramework({ owner: deployer.address })
    const fourthBatchStart = plan.length
    plan.push(...delegation.transactions)

    step = 'signing the transactions'
    const signed = await Promise.all(
      plan.map((transaction, offset) =>
        signer.signTransaction({
          type: 'eip1559',
          chainId,
          nonce: firstNonce + offset,
          to: transaction.to ?? null,
          data: transaction.data,
          value: transaction.value ?? 0n,
          gas: transaction.gas,
          maxFeePerGas,
          maxPriorityFeePerGas,
        }),
      ),
    )

    // Automining a batch packs blocks by arrival timing and, when transactions pile up, can leave
    // ready ones unmined. So pause it, queue everything, and mine blocks until all have landed:
    // the same blocks on every start.
    step = 'pausing automine'
    const automine = await testClient.getAutomine()
    await testClient.setAutomine(false)
    const receipts: RpcReceipt[] = []
    const hashes: Hash[] = []
    try {
      for (const batch of [
        signed.slice(0, secondBatchStart),
        signed.slice(secondBatchStart, thirdBatchStart),
        signed.slice(thirdBatchStart, fourthBatchStart),
        signed.slice(fourthBatchStart),
      ]) {
        step = 'sending the transactions'
        const sent = await Promise.all(
          batch.map((serialized) =>
            client.request({ method: 'eth_sendRawTransaction', params: [serialized] }),
          ),
        )
        hashes.push(...sent)
        step = 'mining the transactions'
        receipts.push(...(await mineUntilIncluded(client, testClient, sent)))
      }
    } finally {
      await testClient.setAutomine(automine)
    }
    const failed = receipts.findIndex((receipt) => receipt.status !== '0x1')
    if (failed !== -1) {
      step = plan[failed]!.step
      throw new Error(`transaction ${hashes[failed]} reverted`)
    }

    const pairInitCodeHash = keccak256(readArtifactBytecode('UniswapV2Pair'))
    const pool = (a: Address, b: Address): DevnetPool => {
      const [token0, token1] = BigInt(a) < BigInt(b) ? [a, b] : [b, a]
      const address = getContractAddress({
        opcode: 'CREATE2',
        from: contracts.uniswapV2Factory,
        salt: keccak256(encodePacked(['address', 'address'], [token0, token1])),
        bytecodeHash: pairInitCodeHash,
      })
      return { address, token0, token1 }
    }

    return {
      contracts: {
        ...contracts,
        ...ens.contracts,
        ...accountAbstraction.contracts,
        ...delegation.contracts,
      },
      tokens,
      pools: [
        pool(contracts.usdc, contracts.dai),
        pool(contracts.usdc, contracts.weth),
        pool(contracts.dai, contracts.weth),
      ],
      nfts: nftOwners.map((owner, index) => ({ tokenId: BigInt(index + 1), owner })),
      ensNames: ens.names,
    }
  } catch (error) {
    if (error instanceof DeployWorldError) throw error
    throw new DeployWorldError({ step, rpcUrl, cause: error })
  }
}

type RpcReceipt = Pick<TransactionReceipt, 'transactionHash'> & { status: Hex }

async function mineUntilIncluded(
  client: Client,
  testClient: TestClient,
  hashes: Hash[],
): Promise<RpcReceipt[]> {
  const receipts = new Map<Hash, RpcReceipt>()
  // Each block takes at least one transaction, so this many blocks always suffice.
  for (let block = 0; block <= hashes.length; block++) {
    const pending = hashes.filter((hash) => !receipts.has(hash))
    if (pending.length === 0) return hashes.map((hash) => receipts.get(hash)!)
    await testClient.mine({ blocks: 1 })
    const fetched = await Promise.all(
      pending.map((hash) =>
        client.request({ method: 'eth_getTransactionReceipt', params: [hash] }),
      ),
    )
    fetched.forEach((receipt, index) => {
      if (receipt) receipts.set(pending[index]!, receipt as unknown as RpcReceipt)
    })
  }
  throw new Error(
    `${hashes.filter((hash) => !receipts.has(hash)).length} transactions were never mined`,
  )
}
