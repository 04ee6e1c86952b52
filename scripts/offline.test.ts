import { spawnSync } from 'node:child_process'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'

const script = join(import.meta.dirname, 'offline.sh')
/** Whether this runner can make a network namespace, as the script itself checks. */
const canUnshare = spawnSync('unshare', ['-n', 'true']).status === 0

// Inside: a loopback server answers; a route outside and a DNS name fail at once.
const probe = `
const net = require('node:net'), dns = require('node:dns')
const server = net.createServer((socket) => socket.end('hello')).listen(0, '127.0.0.1', () => {
  const local = net.connect(server.address().port, '127.0.0.1')
  local.on('data', (data) => {
    const outside = net.connect(443, '1.1.1.1')
    outside.on('connect', () => { console.log(JSON.stringify({ outside: 'connected' })); process.exit() })
    outside.on('error', (error) => dns.lookup('registry.npmjs.org', (dnsError) => {
      console.log(JSON.stringify({ loopback: String(data), outside: error.code, dns: dnsError && dnsError.code, flag: process.env.FOYER_OFFLINE }))
      process.exit()
    }))
  })
})`

describe('scripts/offline.sh', () => {
  it.skipIf(!canUnshare)('runs a command with loopback and nothing else: no route, no DNS', () => {
    const result = spawnSync(script, [process.execPath, '-e', probe], {
      encoding: 'utf8',
      timeout: 20_000,
    })
    expect(result.status).toBe(0)
    const seen = JSON.parse(result.stdout)
    expect(seen.loopback).toBe('hello')
    expect(seen.outside).toBe('ENETUNREACH')
    expect(seen.dns).toMatch(/^(EAI_AGAIN|ENOTFOUND)$/)
    expect(seen.flag).toBe('1')
  })

  it('refuses to run without a command', () => {
    const result = spawnSync(script, [], { encoding: 'utf8' })
    expect(result.status).toBe(2)
    expect(result.stderr).toContain('usage: scripts/offline.sh')
  })
})
