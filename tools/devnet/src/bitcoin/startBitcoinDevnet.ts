import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { assertPortFree } from '../assertPortFree.ts'
import { PortInUseError } from '../errors.ts'
import { bitcoinMinerKey, deriveBitcoinDevAccounts } from './bitcoinDevAccounts.ts'
import { createEsploraHandler } from './createEsploraHandler.ts'
import { createRegtestChain, type RegtestChain } from './createRegtestChain.ts'
import type { BitcoinDevnet } from './types.ts'

export type StartBitcoinDevnetParameters = {
  /** Port of the Esplora API on 127.0.0.1; 0 lets the OS pick one. Default 18443 (regtest's). */
  port?: number | undefined
}

export type StartBitcoinDevnetReturnType = {
  devnet: BitcoinDevnet
  port: number
  /** Closes the API and the node; resolves once the port is free. */
  stop: () => Promise<void>
}

export type StartBitcoinDevnetErrorType = PortInUseError

/** Each payment address starts with this, confirmed. */
export const bitcoinDevAccountSats = 1_000_000_000

const host = '127.0.0.1'
/**
 * Blocks mined before funding: segwit activates by BIP-9 on regtest at 432 blocks, and coinbases
 * mature after 100, so 500 leave the miner plenty of spendable coins (regtest halves every 150).
 */
const initialBlocks = 500

/**
 * A Bitcoin regtest chain: an in-process bcoin full node behind an Esplora-compatible REST API
 * (what Foyer's Bitcoin networks read as their `rpcUrls`), with the 10 dev accounts' payment
 * addresses funded with 10 BTC each, confirmed. There is no bitcoind on npm, so this is the local
 * Bitcoin network; its consensus code and mempool policy are bcoin's.
 */
export async function startBitcoinDevnet(
  parameters: StartBitcoinDevnetParameters = {},
): Promise<StartBitcoinDevnetReturnType> {
  const { port = 18443 } = parameters
  if (port !== 0) await assertPortFree({ port, service: 'Bitcoin devnet' })

  const chain = await createRegtestChain({ minerPrivateKey: bitcoinMinerKey().privateKey })
  const accounts = deriveBitcoinDevAccounts({ count: 10 })
  let server: ReturnType<typeof createServer> | undefined
  try {
    await seed(chain, accounts)
    const handle = createEsploraHandler({ chain })
    server = createServer((request, response) => {
      void handle(request, response)
    })
    await new Promise<void>((resolve, reject) => {
      server!.once('error', reject)
      server!.listen({ port, host, exclusive: true }, () => {
        server!.off('error', reject)
        resolve()
      })
    }).catch((error: NodeJS.ErrnoException) => {
      // Taken between the check above and now.
      if (error.code === 'EADDRINUSE') throw new PortInUseError({ port, service: 'Bitcoin devnet' })
      throw error
    })
  } catch (error) {
    await chain.close()
    throw error
  }
  const listening = server
  const actualPort = (listening.address() as AddressInfo).port

  let stopping: Promise<void> | undefined
  const stop = () => {
    stopping ??= (async () => {
      listening.closeAllConnections()
      await new Promise<void>((resolve) => listening.close(() => resolve()))
      await chain.close()
    })()
    return stopping
  }

  return {
    devnet: {
      esploraUrl: `http://${host}:${actualPort}`,
      genesisHash: chain.genesisHash,
      caipNetworkId: `bip122:${chain.genesisHash.slice(0, 32)}`,
      accounts,
    },
    port: actualPort,
    stop,
  }
}

/** Mines the miner's coins, pays every payment address in one transaction, and confirms it. */
async function seed(chain: RegtestChain, accounts: BitcoinDevnet['accounts']): Promise<void> {
  await chain.mine(initialBlocks)
  await chain.fund(
    accounts.map((account) => ({ address: account.payment.address, sats: bitcoinDevAccountSats })),
  )
  await chain.mine(1)
}
