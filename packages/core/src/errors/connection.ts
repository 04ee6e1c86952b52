import { BaseError, type BaseErrorParameters } from './base.ts'

/** The visitor closed the dialog while a connection was pending. */
export class ConnectionClosedError extends BaseError {
  override name = 'ConnectionClosedError'
  constructor(parameters: BaseErrorParameters = {}) {
    super('Modal closed', parameters)
  }
}

/** The wallet answered with EIP-1193 code 4001 (user rejected the request). */
export class UserRejectedRequestError extends BaseError {
  override name = 'UserRejectedRequestError'
  readonly code = 4001
  constructor(parameters: BaseErrorParameters & { shortMessage?: string } = {}) {
    super(parameters.shortMessage ?? 'Connection rejected', parameters)
  }
}

export class ConnectionFailedError extends BaseError {
  override name = 'ConnectionFailedError'
  constructor(parameters: BaseErrorParameters = {}) {
    super('Failed to connect', parameters)
  }
}

export class DisconnectFailedError extends BaseError {
  override name = 'DisconnectFailedError'
  constructor(parameters: BaseErrorParameters = {}) {
    super('Failed to disconnect', parameters)
  }
}

export class ConnectorNotFoundError extends BaseError {
  override name = 'ConnectorNotFoundError'
  readonly connectorId: string
  constructor({ connectorId, ...parameters }: BaseErrorParameters & { connectorId: string }) {
    super(`No connector found for connection: ${connectorId}`, parameters)
    this.connectorId = connectorId
  }
}

export class InvalidConnectionStatusError extends BaseError {
  override name = 'InvalidConnectionStatusError'
  readonly status: string
  constructor({ status, ...parameters }: BaseErrorParameters & { status: string }) {
    super(`Invalid connection status: ${status}`, parameters)
    this.status = status
  }
}

export class NotConnectedError extends BaseError {
  override name = 'NotConnectedError'
  constructor(parameters: BaseErrorParameters = {}) {
    super('Address or auth connector not found', parameters)
  }
}

export class PopupClosedError extends BaseError {
  override name = 'PopupClosedError'
  constructor(parameters: BaseErrorParameters = {}) {
    super('Popup closed', parameters)
  }
}

export class NoAuthConnectorError extends BaseError {
  override name = 'NoAuthConnectorError'
  constructor(parameters: BaseErrorParameters = {}) {
    super('No auth connector found', parameters)
  }
}

export class NotConnectedToEmailError extends BaseError {
  override name = 'NotConnectedToEmailError'
  constructor(parameters: BaseErrorParameters = {}) {
    super('Not connected to email or social', parameters)
  }
}

export class MultiWalletNotEnabledError extends BaseError {
  override name = 'MultiWalletNotEnabledError'
  constructor(parameters: BaseErrorParameters = {}) {
    super('Multi-Wallet Not Enabled', parameters)
  }
}
