// Starts the local EVM world and keeps it running until SIGINT/SIGTERM.
//
//   node --import tsx tools/devnet/src/bin.ts [--out devnet.json] [--chain 31337:8545 --chain 31338:8546]
//     [--solana 8899]
import { parseArgs } from 'node:util'
import { BaseError } from './errors.ts'
import { type DevnetChainConfig, startDevnet } from './startDevnet.ts'

const { values } = parseArgs({
  options: {
    out: { type: 'string' },
    chain: { type: 'string', multiple: true },
    solana: { type: 'string' },
  },
})

function parseChain(value: string): DevnetChainConfig {
  const match = /^(\d+):(\d+)$/.exec(value)
  if (!match) throw new Error(`--chain expects <chainId>:<port>, got "${value}"`)
  return { chainId: Number(match[1]), port: Number(match[2]) }
}

try {
  const startedAt = performance.now()
  const { devnet, stop } = await startDevnet({
    outFile: values.out,
    chains: values.chain?.map(parseChain),
    solana: values.solana === undefined ? undefined : { port: Number(values.solana) },
  })
  const elapsed = Math.round(performance.now() - startedAt)
  for (const chain of devnet.chains) {
    console.log(`${chain.name} (chain ${chain.chainId}): ${chain.rpcUrl}`)
    for (const token of chain.tokens) console.log(`  ${token.symbol.padEnd(5)} ${token.address}`)
    console.log(`  NFT   ${chain.contracts.nft}`)
    console.log(`  Uniswap V2 router ${chain.contracts.uniswapV2Router02}`)
    console.log(`  ENS universal resolver ${chain.contracts.ensUniversalResolver}`)
    for (const { name, address } of chain.ensNames ?? []) console.log(`    ${name} → ${address}`)
    if (devnet.names)
      console.log(`  ${devnet.names.zone} offchain resolver ${chain.contracts.offchainResolver}`)
    console.log(
      `  ERC-4337 EntryPoint v0.7 ${chain.contracts.entryPoint07}, SimpleAccountFactory ${chain.contracts.simpleAccountFactory}`,
    )
    console.log(
      `  DelegationManager ${chain.contracts.delegationManager}, HybridDeleGator ${chain.contracts.hybridDeleGatorImpl}`,
    )
  }
  if (devnet.solana) {
    console.log(`Solana devnet: ${devnet.solana.rpcUrl} (WebSocket ${devnet.solana.wsUrl})`)
    for (const token of devnet.solana.tokens)
      console.log(`  ${token.symbol.padEnd(5)} ${token.address}`)
  }
  console.log(`Account 0: ${devnet.accounts[0]?.address}`)
  if (values.out) console.log(`Devnet description written to ${values.out}`)
  console.log(`Ready in ${elapsed} ms. Press Ctrl-C to stop.`)

  let stopping = false
  const shutdown = async (signal: NodeJS.Signals) => {
    if (stopping) return
    stopping = true
    await stop()
    console.log(`Devnet stopped (${signal}).`)
    process.exit(0)
  }
  process.on('SIGINT', shutdown)
  process.on('SIGTERM', shutdown)
} catch (error) {
  console.error(error instanceof BaseError ? error.message : error)
  process.exit(1)
}
