'use client'

import { useAccount } from '@foyer/react'

export function Status() {
  const { address, isConnected } = useAccount()
  return <p>{isConnected ? `Connected: ${address}` : 'Not connected'}</p>
}
