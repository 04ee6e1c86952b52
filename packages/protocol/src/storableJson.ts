import * as v from 'valibot'

const loneSurrogatePattern = /\p{Cs}/u

/** jsonb refuses NUL and lone surrogates; other control characters (newlines) are fine there. */
function isStorableString(value: string): boolean {
  return !value.includes('\u0000') && !loneSurrogatePattern.test(value)
}

type Problem = { path: (string | number)[]; reason: 'depth' | 'text' | 'key' }

/**
 * The first place in a JSON value that a jsonb column cannot hold (NUL or a lone surrogate, in a
 * key or a string) or that is nested deeper than `maxDepth` (deep values also overflow the stack
 * of `JSON.stringify` and of PostgreSQL's parser).
 */
function findProblem(
  value: unknown,
  maxDepth: number,
  path: (string | number)[],
): Problem | undefined {
  if (typeof value === 'string') {
    return isStorableString(value) ? undefined : { path, reason: 'text' }
  }
  if (typeof value !== 'object' || value === null) return undefined
  if (path.length >= maxDepth) return { path, reason: 'depth' }
  const entries: [string | number, unknown][] = Array.isArray(value)
    ? value.map((item, index) => [index, item])
    : Object.entries(value)
  for (const [key, item] of entries) {
    // The path names the object, not the key: the key itself is not printable.
    if (typeof key === 'string' && !isStorableString(key)) return { path, reason: 'key' }
    const problem = findProblem(item, maxDepth, [...path, key])
    if (problem) return problem
  }
  return undefined
}

const messages: Record<Problem['reason'], (name: string, maxDepth: number) => string> = {
  depth: (name, maxDepth) => `${name} is nested more than ${maxDepth} levels deep`,
  text: (name) => `${name} must not contain NUL characters or invalid Unicode`,
  key: (name) => `keys in ${name} must not contain NUL characters or invalid Unicode`,
}

/**
 * Validation action for a JSON object stored as jsonb: names the first string (or key) holding
 * NUL or a lone surrogate, or the first value nested deeper than `maxDepth` levels.
 */
export function storableJson<TInput extends object>(name: string, options: { maxDepth: number }) {
  return v.rawCheck<TInput>(({ dataset, addIssue }) => {
    if (!dataset.typed) return
    const problem = findProblem(dataset.value, options.maxDepth, [])
    if (!problem) return
    let input: unknown = dataset.value
    const path: v.IssuePathItem[] = []
    for (const key of problem.path) {
      const value = (input as Record<string | number, unknown>)[key]
      path.push(
        typeof key === 'number'
          ? { type: 'array', origin: 'value', input: input as unknown[], key, value }
          : {
              type: 'object',
              origin: 'value',
              input: input as Record<string, unknown>,
              key,
              value,
            },
      )
      input = value
    }
    addIssue({
      message: messages[problem.reason](name, options.maxDepth),
      ...(path.length > 0 ? { path: path as [v.IssuePathItem, ...v.IssuePathItem[]] } : {}),
    })
  })
}
