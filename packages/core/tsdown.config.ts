import { defineConfig } from 'tsdown'
import { foyerPackage } from '../../tsdown.shared.ts'

export default defineConfig(
  foyerPackage({ entry: { index: 'src/index.ts', networks: 'src/networks.ts' } }),
)
