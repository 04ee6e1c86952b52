import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'

// Built by e2e/support/stylePage.ts into a temporary directory for e2e/dialog-style.e2e.test.ts.
export default defineConfig({
  root: import.meta.dirname,
  plugins: [react()],
  logLevel: 'warn',
})
