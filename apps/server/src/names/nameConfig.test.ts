import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { generatePrivateKey } from 'viem/accounts'
import { afterAll, describe, expect, it } from 'vitest'
import { ConfigError, DevnetFileError } from '../errors.ts'
import { loadDevnetNames, parseNameZone, readNameOptions } from './nameConfig.ts'

describe('readNameOptions', () => {
  const key = generatePrivateKey()

  it('reads the zone and the gateway key', () => {
    expect(readNameOptions({})).toBeUndefined()
    expect(readNameOptions({ FOYER_NAME_ZONE: ' Foyer.ETH ' })).toEqual({
      zone: 'foyer.eth',
      gatewayKey: undefined,
    })
    expect(readNameOptions({ FOYER_NAME_ZONE: 'foyer.eth', FOYER_NAME_GATEWAY_KEY: key })).toEqual({
      zone: 'foyer.eth',
      gatewayKey: key,
    })
    expect(
      readNameOptions({
        FOYER_NAME_ZONE: 'names.example.eth',
        FOYER_NAME_GATEWAY_KEY: key.slice(2),
      })?.gatewayKey,
    ).toBe(key)
  })

  it('refuses a key without a zone, bad zones and bad keys, never quoting the key', () => {
    expect(() => readNameOptions({ FOYER_NAME_GATEWAY_KEY: key })).toThrow(ConfigError)
    for (const zone of ['eth', 'foyer..eth', 'foy_er.eth', 'föyer.eth', '.eth'])
      expect(() => parseNameZone('FOYER_NAME_ZONE', zone)).toThrow(ConfigError)
    for (const bad of ['0x1234', `${key}00`, `0x${'0'.repeat(64)}`, 'zz'.repeat(32)]) {
      const error = (() => {
        try {
          readNameOptions({ FOYER_NAME_ZONE: 'foyer.eth', FOYER_NAME_GATEWAY_KEY: bad })
        } catch (e) {
          return e as ConfigError
        }
      })()
      expect(error).toBeInstanceOf(ConfigError)
      expect(error?.message).not.toContain(bad)
    }
  })
})

describe('loadDevnetNames', () => {
  const dir = mkdtempSync(join(tmpdir(), 'foyer-names-config-'))
  afterAll(() => rmSync(dir, { recursive: true, force: true }))
  const file = (content: unknown) => {
    const path = join(dir, `${Math.random()}.json`)
    writeFileSync(path, JSON.stringify(content))
    return path
  }

  it("reads the local world's zone and dev gateway key", async () => {
    const privateKey = generatePrivateKey()
    expect(
      await loadDevnetNames(
        file({ chains: [], names: { zone: 'foyer.eth', gatewaySigner: { privateKey } } }),
      ),
    ).toEqual({ zone: 'foyer.eth', gatewayKey: privateKey })
    expect(await loadDevnetNames(file({ chains: [] }))).toBeUndefined()
    await expect(loadDevnetNames(file({ names: { zone: 'foyer.eth' } }))).rejects.toBeInstanceOf(
      DevnetFileError,
    )
    await expect(loadDevnetNames(join(dir, 'missing.json'))).rejects.toBeInstanceOf(DevnetFileError)
  })
})
