import { type BaseErrorParameters, BaseError as CoreBaseError } from '@foyer/core'

export type { BaseErrorParameters }

/** The one base error of `@foyer/devnet` (a core `BaseError`); every error it throws is a named subclass. */
export class BaseError extends CoreBaseError {
  override name = 'DevnetError'
}

export class PortInUseError extends BaseError {
  override name = 'PortInUseError'
  readonly port: number

  /** `service` names what wanted the port, e.g. "anvil chain 31337" or "Solana devnet". */
  constructor({ port, service, cause }: { port: number; service: string; cause?: unknown }) {
    super(`Port ${port} is already in use (${service})`, {
      metaMessages: [`Stop whatever listens on 127.0.0.1:${port}, or choose another port.`],
      cause,
    })
    this.port = port
  }
}

export class AnvilBinaryNotFoundError extends BaseError {
  override name = 'AnvilBinaryNotFoundError'

  constructor({ platform, arch }: { platform: string; arch: string }) {
    super(`No anvil binary is installed for ${platform}-${arch}`, {
      metaMessages: [
        'anvil comes from the optional dependencies of @foundry-rs/anvil, e.g. @foundry-rs/anvil-linux-amd64.',
      ],
    })
  }
}

export class AnvilStartError extends BaseError {
  override name = 'AnvilStartError'

  constructor({ chainId, reason, output }: { chainId: number; reason: string; output: string }) {
    super(`anvil (chain ${chainId}) did not start: ${reason}`, {
      details: output.trim() || undefined,
    })
  }
}

export class DeployWorldError extends BaseError {
  override name = 'DeployWorldError'

  constructor({ step, rpcUrl, cause }: { step: string; rpcUrl: string; cause?: unknown }) {
    super(`Deploying the devnet world on ${rpcUrl} failed at: ${step}`, {
      details: cause instanceof Error ? cause.message : cause ? String(cause) : undefined,
      cause,
    })
  }
}

export class InvalidDevnetFileError extends BaseError {
  override name = 'InvalidDevnetFileError'

  constructor({ path, reason, cause }: { path: string; reason: string; cause?: unknown }) {
    super(`${path} is not a devnet file: ${reason}`, { cause })
  }
}

/** A JSON-RPC error answer of the Solana devnet, with the codes a Solana validator uses. */
export class JsonRpcError extends BaseError {
  override name = 'JsonRpcError'
  readonly code: number
  readonly data: unknown

  constructor({ code, message, data }: { code: number; message: string; data?: unknown }) {
    super(message)
    this.code = code
    this.data = data
  }
}
