import { describe, expect, test } from 'vitest'
import { createTestFoyer } from '../test-utils.ts'
import { connectEmail } from './connectEmail.ts'
import { updateEmail } from './updateEmail.ts'
import { verifyOtp } from './verifyOtp.ts'

// The full flow against the real frame is tested in packages/frame/src/connector.
describe('email login actions without an embedded wallet', () => {
  test('connectEmail and verifyOtp need the auth connector: "No auth connector found"', async () => {
    const foyer = createTestFoyer()
    await expect(connectEmail(foyer, { email: 'ada@example.com' })).rejects.toThrow(
      'No auth connector found',
    )
    await expect(verifyOtp(foyer, { otp: '123456' })).rejects.toThrow('No auth connector found')
  })

  test('validates the email and the code first', async () => {
    const foyer = createTestFoyer()
    await expect(connectEmail(foyer, { email: 'ada.example.com' })).rejects.toThrow(
      'Enter a valid email address',
    )
    await expect(verifyOtp(foyer, { otp: '12345' })).rejects.toThrow('Enter the 6-digit code')
  })

  test('updateEmail: "Not connected to email or social"', async () => {
    const foyer = createTestFoyer()
    await expect(updateEmail(foyer, { email: 'new@example.com' })).rejects.toThrow(
      'Not connected to email or social',
    )
  })
})
