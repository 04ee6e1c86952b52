// `npm run build`: every published package, each with its own tsdown.config.ts (tsdown.shared.ts).
import { defineConfig } from 'tsdown'

export default defineConfig({
  workspace: [
    'packages/protocol',
    'packages/core',
    'packages/evm',
    'packages/solana',
    'packages/bitcoin',
    'packages/polkadot',
    'packages/cosmos',
    'packages/walletconnect',
    'packages/wagmi',
    'packages/react',
    'packages/frame',
    'apps/server',
  ],
})
