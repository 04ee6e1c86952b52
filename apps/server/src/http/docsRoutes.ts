import { createHash } from 'node:crypto'
import { readFileSync } from 'node:fs'
import type { FastifyInstance } from 'fastify'
import {
  apiReferencePath,
  createOpenApiDocument,
  type OpenApiDocument,
  openApiPath,
} from './openApi.ts'

/** The server's own version (src/http/ and dist/http/ are both two levels below package.json). */
export function readServerVersion(): string {
  const packageJson = JSON.parse(
    readFileSync(new URL('../../package.json', import.meta.url), 'utf8'),
  ) as { version: string }
  return packageJson.version
}

/**
 * `GET /docs/openapi.json`: the OpenAPI 3.1 document of every route (`createOpenApiDocument`);
 * `GET /docs`: the same as a page, self-contained (no script, no external asset; its one style
 * sheet is allowed by hash), so it is readable behind the strictest CSP and offline.
 */
export function registerDocsRoutes(
  app: FastifyInstance,
  options: { serverUrl: string; frameUrl?: string | undefined },
): void {
  let document: OpenApiDocument | undefined
  let page: string | undefined
  const getDocument = () => {
    document ??= createOpenApiDocument({
      version: readServerVersion(),
      serverUrl: options.serverUrl,
      frameUrl: options.frameUrl,
    })
    return document
  }
  app.get(openApiPath, async (_request, reply) => {
    reply.header('cache-control', 'public, max-age=300')
    return getDocument()
  })
  app.get(apiReferencePath, async (_request, reply) => {
    page ??= renderApiReferencePage(getDocument())
    return reply
      .header('content-type', 'text/html; charset=utf-8')
      .header(
        'content-security-policy',
        `default-src 'none'; style-src '${styleHash}'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'`,
      )
      .header('cache-control', 'public, max-age=300')
      .send(page)
  })
}

const styles = `
:root { color-scheme: light dark; font: 15px/1.5 system-ui, sans-serif; }
body { max-width: 60rem; margin: 0 auto; padding: 1.5rem; }
code, pre { font: 13px/1.45 ui-monospace, SFMono-Regular, Menlo, monospace; }
pre { overflow-x: auto; padding: .75rem; border-radius: 6px; background: rgb(127 127 127 / .12); }
section { border-top: 1px solid rgb(127 127 127 / .3); padding: .5rem 0; }
h3 { font-size: 1rem; margin: .75rem 0 .25rem; }
.method { display: inline-block; min-width: 4.5rem; font-weight: 700; }
table { border-collapse: collapse; width: 100%; }
th, td { text-align: left; padding: .2rem .5rem; border-bottom: 1px solid rgb(127 127 127 / .2); vertical-align: top; }
summary { cursor: pointer; }
`
const styleHash = `sha256-${createHash('sha256').update(styles).digest('base64')}`

const methods = ['get', 'post', 'put', 'patch', 'delete'] as const

/** The API reference as one HTML page, grouped by tag, every schema shown as JSON. */
export function renderApiReferencePage(document: OpenApiDocument): string {
  const sections: string[] = []
  for (const tag of document.tags) {
    sections.push(`<h2 id="${slug(tag.name)}">${escapeHtml(tag.name)}</h2>`)
    sections.push(`<p>${prose(tag.description)}</p>`)
    // Routes of another listener name it (the frame's origin).
    const tagged = Object.values(document.paths).find((item) =>
      methods.some((method) => item[method]?.tags.includes(tag.name)),
    )
    if (tagged?.servers)
      sections.push(`<p>Server: ${tagged.servers.map(describeServer).join(', ')}.</p>`)
    for (const [path, item] of Object.entries(document.paths)) {
      for (const method of methods) {
        const operation = item[method]
        if (!operation?.tags.includes(tag.name)) continue
        const parts = [
          `<section id="${escapeHtml(operation.operationId)}">`,
          `<h3><span class="method">${method.toUpperCase()}</span> <code>${escapeHtml(path)}</code></h3>`,
          `<p>${escapeHtml(operation.summary)} (<code>${escapeHtml(operation.operationId)}</code>)</p>`,
        ]
        if (operation.parameters?.length) {
          parts.push(
            '<table><tr><th>parameter</th><th>in</th><th>required</th><th>schema</th></tr>',
            ...operation.parameters.map(
              (parameter) =>
                `<tr><td><code>${escapeHtml(parameter.name)}</code></td><td>${parameter.in}</td><td>${parameter.required ? 'yes' : 'no'}</td><td><code>${escapeHtml(JSON.stringify(parameter.schema))}</code></td></tr>`,
            ),
            '</table>',
          )
        }
        const body = operation.requestBody?.content['application/json'].schema
        if (body) parts.push(schemaBlock('Request body', body))
        for (const [status, response] of Object.entries(operation.responses)) {
          for (const [type, content] of Object.entries(response.content ?? {})) {
            parts.push(schemaBlock(`${status} ${response.description} (${type})`, content.schema))
          }
        }
        parts.push('</section>')
        sections.push(parts.join('\n'))
      }
    }
  }
  const schemas = Object.entries(document.components.schemas).map(
    ([name, schema]) =>
      `<section id="${slug(name)}"><h3>${escapeHtml(name)}</h3><pre>${escapeHtml(JSON.stringify(schema, null, 2))}</pre></section>`,
  )
  const servers = document.servers.map(describeServer).join(', ')
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(document.info.title)} ${escapeHtml(document.info.version)}: HTTP API</title>
<style>${styles}</style>
</head>
<body>
<h1>${escapeHtml(document.info.title)} ${escapeHtml(document.info.version)}: HTTP API</h1>
<p>${prose(document.info.description)}</p>
<p>Server: ${servers}. Machine-readable: <a href="${openApiPath}">${openApiPath}</a> (OpenAPI ${document.openapi}).</p>
${sections.join('\n')}
<h2 id="schemas">Schemas</h2>
${schemas.join('\n')}
</body>
</html>
`
}

function describeServer(server: OpenApiDocument['servers'][number]): string {
  const variables = Object.entries(server.variables ?? {})
    .map(
      ([name, variable]) =>
        ` where <code>${escapeHtml(`{${name}}`)}</code> is ${prose(variable.description)}, default <code>${escapeHtml(variable.default)}</code>`,
    )
    .join('')
  return `<code>${escapeHtml(server.url)}</code> (${prose(server.description)}${variables})`
}

/** Escaped text with its `code` spans as <code>. */
function prose(text: string): string {
  return escapeHtml(text).replace(/`([^`]+)`/g, '<code>$1</code>')
}

function schemaBlock(title: string, schema: unknown): string {
  return `<details><summary>${escapeHtml(title)}</summary><pre>${escapeHtml(JSON.stringify(schema, null, 2))}</pre></details>`
}

function slug(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
}

function escapeHtml(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (character) =>
      ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[character]!,
  )
}
