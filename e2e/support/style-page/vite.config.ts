import react from '@vitejs/plugin-react'
import { defaultClientConditions, defineConfig } from 'vite'

// Built by e2e/support/stylePage.ts into a temporary directory for e2e/dialog-style.e2e.test.ts.
export default defineConfig({
  root: import.meta.dirname,
  plugins: [react()],
  // Foyer's packages from their TypeScript source (see tsconfig.base.json).
  resolve: { conditions: ['@foyer/source', ...defaultClientConditions] },
  logLevel: 'warn',
})
