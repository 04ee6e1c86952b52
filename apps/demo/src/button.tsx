import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'

// The smallest integration: a page that mounts only the connect button. Used by the bundle-size
// budget and by the test that no request leaves the page before the dialog is opened.
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <main>
      <h1>Connect button only</h1>
    </main>
  </StrictMode>,
)
