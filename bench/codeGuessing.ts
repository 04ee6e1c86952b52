/**
 * The one-time code guessing budget (issue 26, item 2), against the real code store: in-process,
 * PGlite in memory, the store's `issue` and `consume` called directly (no HTTP, no per-minute
 * limits), on a simulated clock. The attacker targets one address around the clock: a new code
 * every 30 s (the mail cooldown; each request keeps earlier codes valid) and 5 random guesses on
 * each, as fast as the store answers. Prints the guesses made, how many were compared with a
 * code, the successes (0 expected) and the budget as a probability per day.
 *
 * `node --import tsx bench/codeGuessing.ts [guesses]` runs it alone; `npm run bench` includes it.
 */
import { randomBytes, randomInt } from 'node:crypto'
import { performance } from 'node:perf_hooks'
import { pathToFileURL } from 'node:url'
import { createDatabase } from '../apps/server/src/db/createDatabase.ts'
import {
  createCodeStore,
  defaultLoginFailureBudget,
  emailCooldownSeconds,
} from '../apps/server/src/embedded/codeStore.ts'
import type { EmbeddedApiError } from '../apps/server/src/embedded/errors.ts'
import { oneTimeCodeMaxAttempts } from '../apps/server/src/embedded/oneTimeCode.ts'

export type BenchCodeGuessingReturnType = {
  guesses: number
  /** Guesses the store compared with a live code (each spends the budget). */
  compared: number
  successes: number
  /** Refusals by answer code (`login_locked`, `invalid_otp`, `otp_attempts_exceeded`, …). */
  answers: Record<string, number>
  simulatedDays: number
  comparedPerDay: number
  locks: number
  /** The budget: failed comparisons allowed per address and day, over the 10⁶ codes. */
  budgetProbabilityPerDay: number
  budgetProbabilityPer30Days: number
  /** The same attacker without the budget (5 guesses per code, a code per 30 s): per day. */
  withoutBudgetProbabilityPerDay: number
  guessesPerSecond: number
}

export async function benchCodeGuessing({
  guesses = 100_000,
} = {}): Promise<BenchCodeGuessingReturnType> {
  const database = await createDatabase({ dataDir: 'memory://' })
  const start = Date.parse('2030-01-01T00:00:00Z')
  const clock = { now: start }
  let locks = 0
  const codes = createCodeStore({
    db: database.db,
    key: randomBytes(32),
    now: () => clock.now,
    onLock: () => {
      locks++
    },
  })
  const target = { projectId: 'bench', email: 'victim@example.com' }
  const answers: Record<string, number> = {}
  let made = 0
  let successes = 0
  const began = performance.now()
  try {
    while (made < guesses) {
      // The attacker asks for a new code (the victim's inbox gets it), then guesses.
      await codes.issue('login', target)
      for (let attempt = 0; attempt < oneTimeCodeMaxAttempts && made < guesses; attempt++) {
        made++
        const guess = String(randomInt(0, 1_000_000)).padStart(6, '0')
        try {
          await codes.consume('login', target, guess)
          successes++
        } catch (error) {
          const code = (error as EmbeddedApiError).code
          answers[code] = (answers[code] ?? 0) + 1
        }
      }
      clock.now += emailCooldownSeconds * 1000
    }
  } finally {
    await database.destroy()
  }
  const seconds = (performance.now() - began) / 1000
  const simulatedDays = (clock.now - start) / (24 * 60 * 60_000)
  const compared = successes + (answers.invalid_otp ?? 0) + (answers.otp_attempts_exceeded ?? 0)
  const perDay = (24 * 60 * 60) / emailCooldownSeconds
  return {
    guesses: made,
    compared,
    successes,
    answers,
    simulatedDays: Math.round(simulatedDays * 100) / 100,
    comparedPerDay: Math.round((compared / simulatedDays) * 10) / 10,
    locks,
    budgetProbabilityPerDay: defaultLoginFailureBudget.maxFailures / 1_000_000,
    budgetProbabilityPer30Days: 1 - (1 - defaultLoginFailureBudget.maxFailures / 1_000_000) ** 30,
    withoutBudgetProbabilityPerDay: (perDay * oneTimeCodeMaxAttempts) / 1_000_000,
    guessesPerSecond: Math.round(made / seconds),
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const result = await benchCodeGuessing({ guesses: Number(process.argv[2] ?? 100_000) })
  console.log(JSON.stringify({ bench: 'code-guessing', ...result }))
}
