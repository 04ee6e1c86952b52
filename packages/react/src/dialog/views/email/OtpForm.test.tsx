// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, test, vi } from 'vitest'
import { FoyerContext } from '../../../context.ts'
import { useAsyncAction } from '../../../hooks/useAsyncAction.ts'
import { createTranslator } from '../../../i18n/createTranslator.ts'
import { en } from '../../../i18n/en.ts'
import { createTestSetup } from '../../../testUtils.tsx'
import { OtpForm } from './OtpForm.tsx'

afterEach(() => {
  cleanup()
})

/** Verifications the test answers by hand, in the order they were asked for. */
function createVerifier() {
  const calls: { otp: string; resolve: () => void; reject: (error: Error) => void }[] = []
  const verify = vi.fn(
    (otp: string) =>
      new Promise<void>((resolve, reject) => {
        calls.push({ otp, resolve, reject })
      }),
  )
  return { verify, calls }
}

/** The form as EmailVerifyOtp uses it: one async action, reset when the visitor edits the code. */
function VerifyForm({ verify }: { verify: (otp: string) => Promise<void> }) {
  const action = useAsyncAction(verify)
  return (
    <OtpForm
      description="Enter the 6-digit code we emailed to ada@example.com."
      onSubmit={action.run}
      onChange={action.reset}
      isPending={action.isPending}
      error={action.error}
    />
  )
}

function renderForm() {
  const verifier = createVerifier()
  const { foyer } = createTestSetup()
  const t = createTranslator({ locale: 'en', catalog: en })
  render(
    <FoyerContext value={{ foyer, locale: 'en', messages: undefined, nonce: undefined, t }}>
      <VerifyForm verify={verifier.verify} />
    </FoyerContext>,
  )
  const input = screen.getByRole('textbox', { name: 'Verification code' }) as HTMLInputElement
  const verifyButton = () => screen.getByRole('button', { name: /Verify/ }) as HTMLButtonElement
  return { ...verifier, input, verifyButton }
}

const type = (input: HTMLElement, value: string) => fireEvent.change(input, { target: { value } })
const paste = (input: HTMLElement, text: string) =>
  fireEvent.paste(input, { clipboardData: { getData: () => text } })

describe('OtpForm', () => {
  test('keeps its label and tells the OS it takes a numeric one-time code', async () => {
    const { input } = renderForm()
    expect(input.getAttribute('autocomplete')).toBe('one-time-code')
    expect(input.getAttribute('inputmode')).toBe('numeric')
  })

  test('sends the code when its sixth digit is typed, not before', async () => {
    const { input, verify } = renderForm()
    for (const partial of ['1', '12', '123', '1234', '12345']) type(input, partial)
    expect(verify).not.toHaveBeenCalled()
    type(input, '123456')
    expect(verify).toHaveBeenCalledTimes(1)
    expect(verify).toHaveBeenLastCalledWith('123456')
  })

  test.each(['123 456', ' 123456 ', '123-456', '١٢٣٤٥٦', '१२३ ४५६'])(
    'a pasted %j is sent as 123456',
    async (text) => {
      const { input, verify } = renderForm()
      type(input, '9') // the caret anywhere: a whole pasted code replaces the field
      paste(input, text)
      expect(input.value).toBe('123456')
      expect(verify).toHaveBeenCalledTimes(1)
      expect(verify).toHaveBeenLastCalledWith('123456')
    },
  )

  test('text that changes the field (autofill, drop, a paste the browser inserts) is normalised too', async () => {
    const { input, verify } = renderForm()
    type(input, ' 123 456 ')
    expect(input.value).toBe('123456')
    expect(verify).toHaveBeenCalledTimes(1)
  })

  test('a pasted fragment is left to the browser and sends nothing', async () => {
    const { input, verify } = renderForm()
    const event = paste(input, '123')
    expect(event).toBe(true) // not prevented: the browser inserts it at the caret
    expect(verify).not.toHaveBeenCalled()
  })

  test('Enter or Verify right after the sixth digit sends nothing more, nor does anything while verifying', async () => {
    const { input, verify, verifyButton } = renderForm()
    type(input, '123456')
    fireEvent.submit(input.form!)
    fireEvent.click(verifyButton())
    // Another code while the first one is checked: the field is read-only, nothing is sent.
    type(input, '654321')
    paste(input, '654321')
    expect(verify).toHaveBeenCalledTimes(1)
    expect(input.readOnly).toBe(true)
    expect(verifyButton().disabled).toBe(true)
    expect(verifyButton().textContent).toBe('Verifying…')
    expect(input.value).toBe('123456')
  })

  test('after a wrong code the field takes a new one, sent again on its sixth digit', async () => {
    const { input, verify, calls, verifyButton } = renderForm()
    input.focus()
    type(input, '000000')
    await act(async () => calls[0]!.reject(new Error('Invalid code')))
    expect(await screen.findByText('Invalid code')).toBeTruthy()
    expect(input.getAttribute('aria-invalid')).toBe('true')
    // Ready for the next code: editable, focused, its digits selected so typing replaces them.
    expect(input.readOnly).toBe(false)
    expect(document.activeElement).toBe(input)
    expect([input.selectionStart, input.selectionEnd]).toEqual([0, 6])

    type(input, '1')
    expect(screen.queryByText('Invalid code')).toBeNull()
    type(input, '123456')
    expect(verify).toHaveBeenCalledTimes(2)
    expect(verify).toHaveBeenLastCalledWith('123456')
    await act(async () => calls[1]!.resolve())
    await waitFor(() => expect(verifyButton().disabled).toBe(false))
    // Answered: an Enter now does not send the accepted code a second time.
    fireEvent.submit(input.form!)
    expect(verify).toHaveBeenCalledTimes(2)
  })

  test('a refused code can be sent again with Verify (a network error may have refused it)', async () => {
    const { input, verify, calls, verifyButton } = renderForm()
    paste(input, '123456')
    await act(async () => calls[0]!.reject(new Error('Failed to fetch')))
    await waitFor(() => expect(verifyButton().disabled).toBe(false))
    fireEvent.click(verifyButton())
    expect(verify).toHaveBeenCalledTimes(2)
    expect(verify).toHaveBeenLastCalledWith('123456')
  })

  test('Verify sends a code typed with fewer digits as it is (the server says what is wrong)', async () => {
    const { input, verify, verifyButton } = renderForm()
    type(input, '12345')
    fireEvent.click(verifyButton())
    expect(verify).toHaveBeenCalledWith('12345')
  })
})
