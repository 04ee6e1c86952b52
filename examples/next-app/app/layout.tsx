import type { Metadata } from 'next'
import { headers } from 'next/headers'
import type { ReactNode } from 'react'
import { Providers } from './providers'

export const metadata: Metadata = {
  title: 'Foyer with Next.js',
  description: 'Foyer with the Next.js App Router',
}

export default async function RootLayout({ children }: { children: ReactNode }) {
  // The request's cookies, so the server renders what the browser will (Foyer's cookie storage).
  const cookie = (await headers()).get('cookie') ?? undefined
  return (
    <html lang="en">
      <body>
        <Providers cookie={cookie}>{children}</Providers>
      </body>
    </html>
  )
}
