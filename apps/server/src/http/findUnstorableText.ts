const loneSurrogatePattern = /\p{Cs}/u

/** PostgreSQL refuses NUL in text and jsonb, and lone UTF-16 surrogates in jsonb. */
function isStorable(text: string): boolean {
  return !text.includes('\u0000') && !loneSurrogatePattern.test(text)
}

export type UnstorableText = {
  /** Where, e.g. `body.deviceId` or `query.projectId` (the object, for a bad key). */
  field: string
  message: string
}

/**
 * The first string (or object key) in a parsed request part that the database cannot store (NUL,
 * lone surrogate), or a value nested deeper than `maxDepth`. Walks without recursion, so a body
 * of 30 000 nested arrays cannot overflow the stack. Undefined when everything is storable.
 */
export function findUnstorableText(
  value: unknown,
  part: string,
  maxDepth = 32,
): UnstorableText | undefined {
  const pending: { value: unknown; path: string; depth: number }[] = [
    { value, path: part, depth: 0 },
  ]
  while (pending.length > 0) {
    const { value: current, path, depth } = pending.pop()!
    if (typeof current === 'string') {
      if (!isStorable(current))
        return {
          field: path,
          message: `${path} must not contain NUL characters or invalid Unicode`,
        }
      continue
    }
    if (typeof current !== 'object' || current === null) continue
    if (depth >= maxDepth)
      return { field: path, message: `${path} is nested more than ${maxDepth} levels deep` }
    // A form body (URLSearchParams) has no own properties: walk its fields.
    const entries =
      current instanceof URLSearchParams ? [...current.entries()] : Object.entries(current)
    for (const [key, item] of entries) {
      if (!isStorable(key))
        return {
          field: path,
          message: `keys in ${path} must not contain NUL characters or invalid Unicode`,
        }
      pending.push({
        value: item,
        path: `${path}.${key.slice(0, 64)}`,
        depth: depth + 1,
      })
    }
  }
  return undefined
}
