/**
 * The generated pages of the docs site, written before every `npm run docs` / `docs:build`
 * (the outputs are git-ignored, so they can never drift from the code):
 *
 * - docs/public/openapi.json and docs/reference/http-api.md: the server's OpenAPI 3.1 document,
 *   built from @foyer/protocol's valibot schemas by the same function the server answers
 *   `GET /docs/openapi.json` with;
 * - docs/reference/actions.md and docs/reference/hooks.md: every action of @foyer/core and every
 *   hook and component of @foyer/react, as their source declares them (signature, JSDoc, and the
 *   `…Parameters` / `…ReturnType` / `…ErrorType` types beside them), read with the TypeScript
 *   parser: nothing is restated by hand.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import ts from 'typescript'
import { readServerVersion } from '../../apps/server/src/http/docsRoutes.ts'
import { createOpenApiDocument, type OpenApiDocument } from '../../apps/server/src/http/openApi.ts'

const rootDir = resolve(dirname(fileURLToPath(import.meta.url)), '../..')
const docsDir = join(rootDir, 'docs')

type ExportedModule = { file: string; values: string[]; types: string[] }

/** `export { a, type B } from './x.ts'` statements of an index file whose path matches `filter`. */
function readReExports(indexFile: string, filter: RegExp): ExportedModule[] {
  const source = parse(indexFile)
  const modules: ExportedModule[] = []
  for (const statement of source.statements) {
    if (!ts.isExportDeclaration(statement) || !statement.moduleSpecifier) continue
    const specifier = (statement.moduleSpecifier as ts.StringLiteral).text
    if (!filter.test(specifier)) continue
    const clause = statement.exportClause
    if (!clause || !ts.isNamedExports(clause)) continue
    const module: ExportedModule = {
      file: resolve(dirname(indexFile), specifier),
      values: [],
      types: [],
    }
    for (const element of clause.elements) {
      const local = (element.propertyName ?? element.name).text
      if (statement.isTypeOnly || element.isTypeOnly) module.types.push(local)
      else module.values.push(local)
    }
    modules.push(module)
  }
  return modules
}

function parse(file: string): ts.SourceFile {
  return ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true)
}

/** JSDoc text of a node, internal references (the product spec's sections) left out. */
function docOf(node: ts.Node, source: ts.SourceFile): string {
  const ranges = ts.getLeadingCommentRanges(source.text, node.getFullStart()) ?? []
  const jsdoc = ranges
    .map((range) => source.text.slice(range.pos, range.end))
    .filter((text) => text.startsWith('/**'))
    .at(-1)
  if (!jsdoc) return ''
  return cleanDoc(
    jsdoc
      .replace(/^\/\*\*\s?/, '')
      .replace(/\s*\*\/$/, '')
      .split('\n')
      .map((line) => line.replace(/^\s*\* ?/, ''))
      .join('\n')
      .trim(),
  )
}

/**
 * Leaves out references to the product spec's sections, which live outside this repository:
 * "(SPEC §4)", "(SPEC §4: a → b)", "SPEC §9's 1", "of SPEC §3," and the like.
 */
function withoutSpecReferences(text: string): string {
  return text
    .replace(/ ?\((?:see )?SPEC §[\d.]+\)/g, '')
    .replace(/\(SPEC §[\d.]+: /g, '(')
    .replace(/, SPEC §[\d.]+\)/g, ')')
    .replace(/ of SPEC §[\d.]+,/g, ',')
    .replace(/SPEC §[\d.]+'s /g, '')
    .replace(/; SPEC §[\d.]+ names none/g, '; none are named')
    .replace(/ ?SPEC §[\d.]+:? ?/g, ' ')
    .replace(/(\S) {2,}/g, '$1 ')
}

function cleanDoc(text: string): string {
  return withoutSpecReferences(text).replace(/\{\{/g, '{ {')
}

/** A declaration's text without its body and JSDoc: `function x(a: A): R`. */
function signatureOf(node: ts.FunctionDeclaration, source: ts.SourceFile): string {
  const start = node.getStart(source)
  const end = node.body ? node.body.getStart(source) : node.getEnd()
  return source.text
    .slice(start, end)
    .replace(/^export\s+/, '')
    .replace(/\s*$/, '')
}

function typeAliasText(
  node: ts.TypeAliasDeclaration | ts.InterfaceDeclaration,
  source: ts.SourceFile,
) {
  return withoutSpecReferences(
    source.text.slice(node.getStart(source), node.getEnd()).replace(/^export\s+/, ''),
  )
}

type Entry = { name: string; doc: string; code: string[]; file: string }

/** Each exported function of each module, with the module's exported types next to it. */
function collectEntries(modules: ExportedModule[]): Entry[] {
  const entries: Entry[] = []
  for (const module of modules) {
    const source = parse(module.file)
    const types = new Map<string, string>()
    const functions = new Map<string, { doc: string; signature: string }>()
    for (const statement of source.statements) {
      if (ts.isTypeAliasDeclaration(statement) || ts.isInterfaceDeclaration(statement)) {
        if (module.types.includes(statement.name.text))
          types.set(statement.name.text, typeAliasText(statement, source))
      } else if (ts.isFunctionDeclaration(statement) && statement.name) {
        if (module.values.includes(statement.name.text))
          functions.set(statement.name.text, {
            doc: docOf(statement, source),
            signature: signatureOf(statement, source),
          })
      }
    }
    for (const [name, fn] of functions) {
      const code = [fn.signature]
      // Types whose name starts like the function (`ConnectParameters` for `connect`,
      // `UseBalanceReturnType` for `useBalance`, `ConnectButtonProps`) belong to it.
      const prefix = name.charAt(0).toUpperCase() + name.slice(1)
      for (const [typeName, text] of types)
        if (typeName.startsWith(prefix) || functions.size === 1) code.push(text)
      entries.push({ name, doc: fn.doc, code, file: relativeToRoot(module.file) })
    }
  }
  return entries.sort((a, b) => a.name.localeCompare(b.name))
}

function relativeToRoot(file: string): string {
  return file.slice(rootDir.length + 1)
}

function renderEntries(title: string, intro: string, entries: Entry[]): string {
  const lines = [`# ${title}`, '', intro, '']
  lines.push(
    entries.map((entry) => `[\`${entry.name}\`](#${entry.name.toLowerCase()})`).join(' · '),
  )
  lines.push('')
  for (const entry of entries) {
    lines.push(`## ${entry.name}`, '')
    if (entry.doc) lines.push(entry.doc, '')
    lines.push('```ts', entry.code.join('\n\n'), '```', '')
    lines.push(`Source: \`${entry.file}\``, '')
  }
  return lines.join('\n')
}

const generatedNote =
  '<!-- Generated by scripts/docs/generateReference.ts from the source: edit the code, not this page. -->'

function writeActions(): void {
  const modules = readReExports(join(rootDir, 'packages/core/src/index.ts'), /^\.\/actions\//)
  const entries = collectEntries(modules)
  const page = renderEntries(
    'Actions',
    [
      'Every action of `@foyer/core`, one per module, each called as `action(foyer, parameters)` with',
      'the instance from [`createFoyer`](/guide/configuration). They work without React; the',
      '[hooks](/reference/hooks) are thin wrappers over them. Failures are typed: each action',
      'rejects with one of the errors its `…ErrorType` lists (all extend `BaseError`).',
      '',
      '```ts',
      "import { createFoyer, open, switchNetwork } from '@foyer/core'",
      "import { mainnet } from '@foyer/core/networks'",
      '',
      'const foyer = createFoyer({ networks: [mainnet] })',
      "open(foyer, { view: 'Connect' })",
      "await switchNetwork(foyer, { network: 'eip155:1' })",
      '```',
    ].join('\n'),
    entries,
  )
  write('reference/actions.md', `${generatedNote}\n\n${page}`)
}

function writeHooks(): void {
  const index = join(rootDir, 'packages/react/src/index.ts')
  const modules = readReExports(index, /^\.\/(hooks|components)\/|^\.\/FoyerProvider/)
  const entries = collectEntries(modules)
  const page = renderEntries(
    'Hooks and components',
    [
      'Everything `@foyer/react` exports for the page: the provider, the buttons and the hooks. Each',
      'hook reads the instance given to `FoyerProvider` and re-renders only when the part of the',
      'state it returns changes; actions it returns are the [core actions](/reference/actions).',
      "The modules are marked `'use client'` (Next.js App Router) and safe to render on the server.",
    ].join('\n'),
    entries,
  )
  write('reference/hooks.md', `${generatedNote}\n\n${page}`)
}

function writeHttpApi(document: OpenApiDocument): void {
  write('public/openapi.json', `${JSON.stringify(document, null, 2)}\n`)
  const lines = [
    generatedNote,
    '',
    '# HTTP API',
    '',
    `${document.info.description}`,
    '',
    'This page is generated from the valibot schemas the server validates every request with',
    '(`@foyer/protocol` for the API listener, `@foyer/frame/protocol` for the frame listener).',
    'The same OpenAPI 3.1 document is [openapi.json](/openapi.json){target="_self"} here, and every',
    'running server answers it at `GET /docs/openapi.json` (and as a page at `GET /docs`).',
    '',
    'Servers:',
    '',
    ...document.servers.map((server) => `- \`${server.url}\`: ${server.description}`),
    '- the frame listener, the embedded wallet\'s own origin (`FOYER_FRAME_PUBLIC_URL`), for the routes tagged "frame origin".',
    '',
  ]
  const routeDocs = new Map([
    ...readRouteDocs(join(rootDir, 'packages/protocol/src/routes.ts'), 'routes'),
    ...readRouteDocs(join(rootDir, 'packages/frame/src/protocol/auth-api.ts'), 'authApiRoutes'),
  ])
  const methods = ['get', 'post', 'put', 'patch', 'delete'] as const
  for (const tag of document.tags) {
    lines.push(`## ${tag.name}`, '', tag.description, '')
    for (const [path, item] of Object.entries(document.paths)) {
      for (const method of methods) {
        const operation = item[method]
        if (!operation?.tags.includes(tag.name)) continue
        lines.push(`### ${method.toUpperCase()} \`${path}\` {#${operation.operationId}}`, '')
        lines.push(
          routeDocs.get(operation.operationId) ?? `${operation.summary}.`,
          '',
          `Operation \`${operation.operationId}\`.`,
          '',
        )
        if (operation.parameters?.length) {
          lines.push('| parameter | in | required | schema |', '| --- | --- | --- | --- |')
          for (const parameter of operation.parameters)
            lines.push(
              `| \`${parameter.name}\` | ${parameter.in} | ${parameter.required ? 'yes' : 'no'} | \`${toTypeText(parameter.schema as JsonSchemaNode, '').replaceAll('|', '\\|')}\`${noteOf(parameter.schema as JsonSchemaNode)} |`,
            )
          lines.push('')
        }
        const body = operation.requestBody?.content['application/json'].schema
        if (body) lines.push(...schemaBlock('Request body (application/json)', body))
        for (const [status, response] of Object.entries(operation.responses))
          for (const [type, content] of Object.entries(response.content ?? {}))
            lines.push(
              ...schemaBlock(`${status} ${response.description} (${type})`, content.schema),
            )
      }
    }
  }
  lines.push('## Schemas', '')
  for (const [name, schema] of Object.entries(document.components.schemas))
    lines.push(`### ${name}`, '', '```ts', toTypeText(schema as JsonSchemaNode, ''), '```', '')
  write('reference/http-api.md', lines.join('\n'))
}

function schemaBlock(title: string, schema: unknown): string[] {
  return [`**${title}**`, '', '```ts', toTypeText(schema as JsonSchemaNode, ''), '```', '']
}

type JsonSchemaNode = {
  type?: string | string[]
  properties?: Record<string, JsonSchemaNode>
  required?: string[]
  items?: JsonSchemaNode
  prefixItems?: JsonSchemaNode[]
  additionalProperties?: JsonSchemaNode | boolean
  enum?: unknown[]
  const?: unknown
  anyOf?: JsonSchemaNode[]
  oneOf?: JsonSchemaNode[]
  allOf?: JsonSchemaNode[]
  $ref?: string
  pattern?: string
  minLength?: number
  maxLength?: number
  minimum?: number
  maximum?: number
  format?: string
}

/**
 * A JSON Schema as a TypeScript-like type, for reading (the page stays small; every constraint is
 * in openapi.json): `{ name: string; value?: number }`, with a string's pattern or bounds and a
 * number's range as a trailing comment.
 */
function toTypeText(schema: JsonSchemaNode, indent: string): string {
  if (schema.$ref) return schema.$ref.replace('#/components/schemas/', '')
  if (schema.const !== undefined) return JSON.stringify(schema.const)
  if (schema.enum) return schema.enum.map((value) => JSON.stringify(value)).join(' | ')
  const union = schema.anyOf ?? schema.oneOf
  if (union) return union.map((member) => toTypeText(member, indent)).join(' | ')
  if (schema.allOf) return schema.allOf.map((member) => toTypeText(member, indent)).join(' & ')
  const types = [schema.type ?? []].flat()
  if (types.length > 1)
    return types.map((type) => toTypeText({ ...schema, type }, indent)).join(' | ')
  switch (types[0]) {
    case 'object': {
      const entries = Object.entries(schema.properties ?? {})
      const rest = schema.additionalProperties
      if (entries.length === 0)
        return typeof rest === 'object' ? `Record<string, ${toTypeText(rest, indent)}>` : 'object'
      const inner = `${indent}  `
      const required = new Set(schema.required ?? [])
      const lines = entries.map(([name, property]) => {
        const key = /^[A-Za-z_$][\w$]*$/.test(name) ? name : JSON.stringify(name)
        const note = constraintOf(property)
        return `${inner}${key}${required.has(name) ? '' : '?'}: ${toTypeText(property, inner)}${note ? ` // ${note}` : ''}`
      })
      return `{\n${lines.join('\n')}\n${indent}}`
    }
    case 'array':
      if (schema.prefixItems)
        return `[${schema.prefixItems.map((item) => toTypeText(item, indent)).join(', ')}]`
      return `Array<${schema.items ? toTypeText(schema.items, indent) : 'unknown'}>`
    case 'string':
    case 'number':
    case 'boolean':
    case 'null':
      return types[0]
    case 'integer':
      return 'number'
    default:
      return 'unknown'
  }
}

/** A parameter's constraint for a table cell: code, pipes escaped. */
function noteOf(schema: JsonSchemaNode): string {
  const note = constraintOf(schema)
  return note ? ` \`${note.replaceAll('|', '\\|')}\`` : ''
}

/** The JSDoc of each entry of a route table (`export const routes = { name: { … } }`). */
function readRouteDocs(file: string, tableName: string): Map<string, string> {
  const source = parse(file)
  const docs = new Map<string, string>()
  const visit = (node: ts.Node) => {
    if (
      ts.isVariableDeclaration(node) &&
      ts.isIdentifier(node.name) &&
      node.name.text === tableName &&
      node.initializer
    ) {
      let table: ts.Node = node.initializer
      while (ts.isAsExpression(table) || ts.isSatisfiesExpression(table)) table = table.expression
      if (ts.isObjectLiteralExpression(table))
        for (const property of table.properties)
          if (ts.isPropertyAssignment(property) && ts.isIdentifier(property.name)) {
            const doc = docOf(property, source)
            if (doc) docs.set(property.name.text, doc)
          }
    }
    ts.forEachChild(node, visit)
  }
  visit(source)
  return docs
}

function constraintOf(schema: JsonSchemaNode): string {
  const notes: string[] = []
  if (schema.format) notes.push(schema.format)
  if (schema.pattern) notes.push(`/${schema.pattern}/`)
  else if (schema.maxLength !== undefined)
    notes.push(`${schema.minLength ?? 0}–${schema.maxLength} characters`)
  if (schema.minimum !== undefined || schema.maximum !== undefined)
    notes.push(`${schema.minimum ?? '…'} to ${schema.maximum ?? '…'}`)
  return notes.join(', ')
}

function write(relativePath: string, text: string): void {
  const file = join(docsDir, relativePath)
  mkdirSync(dirname(file), { recursive: true })
  writeFileSync(file, text)
}

const started = performance.now()
writeActions()
writeHooks()
writeHttpApi(
  createOpenApiDocument({ version: readServerVersion(), serverUrl: 'http://127.0.0.1:4400' }),
)
console.log(
  `docs: reference pages generated in ${((performance.now() - started) / 1000).toFixed(1)} s`,
)
