import { defineConfig } from 'tsdown'
import { foyerPackage } from '../../tsdown.shared.ts'

export default defineConfig(
  foyerPackage({
    entry: { index: 'src/index.ts', dialog: 'src/dialog/index.ts' },
    // Client components and hooks: a client boundary for React Server Components (Next.js App
    // Router). On every chunk, so whichever module a server component imports is marked.
    banner: "'use client'",
  }),
)
