import { createHash, randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Ajv2020 } from 'ajv/dist/2020.js'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createDatabase } from '../src/db/createDatabase.ts'
import { createEmbeddedWallet, type EmbeddedWallet } from '../src/embedded/createEmbeddedWallet.ts'
import { createServer } from '../src/http/createServer.ts'
import {
  apiTag,
  framePagesTag,
  frameTag,
  type OpenApiDocument,
  toOpenApiPath,
} from '../src/http/openApi.ts'
import { recordRoutes } from './support/recordRoutes.ts'

// Every route each Fastify instance registers, as Fastify itself reports it (`onRoute`), so a
// route added without an entry in the document fails here.
const routes = recordRoutes()

const methods = ['get', 'post', 'put', 'patch', 'delete'] as const

/** `METHOD /path/{param}` of every route an instance registered (HEAD and CORS preflights aside). */
function routesOf(app: FastifyInstance): string[] {
  const registered = routes.routesOf(app)
  if (!registered) throw new Error('instance created before its routes were recorded')
  return [
    ...new Set(
      registered
        .filter((route) => route.method !== 'HEAD' && route.method !== 'OPTIONS')
        .map((route) => `${route.method} ${toOpenApiPath(route.url)}`),
    ),
  ].sort()
}

function operationsOf(document: OpenApiDocument, tags: string[]): string[] {
  const operations: string[] = []
  for (const [path, item] of Object.entries(document.paths)) {
    for (const method of methods) {
      const operation = item[method]
      if (operation?.tags.some((tag) => tags.includes(tag)))
        operations.push(`${method.toUpperCase()} ${path}`)
    }
  }
  return operations.sort()
}

describe('the HTTP API reference', () => {
  let server: FastifyInstance
  let embedded: EmbeddedWallet
  let dataDir: string
  let document: OpenApiDocument

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'foyer-openapi-'))
    const database = await createDatabase({ dataDir: 'memory://' })
    server = await createServer({ database, logger: false, indexer: { enabled: false } })
    server.addHook('onClose', () => database.destroy())
    const wallet = await createEmbeddedWallet({
      server,
      dev: false,
      dataDir,
      host: '127.0.0.1',
      framePort: 0,
      sessionSecret: randomBytes(32).toString('hex'),
      shareKey: randomBytes(32).toString('hex'),
      rateLimit: false,
      logger: false,
    })
    if (!wallet) throw new Error('embedded wallet did not start')
    embedded = wallet
    await server.ready()
    await embedded.frame.ready()
    const response = await server.inject({ method: 'GET', url: '/docs/openapi.json' })
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-type']).toMatch(/^application\/json/)
    document = JSON.parse(response.body) as OpenApiDocument
  })

  afterAll(async () => {
    routes.stop()
    await embedded?.frame.close()
    await server?.close()
    rmSync(dataDir, { recursive: true, force: true })
  })

  it('serves an OpenAPI 3.1 document whose every schema and reference is well-formed', () => {
    expect(document.openapi).toBe('3.1.0')
    expect(document.info).toMatchObject({ title: 'Foyer server', version: expect.any(String) })
    expect(document.servers[0]?.url).toBe('http://127.0.0.1:4400')

    const ajv = new Ajv2020({ strict: false, validateFormats: false })
    ajv.addSchema({ $id: 'foyer:openapi', components: document.components }, 'foyer:openapi')
    const compile = (schema: unknown, where: string) => {
      const text = JSON.stringify(schema).replaceAll(
        '"#/components/',
        '"foyer:openapi#/components/',
      )
      expect(() => ajv.compile(JSON.parse(text)), where).not.toThrow()
    }

    const operationIds = new Set<string>()
    for (const [path, item] of Object.entries(document.paths)) {
      expect(path, 'paths start with a slash').toMatch(/^\//)
      const templated = [...path.matchAll(/\{([^}]+)\}/g)].map((match) => match[1]).sort()
      for (const method of methods) {
        const operation = item[method]
        if (!operation) continue
        const where = `${method.toUpperCase()} ${path}`
        expect(operationIds.has(operation.operationId), `${where}: unique operationId`).toBe(false)
        operationIds.add(operation.operationId)
        const pathParameters = (operation.parameters ?? [])
          .filter((parameter) => parameter.in === 'path')
          .map((parameter) => parameter.name)
          .sort()
        expect(pathParameters, `${where}: every path parameter declared`).toEqual(templated)
        for (const parameter of operation.parameters ?? [])
          compile(parameter.schema, `${where} ${parameter.name}`)
        const body = operation.requestBody?.content['application/json'].schema
        if (body) {
          expect(Object.keys(body).length, `${where}: request body described`).toBeGreaterThan(0)
          compile(body, `${where} body`)
        }
        expect(Object.keys(operation.responses).length, `${where}: responses`).toBeGreaterThan(0)
        for (const response of Object.values(operation.responses))
          for (const content of Object.values(response.content ?? {}))
            compile(content.schema, `${where} response`)
      }
    }
    // Every $ref points at a schema the document defines.
    for (const [, name] of JSON.stringify(document).matchAll(
      /"\$ref":"#\/components\/schemas\/([^"]+)"/g,
    ))
      expect(document.components.schemas).toHaveProperty(name as string)
  })

  // The document lists every route a configuration can have (the names gateway only exists with
  // FOYER_NAME_ZONE); what a running server registers must all be in it.
  it('describes every route the API listener registers', () => {
    const listed = operationsOf(document, [apiTag])
    const registeredRoutes = routesOf(server)
    expect(registeredRoutes.length).toBeGreaterThan(30)
    expect(registeredRoutes.filter((route) => !listed.includes(route))).toEqual([])
    expect(listed).toContain('GET /v1/ccip/{sender}/{*}')
  })

  it("describes every route the frame listener (the wallet's own origin) registers", () => {
    // The frame listener also mounts a few API routes (the frame registers what it grants there);
    // those are described once, under the API.
    const listed = operationsOf(document, [apiTag, frameTag, framePagesTag])
    const registeredRoutes = routesOf(embedded.frame)
    expect(registeredRoutes.length).toBeGreaterThan(20)
    expect(registeredRoutes.filter((route) => !listed.includes(route))).toEqual([])
    expect(operationsOf(document, [frameTag])).toContain('POST /v1/embedded/email/start')
  })

  it("answers what the document says: /health's answer matches its response schema", async () => {
    const schema = document.paths['/health']?.get?.responses['200']?.content?.['application/json']
    const validate = new Ajv2020({ strict: false }).compile(schema?.schema as object)
    const health = await server.inject({ method: 'GET', url: '/health' })
    expect(validate(health.json())).toBe(true)
    expect(validate({ status: 'down' })).toBe(false)
  })

  it('requires what the document requires: a project route without projectId is refused', async () => {
    const parameters = document.paths['/v1/supported-chains']?.get?.parameters ?? []
    expect(parameters.find((parameter) => parameter.name === 'projectId')?.required).toBe(true)
    const response = await server.inject({ method: 'GET', url: '/v1/supported-chains' })
    expect(response.statusCode).toBe(400)
  })

  it('serves a readable reference page at /docs with no script and no outside asset', async () => {
    const response = await server.inject({ method: 'GET', url: '/docs' })
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-type']).toMatch(/^text\/html/)
    const page = response.body
    expect(page).not.toMatch(/<script|<link|<img|src=|url\(/i)
    expect(page).not.toMatch(/href="(?!#|\/docs\/openapi\.json")/)
    for (const operationId of Object.values(document.paths).flatMap((item) =>
      methods.map((method) => item[method]?.operationId).filter(Boolean),
    ))
      expect(page).toContain(`id="${operationId}"`)

    // The one inline style sheet is allowed by its hash and nothing else is.
    const csp = String(response.headers['content-security-policy'])
    expect(csp).toContain("default-src 'none'")
    const style = /<style>([\s\S]*?)<\/style>/.exec(page)?.[1] ?? ''
    const hash = createHash('sha256').update(style).digest('base64')
    expect(csp).toContain(`style-src 'sha256-${hash}'`)
  })
})
