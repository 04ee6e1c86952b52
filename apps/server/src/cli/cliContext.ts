import { type ParseArgsConfig, parseArgs } from 'node:util'
import type { FoyerDatabase } from '../db/createDatabase.ts'
import { CliUsageError, InvalidProjectFeaturesError } from '../errors.ts'

/** What an operator command needs from its process; tests pass their own. */
export type CliContext = {
  /** Opens the configured database. Commands open it only once their arguments are valid. */
  openDatabase: () => Promise<FoyerDatabase>
  stdout: (text: string) => void
  stderr: (text: string) => void
}

/** Runs `action` on the opened database and closes it again; resolves with exit code 0. */
export async function withDatabase(
  context: CliContext,
  action: (db: FoyerDatabase['db']) => Promise<void>,
): Promise<number> {
  const database = await context.openDatabase()
  try {
    await action(database.db)
    return 0
  } finally {
    await database.destroy()
  }
}

/**
 * Parses a command's arguments, then runs it. Refused arguments are reported on stderr with exit
 * code 2 before anything is opened or written.
 */
export async function runCommand<TInput>(
  context: CliContext,
  parse: () => TInput,
  run: (input: TInput) => Promise<number>,
): Promise<number> {
  let input: TInput
  try {
    input = parse()
  } catch (error) {
    if (error instanceof CliUsageError || error instanceof InvalidProjectFeaturesError) {
      context.stderr(`${error.shortMessage}\n`)
      return 2
    }
    throw error
  }
  return run(input)
}

/** `node:util` parseArgs, with unknown or malformed options reported as usage errors. */
export function parseCommandArgs<const TOptions extends NonNullable<ParseArgsConfig['options']>>(
  args: string[],
  options: TOptions,
) {
  try {
    return parseArgs({ args, options, allowPositionals: false })
  } catch (error) {
    throw new CliUsageError(error instanceof Error ? error.message : String(error))
  }
}
