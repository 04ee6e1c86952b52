import { defineConfig } from 'tsdown'
import { foyerPackage } from '../../tsdown.shared.ts'

export default defineConfig(
  foyerPackage({
    entry: {
      index: 'src/index.ts',
      protocol: 'src/protocol/index.ts',
      connector: 'src/connector/index.ts',
      ui: 'src/ui/index.ts',
    },
  }),
)
