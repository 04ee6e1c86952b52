import { readdir, readFile } from 'node:fs/promises'
import { dirname, extname, join } from 'node:path'
import { maxWalletSearchResults, type WalletListEntry, walletIdSchema } from '@foyer/protocol'
import { type Kysely, sql } from 'kysely'
import * as v from 'valibot'
import type { Database } from '../db/schema.ts'
import { RegistryFileError } from '../errors.ts'
import { monogramSvg } from '../images/monogramSvg.ts'
import { builtinWallets } from './builtinWallets.ts'

/** Imported wallets are listed after the curated built-in ones, in file order. */
const importedPositionBase = 1_000

export type SeedBuiltinWalletsParameters = { db: Kysely<Database> }

/** Adds the built-in wallets that are not in the database yet (an import may have replaced some). */
export async function seedBuiltinWallets({ db }: SeedBuiltinWalletsParameters): Promise<void> {
  const rows = builtinWallets.map((wallet, index) => {
    const { color: _color, ...facts } = wallet
    return {
      ...facts,
      image_id: wallet.id,
      chains: JSON.stringify(wallet.chains),
      badge_type: 'none',
      position: index,
      source: 'builtin',
    }
  })
  await db
    .insertInto('wallets')
    .values(rows)
    .onConflict((oc) => oc.column('id').doNothing())
    .execute()
  const images = builtinWallets.map((wallet) => ({
    kind: 'wallet',
    id: wallet.id,
    content_type: 'image/svg+xml',
    data: new TextEncoder().encode(
      monogramSvg({ label: wallet.name, color: readableColor(wallet.color) }),
    ),
  }))
  await db
    .insertInto('images')
    .values(images)
    .onConflict((oc) => oc.columns(['kind', 'id']).doNothing())
    .execute()
}

/** Brand colours too light for white initials fall back to a derived colour. */
function readableColor(color: string | null): string | undefined {
  if (!color) return undefined
  const rgb = /^rgb\((\d+),\s*(\d+),\s*(\d+)\)$/.exec(color)
  if (!rgb) return undefined
  const [r, g, b] = rgb.slice(1).map(Number) as [number, number, number]
  return 0.299 * r + 0.587 * g + 0.114 * b > 170 ? undefined : color
}

const linkSchema = v.optional(v.nullable(v.string()), '')
/** One listing of the WalletConnect registry format (v1 explorer `wallets.json`). */
const registryWallet = v.looseObject({
  id: walletIdSchema,
  name: v.pipe(v.string(), v.minLength(1), v.maxLength(200)),
  homepage: linkSchema,
  chains: v.optional(v.array(v.string()), []),
  app: v.optional(
    v.looseObject({
      browser: linkSchema,
      ios: linkSchema,
      android: linkSchema,
      mac: linkSchema,
      windows: linkSchema,
      linux: linkSchema,
    }),
    {},
  ),
  mobile: v.optional(v.looseObject({ native: linkSchema, universal: linkSchema }), {}),
  desktop: v.optional(v.looseObject({ native: linkSchema, universal: linkSchema }), {}),
  rdns: linkSchema,
})
const registryFile = v.union([v.record(v.string(), v.unknown()), v.array(v.unknown())])

export type ImportRegistryParameters = {
  db: Kysely<Database>
  /** Path of `wallets.json`; logos are read from `logos/<id>.(jpeg|jpg|png|svg|webp)` beside it. */
  file: string
}
export type ImportRegistryReturnType = { wallets: number; logos: number; skipped: string[] }

/** Imports (or re-imports) a wallet registry file; existing listings with the same id are replaced. */
export async function importRegistry({
  db,
  file,
}: ImportRegistryParameters): Promise<ImportRegistryReturnType> {
  let parsedFile: unknown
  try {
    parsedFile = JSON.parse(await readFile(file, 'utf8'))
  } catch (error) {
    throw new RegistryFileError(`Cannot read registry file ${file}`, { cause: error })
  }
  const fileResult = v.safeParse(registryFile, parsedFile)
  if (!fileResult.success) {
    throw new RegistryFileError(
      `Registry file ${file} is neither an object of listings nor an array`,
    )
  }
  const listings = Array.isArray(fileResult.output)
    ? fileResult.output
    : Object.values(fileResult.output)
  const skipped: string[] = []
  const rows: WalletRow[] = []
  for (const [index, listing] of listings.entries()) {
    const result = v.safeParse(registryWallet, listing)
    if (!result.success) {
      skipped.push(String((listing as { id?: unknown })?.id ?? `#${index}`))
      continue
    }
    const wallet = result.output
    const browser = wallet.app.browser || ''
    const isChromeStore = /^https:\/\/chrome(webstore)?\.google\.com\//.test(browser)
    rows.push({
      id: wallet.id,
      name: wallet.name,
      image_id: wallet.id,
      homepage: wallet.homepage || null,
      rdns: wallet.rdns || null,
      chains: JSON.stringify(wallet.chains.filter((chain) => typeof chain === 'string')),
      mobile_link: wallet.mobile.native || wallet.mobile.universal || null,
      desktop_link: wallet.desktop.native || wallet.desktop.universal || null,
      webapp_link: browser.startsWith('https://') && !isChromeStore ? browser : null,
      app_store: wallet.app.ios || null,
      play_store: wallet.app.android || null,
      chrome_store: isChromeStore ? browser : null,
      badge_type: 'none',
      position: importedPositionBase + index,
      source: 'import',
    })
  }

  const logos = await readLogos(join(dirname(file), 'logos'), new Set(rows.map((row) => row.id)))
  await db.transaction().execute(async (trx) => {
    await insertWallets(trx, rows)
    for (const logo of logos) {
      await trx
        .insertInto('images')
        .values({ kind: 'wallet', ...logo })
        .onConflict((oc) =>
          oc
            .columns(['kind', 'id'])
            .doUpdateSet({ content_type: logo.content_type, data: logo.data }),
        )
        .execute()
    }
  })
  return { wallets: rows.length, logos: logos.length, skipped }
}

type WalletRow = {
  id: string
  name: string
  image_id: string
  homepage: string | null
  rdns: string | null
  chains: string
  mobile_link: string | null
  desktop_link: string | null
  webapp_link: string | null
  app_store: string | null
  play_store: string | null
  chrome_store: string | null
  badge_type: string
  position: number
  source: string
}

async function insertWallets(db: Kysely<Database>, rows: WalletRow[]): Promise<void> {
  for (let start = 0; start < rows.length; start += 200) {
    const chunk = rows.slice(start, start + 200)
    await db
      .insertInto('wallets')
      .values(chunk)
      .onConflict((oc) =>
        oc.column('id').doUpdateSet((eb) => ({
          name: eb.ref('excluded.name'),
          image_id: eb.ref('excluded.image_id'),
          homepage: eb.ref('excluded.homepage'),
          // Keep a known rdns when the file has none (the v1 format predates EIP-6963).
          rdns: sql<string | null>`coalesce(excluded.rdns, wallets.rdns)`,
          chains: eb.ref('excluded.chains'),
          mobile_link: eb.ref('excluded.mobile_link'),
          desktop_link: eb.ref('excluded.desktop_link'),
          webapp_link: eb.ref('excluded.webapp_link'),
          app_store: eb.ref('excluded.app_store'),
          play_store: eb.ref('excluded.play_store'),
          chrome_store: eb.ref('excluded.chrome_store'),
          // Curated built-ins keep their place at the top of the listing.
          position: sql<number>`least(wallets.position, excluded.position)`,
        })),
      )
      .execute()
  }
}

const logoTypes: Record<string, string> = {
  '.jpeg': 'image/jpeg',
  '.jpg': 'image/jpeg',
  '.png': 'image/png',
  '.svg': 'image/svg+xml',
  '.webp': 'image/webp',
}
/** Logos above this size are skipped: they are shown at 96 px. */
const maxLogoBytes = 512 * 1024

async function readLogos(
  folder: string,
  walletIds: Set<string>,
): Promise<{ id: string; content_type: string; data: Uint8Array }[]> {
  let names: string[]
  try {
    names = await readdir(folder)
  } catch {
    return []
  }
  const logos = []
  for (const name of names) {
    const extension = extname(name).toLowerCase()
    const id = name.slice(0, -extension.length)
    const contentType = logoTypes[extension]
    if (!contentType || !walletIds.has(id)) continue
    const data = await readFile(join(folder, name))
    if (data.byteLength > maxLogoBytes) continue
    logos.push({ id, content_type: contentType, data: new Uint8Array(data) })
  }
  return logos
}

export type QueryWalletsParameters = {
  db: Kysely<Database>
  page: number
  entries: number
  include?: string[] | undefined
  exclude?: string[] | undefined
  search?: string | undefined
  badgeType?: 'none' | 'certified' | undefined
  chains?: string[] | undefined
}
export type QueryWalletsReturnType = { data: WalletListEntry[]; count: number }

/** One page of the wallet listing; a search returns at most 100 wallets in all. */
export async function queryWallets(
  parameters: QueryWalletsParameters,
): Promise<QueryWalletsReturnType> {
  const { db, page, entries, include, exclude, badgeType, chains } = parameters
  const search = parameters.search?.trim()
  let query = db.selectFrom('wallets')
  if (include && include.length > 0) query = query.where('id', 'in', include)
  if (exclude && exclude.length > 0) query = query.where('id', 'not in', exclude)
  if (badgeType === 'certified') query = query.where('badge_type', '=', 'certified')
  if (chains && chains.length > 0) {
    query = query.where(sql<boolean>`chains ?| ${sql.val(chains)}::text[]`)
  }
  if (search) {
    const pattern = `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`
    query = query.where(sql<boolean>`name ilike ${pattern}`)
  }

  const total = Number(
    (await query.select((eb) => eb.fn.countAll().as('count')).executeTakeFirstOrThrow()).count,
  )
  const count = search ? Math.min(total, maxWalletSearchResults) : total
  const offset = (page - 1) * entries
  const limit = Math.min(entries, count - offset)
  if (limit <= 0) return { data: [], count }

  const rows = await query
    .selectAll()
    .orderBy('position')
    .orderBy('id')
    .offset(offset)
    .limit(limit)
    .execute()
  return {
    count,
    data: rows.map((row) => ({
      id: row.id,
      name: row.name,
      image_id: row.image_id,
      homepage: row.homepage,
      rdns: row.rdns,
      chains: row.chains,
      mobile_link: row.mobile_link,
      desktop_link: row.desktop_link,
      webapp_link: row.webapp_link,
      app_store: row.app_store,
      play_store: row.play_store,
      chrome_store: row.chrome_store,
      badge_type: row.badge_type === 'certified' ? 'certified' : 'none',
    })),
  }
}
