import { createServer } from 'node:net'
import { PortInUseError } from './errors.ts'

export type AssertPortFreeParameters = {
  port: number
  /** What wants the port, for the error message, e.g. "anvil chain 31337". */
  service: string
  host?: string | undefined
}

/** Throws `PortInUseError` naming the port if something already listens on it. */
export function assertPortFree(parameters: AssertPortFreeParameters): Promise<void> {
  const { port, service, host = '127.0.0.1' } = parameters
  return new Promise((resolve, reject) => {
    const probe = createServer()
    probe.once('error', (error: NodeJS.ErrnoException) => {
      reject(
        error.code === 'EADDRINUSE' ? new PortInUseError({ port, service, cause: error }) : error,
      )
    })
    probe.listen({ port, host, exclusive: true }, () => probe.close(() => resolve()))
  })
}
