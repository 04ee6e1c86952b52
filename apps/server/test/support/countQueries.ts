import type { Kysely } from 'kysely'

/** The same database, counting every query run through it: "asked the database nothing" in tests. */
export function countQueries<database>(db: Kysely<database>) {
  let count = 0
  const counted = db.withPlugin({
    transformQuery: (args) => {
      count++
      return args.node
    },
    transformResult: async (args) => args.result,
  })
  return { db: counted, queries: () => count }
}
