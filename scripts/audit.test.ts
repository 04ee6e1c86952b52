import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { evaluateAudit, runNpmAudit } from './audit.ts'

/** A tiny project with one production dependency, locked (npm audit reads the lock file). */
function projectDir() {
  const dir = mkdtempSync(join(tmpdir(), 'foyer-audit-'))
  writeFileSync(
    join(dir, 'package.json'),
    JSON.stringify({ name: 'audit-fixture', version: '1.0.0', dependencies: { leftpad: '1.0.0' } }),
  )
  writeFileSync(
    join(dir, 'package-lock.json'),
    JSON.stringify({
      name: 'audit-fixture',
      version: '1.0.0',
      lockfileVersion: 3,
      requires: true,
      packages: {
        '': { name: 'audit-fixture', version: '1.0.0', dependencies: { leftpad: '1.0.0' } },
        'node_modules/leftpad': {
          version: '1.0.0',
          resolved: 'https://registry.npmjs.org/leftpad/-/leftpad-1.0.0.tgz',
        },
      },
    }),
  )
  return dir
}

describe('scripts/audit.ts (issue 26 item 12)', () => {
  let dir: string
  let registry: Server
  let registryUrl: string
  /** What the fake registry answers to the bulk advisory request. */
  let answer: 'advisory' | 'none' | 'refuse' | 'hang' = 'none'

  beforeAll(async () => {
    dir = projectDir()
    registry = createServer((request, response) => {
      if (!request.url?.startsWith('/-/npm/v1/security/advisories/bulk')) {
        response.writeHead(404).end()
        return
      }
      if (answer === 'hang') return
      if (answer === 'refuse') {
        response.writeHead(405, { allow: 'GET,HEAD' }).end()
        return
      }
      const advisories =
        answer === 'advisory'
          ? {
              leftpad: [
                {
                  id: 1,
                  url: 'https://example.test/advisory/1',
                  title: 'Prototype pollution',
                  severity: 'high',
                  vulnerable_versions: '<2.0.0',
                  cwe: [],
                  cvss: { score: 8, vectorString: null },
                },
              ],
            }
          : {}
      response.writeHead(200, { 'content-type': 'application/json' })
      response.end(JSON.stringify(advisories))
    })
    await new Promise<void>((resolve) => registry.listen(0, '127.0.0.1', resolve))
    registryUrl = `http://127.0.0.1:${(registry.address() as AddressInfo).port}/`
  })
  afterAll(async () => {
    registry.closeAllConnections()
    await new Promise((resolve) => registry.close(resolve))
    rmSync(dir, { recursive: true, force: true })
  })

  const audit = (timeoutMs = 20_000) =>
    runNpmAudit({ cwd: dir, timeoutMs, env: { npm_config_registry: registryUrl } })

  it('fails on a high advisory where the registry answers', async () => {
    answer = 'advisory'
    const result = evaluateAudit(await audit())
    expect(result.outcome).toBe('failed')
    expect(result.message).toContain('high: leftpad')
  })

  it('passes when the registry knows no advisory', async () => {
    answer = 'none'
    expect(evaluateAudit(await audit())).toMatchObject({ outcome: 'passed' })
  })

  it('is skipped, with a clear message, where the registry does not answer audits', async () => {
    answer = 'refuse'
    const refused = evaluateAudit(await audit())
    expect(refused.outcome).toBe('skipped')
    expect(refused.message).toMatch(/^skipped: the registry does not answer audits here/)
    answer = 'hang'
    const started = Date.now()
    const hung = evaluateAudit(await audit(3_000))
    expect(hung).toEqual({
      outcome: 'skipped',
      message: 'skipped: the registry does not answer audits here (no answer in time)',
    })
    expect(Date.now() - started).toBeLessThan(10_000)
  })

  it('reads reports without running npm', () => {
    expect(evaluateAudit({ status: 1, stdout: 'not json', timedOut: false }).outcome).toBe(
      'skipped',
    )
    expect(
      evaluateAudit({
        status: 1,
        stdout: JSON.stringify({
          metadata: { vulnerabilities: { critical: 1, high: 0, moderate: 0, low: 0 } },
          vulnerabilities: { x: { name: 'x', severity: 'critical' } },
        }),
        timedOut: false,
      }),
    ).toMatchObject({ outcome: 'failed' })
  })
})
