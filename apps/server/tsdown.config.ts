import { defineConfig } from 'tsdown'
import { foyerPackage } from '../../tsdown.shared.ts'

export default defineConfig(
  foyerPackage({
    entry: { index: 'src/index.ts', bin: 'src/bin.ts' },
    platform: 'node',
    // `foyer-server` (package.json `bin`) runs dist/bin.js.
    banner: ({ fileName }) => (fileName === 'bin.js' ? '#!/usr/bin/env node' : undefined),
    // The frame page's script is bundled by esbuild when the frame listener first serves it:
    // `buildFrameBundle` reads `./entry.ts` beside itself (dist/frame/ once built).
    copy: [{ from: 'src/frame/entry.ts', to: 'dist/frame' }],
  }),
)
