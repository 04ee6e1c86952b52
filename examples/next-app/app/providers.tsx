'use client'

import { FoyerProvider } from '@foyer/react'
import { type ReactNode, useState } from 'react'
import { createAppFoyer } from './foyer'

/** The client boundary: Foyer's instance lives in React state, made once per render root. */
export function Providers({
  cookie,
  children,
}: {
  cookie: string | undefined
  children: ReactNode
}) {
  const [foyer] = useState(() => createAppFoyer(cookie))
  return <FoyerProvider foyer={foyer}>{children}</FoyerProvider>
}
