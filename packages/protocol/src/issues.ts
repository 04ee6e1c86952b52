import * as v from 'valibot'

export type DescribeIssuesReturnType = { field: string | undefined; message: string }

/**
 * Names the first offending field of a failed parse (dot path, e.g. `entries` or `addresses.2`)
 * and its message.
 */
export function describeIssues(issues: readonly v.BaseIssue<unknown>[]): DescribeIssuesReturnType {
  const issue = issues[0]
  if (!issue) return { field: undefined, message: 'Invalid input' }
  const field = v.getDotPath(issue) ?? undefined
  return { field, message: field ? `${field}: ${issue.message}` : issue.message }
}
