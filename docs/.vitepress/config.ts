import { defineConfig } from 'vitepress'

// The docs site (`npm run docs`, `npm run docs:build`). Offline by design: local search, no
// web fonts or analytics from elsewhere. A link to a page that does not exist fails the build
// (VitePress' dead-link check, not turned off here).
export default defineConfig({
  title: 'Foyer',
  description: 'An open, self-hostable wallet connection dialog for React apps',
  lang: 'en-US',
  cleanUrls: true,
  lastUpdated: false,
  // Beside the local world's ports (the demo has 5173).
  vite: { server: { port: 5180, strictPort: true }, preview: { port: 5180, strictPort: true } },
  themeConfig: {
    nav: [
      { text: 'Guide', link: '/guide/getting-started' },
      { text: 'Reference', link: '/reference/actions' },
      { text: 'Server', link: '/server/self-hosting' },
      { text: 'HTTP API', link: '/reference/http-api' },
    ],
    sidebar: [
      {
        text: 'Guide',
        items: [
          { text: 'Getting started', link: '/guide/getting-started' },
          { text: 'Configuration', link: '/guide/configuration' },
          { text: 'Theming and languages', link: '/guide/theming' },
          { text: 'wagmi and Next.js', link: '/guide/wagmi' },
          { text: 'Smart accounts and sessions', link: '/guide/smart-accounts' },
          { text: 'Embedded wallet security', link: '/guide/security' },
        ],
      },
      {
        text: 'Reference',
        items: [
          { text: 'Actions (@foyer/core)', link: '/reference/actions' },
          { text: 'Hooks and components (@foyer/react)', link: '/reference/hooks' },
          { text: 'HTTP API', link: '/reference/http-api' },
        ],
      },
      {
        text: 'Server',
        items: [
          { text: 'Self-hosting', link: '/server/self-hosting' },
          { text: 'Operations and failures', link: '/server/operations' },
        ],
      },
    ],
    search: { provider: 'local' },
    outline: { level: [2, 3] },
  },
})
