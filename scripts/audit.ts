/**
 * `npm run audit` (and a step of `npm test`): known advisories of the production dependencies.
 * Runs `npm audit --omit=dev --audit-level=high --json`; fails (exit 1) on a high or critical
 * advisory where the registry answers audits, and prints "skipped: …" and succeeds where it does
 * not (a mirror without the audit endpoint, no network): the step then costs at most the timeout.
 */
import { spawn } from 'node:child_process'
import { fileURLToPath } from 'node:url'

export type AuditRun = {
  /** Exit code of `npm audit`; null when it was killed. */
  status: number | null
  stdout: string
  /** The run outlived the timeout and was killed. */
  timedOut: boolean
}

export type AuditOutcome = { outcome: 'passed' | 'failed' | 'skipped'; message: string }

type Severity = 'info' | 'low' | 'moderate' | 'high' | 'critical'
type AuditReport = {
  metadata?: { vulnerabilities?: Partial<Record<Severity | 'total', number>> }
  vulnerabilities?: Record<string, { name?: string; severity?: Severity; via?: unknown[] }>
  /** npm's answer when the audit request itself failed (e.g. 405 from the registry). */
  message?: string
  statusCode?: number
  error?: unknown
}

const skipped = (reason: string): AuditOutcome => ({
  outcome: 'skipped',
  message: `skipped: the registry does not answer audits here (${reason})`,
})

/** What one `npm audit --json` run means for CI. */
export function evaluateAudit(run: AuditRun): AuditOutcome {
  if (run.timedOut) return skipped('no answer in time')
  let report: AuditReport
  try {
    report = JSON.parse(run.stdout) as AuditReport
  } catch {
    return skipped(`npm audit printed no report, exit code ${run.status}`)
  }
  const counts = report.metadata?.vulnerabilities
  if (!counts) {
    const reason = report.message ?? (report.error ? JSON.stringify(report.error) : 'no report')
    return skipped(reason.split('\n')[0]!.slice(0, 200))
  }
  const high = (counts.high ?? 0) + (counts.critical ?? 0)
  const summary = `${counts.critical ?? 0} critical, ${counts.high ?? 0} high, ${counts.moderate ?? 0} moderate, ${counts.low ?? 0} low`
  if (high === 0)
    return { outcome: 'passed', message: `no high or critical advisories (${summary})` }
  const packages = Object.entries(report.vulnerabilities ?? {})
    .filter(([, entry]) => entry.severity === 'high' || entry.severity === 'critical')
    .map(([name, entry]) => `  ${entry.severity}: ${entry.name ?? name}`)
  return {
    outcome: 'failed',
    message: [
      `high or critical advisories in production dependencies (${summary}):`,
      ...packages,
      'Run `npm audit --omit=dev` for details and fixes.',
    ].join('\n'),
  }
}

export type RunNpmAuditParameters = {
  cwd: string
  /** The run is killed (and the step skipped) after this long. */
  timeoutMs: number
  /** Extra environment, e.g. `npm_config_registry`. */
  env?: Record<string, string> | undefined
}

/** Runs `npm audit` in `cwd` (no retries), killed after `timeoutMs`. */
export function runNpmAudit({ cwd, timeoutMs, env }: RunNpmAuditParameters): Promise<AuditRun> {
  return new Promise((resolve) => {
    const child = spawn(
      'npm',
      [
        'audit',
        '--omit=dev',
        '--audit-level=high',
        '--json',
        '--fetch-retries=0',
        `--fetch-timeout=${timeoutMs}`,
      ],
      { cwd, stdio: ['ignore', 'pipe', 'ignore'], env: { ...process.env, ...env } },
    )
    let stdout = ''
    let timedOut = false
    child.stdout.setEncoding('utf8')
    child.stdout.on('data', (chunk: string) => {
      stdout += chunk
    })
    const timer = setTimeout(() => {
      timedOut = true
      child.kill('SIGKILL')
    }, timeoutMs)
    child.on('error', () => {
      clearTimeout(timer)
      resolve({ status: null, stdout: '', timedOut })
    })
    child.on('close', (status) => {
      clearTimeout(timer)
      resolve({ status, stdout, timedOut })
    })
  })
}

async function main(): Promise<number> {
  const rootDir = fileURLToPath(new URL('..', import.meta.url))
  // A registry that answers audits does so in a second or two; one that does not may never answer.
  const timeoutMs = Number(process.env.FOYER_AUDIT_TIMEOUT_MS ?? 8_000)
  const started = Date.now()
  const result = evaluateAudit(await runNpmAudit({ cwd: rootDir, timeoutMs }))
  const seconds = ((Date.now() - started) / 1000).toFixed(1)
  const print = result.outcome === 'failed' ? console.error : console.log
  print(`npm audit (production dependencies, ${seconds} s): ${result.message}`)
  return result.outcome === 'failed' ? 1 : 0
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  main().then((code) => process.exit(code))
}
