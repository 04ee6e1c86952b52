import { ConnectButton } from '@foyer/react'
import { Status } from './status'

// A server component: the button (a client component of @foyer/react) is rendered on the server
// too, and the dialog's code loads in the browser only when the button is used.
export default function Home() {
  return (
    <main>
      <h1>Foyer with Next.js</h1>
      <ConnectButton />
      <Status />
    </main>
  )
}
