import { describe, expect, test } from 'vitest'
import { addressLabel } from './addressLabel.ts'

describe('addressLabel', () => {
  test('finds an EVM label whatever the checksum casing', () => {
    const labels = { '0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266': 'Treasury' }
    expect(addressLabel(labels, '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266')).toBe('Treasury')
    expect(addressLabel(labels, '0x70997970C51812dc3A010C7d01b50e0d17dc79C8')).toBeUndefined()
  })

  test('matches other addresses exactly, their case being meaningful', () => {
    const labels = { '9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM': 'Savings' }
    expect(addressLabel(labels, '9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM')).toBe('Savings')
    expect(addressLabel(labels, '9wzdxwbbmkg8ztbnmquxvqrayrzzdsgydlvl9zytawwm')).toBeUndefined()
  })
})
