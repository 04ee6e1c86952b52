// @vitest-environment happy-dom
import {
  BalanceUnavailableError,
  BaseError,
  ConnectionClosedError,
  ConnectionFailedError,
  ConnectorNotFoundError,
  connect,
  DisconnectFailedError,
  EmailLoginCooldownError,
  getBalance,
  InsufficientBalanceError,
  InvalidConnectionStatusError,
  InvalidEmailError,
  InvalidOtpError,
  InvalidReceiverAddressError,
  InvalidSendAmountError,
  MultiWalletNotEnabledError,
  NetworkNotFoundError,
  NoAuthConnectorError,
  NotConnectedError,
  NotConnectedToEmailError,
  open,
  PopupClosedError,
  SendAmountAndReceiverRequiredError,
  SendNotSupportedError,
  SendRejectedError,
  SendTokenRequiredError,
  SwitchNetworkError,
  SwitchNetworkRejectedError,
  TransactionFailedError,
  UnsupportedChainError,
  UserRejectedRequestError,
} from '@foyer/core'
import { act, cleanup, fireEvent, render, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, test } from 'vitest'
import { errorText } from '../dialog/components/NetworkList.tsx'
import { FoyerProvider } from '../FoyerProvider.tsx'
import { createTestSetup, findDialog, findShadowRoot } from '../testUtils.tsx'
import { createTranslator } from './createTranslator.ts'
import { en } from './en.ts'

afterEach(() => {
  cleanup()
  document.body.innerHTML = ''
})

const t = createTranslator({ locale: 'en-US', catalog: en })

describe('error texts of the dialog', () => {
  test("read in English exactly as the errors' own SPEC §8 / §5 texts", () => {
    const errors = [
      new ConnectionClosedError(),
      new UserRejectedRequestError(),
      new ConnectionFailedError(),
      new DisconnectFailedError(),
      new PopupClosedError(),
      new NoAuthConnectorError(),
      new NotConnectedToEmailError(),
      new ConnectorNotFoundError({ connectorId: 'io.metamask' }),
      new InvalidConnectionStatusError({ status: 'paused' }),
      new NotConnectedError(),
      new MultiWalletNotEnabledError(),
      new SwitchNetworkRejectedError(),
      new UnsupportedChainError(),
      new NetworkNotFoundError(),
      new SwitchNetworkError(),
      new BalanceUnavailableError(),
      new EmailLoginCooldownError({ retryAfterSeconds: 12 }),
      new InvalidEmailError(),
      new InvalidOtpError(),
      new SendAmountAndReceiverRequiredError(),
      new SendTokenRequiredError(),
      new InvalidReceiverAddressError(),
      new InvalidSendAmountError(),
      new InsufficientBalanceError(),
      new SendNotSupportedError(),
      new SendRejectedError(),
      new TransactionFailedError(),
    ]
    for (const error of errors) expect(errorText(error, t), error.name).toBe(error.shortMessage)
    expect(errorText(new ConnectorNotFoundError({ connectorId: 'io.metamask' }), t)).toBe(
      'No connector found for connection: io.metamask',
    )
    expect(errorText(new EmailLoginCooldownError({ retryAfterSeconds: 12 }), t)).toBe(
      'Please try again after 12 seconds',
    )
  })

  test('an app replaces them through the provider, keyed by error class', () => {
    const german = createTranslator({
      locale: 'de-DE',
      catalog: en,
      messages: {
        'error.connectionRejected': 'Verbindung abgelehnt',
        'error.networkSwitchRejected': 'Netzwechsel abgelehnt',
        'error.emailCooldown': 'Bitte in {seconds} Sekunden erneut versuchen',
      },
    })
    expect(errorText(new UserRejectedRequestError(), german)).toBe('Verbindung abgelehnt')
    // A refusal of a network switch is its own class, with its own text.
    expect(errorText(new SwitchNetworkRejectedError(), german)).toBe('Netzwechsel abgelehnt')
    expect(errorText(new EmailLoginCooldownError({ retryAfterSeconds: 5 }), german)).toBe(
      'Bitte in 5 Sekunden erneut versuchen',
    )
    expect(errorText(new SendRejectedError(), german)).toBe('Transaction rejected')
  })

  test("falls back to an unknown error's shortMessage, or its message", () => {
    class WalletBusyError extends BaseError {
      override name = 'WalletBusyError'
    }
    expect(errorText(new WalletBusyError('Wallet busy', { details: 'x' }), t)).toBe('Wallet busy')
    expect(errorText(new Error('socket hang up'), t)).toBe('socket hang up')
    // A name that happens to be an Object.prototype key is not a catalog entry.
    expect(errorText(Object.assign(new Error('odd'), { name: 'toString' }), t)).toBe('odd')
  })

  test("the dialog shows the app's text for a rejected connection", async () => {
    const { foyer } = createTestSetup({ behaviour: { connect: 'reject' } })
    render(
      <FoyerProvider
        foyer={foyer}
        messages={{ 'error.connectionRejected': 'Verbindung abgelehnt' }}
      />,
    )
    act(() => open(foyer))
    const { within, dialog } = await findDialog()
    fireEvent.click(await within.findByRole('button', { name: /Foyer Test Wallet/ }))
    await waitFor(() => expect(dialog.getAttribute('data-view')).toBe('ConnectingExternal'))
    expect(await within.findByText('Verbindung abgelehnt')).toBeTruthy()
    expect(within.queryByText('Connection rejected')).toBeNull()
  })

  test("the balance error toast shows the app's text for 'Token Balance Unavailable'", async () => {
    // The wallet's chain answers on no port: the balance cannot be read.
    const { foyer, wallets } = createTestSetup()
    await wallets[0]!.wallet.request({ method: 'eth_requestAccounts' })
    render(
      <FoyerProvider
        foyer={foyer}
        messages={{ 'error.balanceUnavailable': 'Guthaben nicht verfügbar' }}
      />,
    )
    await act(() => connect(foyer, { connectorId: wallets[0]!.rdns }))
    await act(() => getBalance(foyer).catch(() => undefined))
    const root = await findShadowRoot()
    await waitFor(() =>
      expect(root.querySelector('.foyer-toast')?.textContent).toBe('Guthaben nicht verfügbar'),
    )
    expect(foyer.getState().toast).toMatchObject({
      variant: 'error',
      message: 'Token Balance Unavailable',
      error: { name: 'BalanceUnavailableError' },
    })
  })
})
