/**
 * `npm run check:packages` (a step of `npm test`): Foyer as an app team installs it.
 *
 * 1. builds every published workspace (`tsdown`, see tsdown.shared.ts);
 * 2. checks each package.json (exports maps, license, files) and what the build wrote (the
 *    declarations import only the package's own files and its declared dependencies);
 * 3. packs each package into a temporary directory (`npm pack`) and lints every tarball with
 *    publint and Are the Types Wrong (ESM-only profile);
 * 4. copies examples/vite-react, installs the tarballs into it (not workspace links; the other
 *    dependencies come from the npm cache or registry), type-checks and builds it with Vite;
 * 5. copies examples/next-app the same way, builds it with `next build` (telemetry off), starts it
 *    with `next start` on a free loopback port and checks it in Chromium: the server's HTML has the
 *    connect button, a click opens the dialog, no hydration warning (nor any console error) shows,
 *    and no request leaves the machine;
 * 6. installs `@foyer/server` from its tarball into an empty directory and runs `foyer-server
 *    serve` (PGlite in a temporary data directory, any free ports): `/health` answers, the frame
 *    listener serves its page script, SIGTERM stops it with exit code 0.
 *
 * `--keep` leaves the temporary directory (tarballs, example, server) for a look.
 */
import { type ChildProcess, spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statfsSync,
  statSync,
  writeFileSync,
} from 'node:fs'
import { builtinModules } from 'node:module'
import { type AddressInfo, createServer as createNetServer } from 'node:net'
import { tmpdir } from 'node:os'
import { dirname, join, relative, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { gzipSync } from 'node:zlib'
import ts from 'typescript'

const rootDir = resolve(dirname(fileURLToPath(import.meta.url)), '..')
const keep = process.argv.includes('--keep')
const sourceCondition = '@foyer/source'

type PackageJson = {
  name: string
  version: string
  private?: boolean
  license?: string
  files?: string[]
  sideEffects?: boolean
  exports?: Record<string, Record<string, string>>
  bin?: Record<string, string>
  dependencies?: Record<string, string>
  peerDependencies?: Record<string, string>
}
type Workspace = { dir: string; pkg: PackageJson }

const problems: string[] = []
const fail = (message: string) => {
  problems.push(message)
  console.error(`  ✘ ${message}`)
}

function step(title: string, action: () => void | Promise<void>) {
  return async () => {
    console.log(`\n▷ ${title}`)
    const started = Date.now()
    const cpuBefore = cpuSeconds()
    const before = problems.length
    try {
      await action()
    } catch (error) {
      fail(`${title}: ${error instanceof Error ? error.message : String(error)}`)
    }
    const seconds = ((Date.now() - started) / 1000).toFixed(1)
    const cpu = (cpuSeconds() - cpuBefore).toFixed(1)
    console.log(`${problems.length === before ? '✔' : '✘'} ${title} (${seconds} s, ${cpu} s CPU)`)
  }
}

/** CPU seconds of this process and its finished children (Linux; 0 elsewhere). */
function cpuSeconds(): number {
  const { user, system } = process.cpuUsage()
  let children = 0
  try {
    // /proc/self/stat fields 16 and 17: cutime and cstime, in clock ticks (100 a second).
    const fields = readFileSync('/proc/self/stat', 'utf8').split(') ')[1]!.split(' ')
    children = (Number(fields[13]) + Number(fields[14])) / 100
  } catch {}
  return (user + system) / 1e6 + children
}

/** Runs a command; its output is shown only when it fails (or always with `show`). */
function run(
  command: string,
  args: string[],
  options: { cwd?: string; show?: boolean } = {},
): Promise<string> {
  return new Promise((resolvePromise, reject) => {
    const child = spawn(command, args, {
      cwd: options.cwd ?? rootDir,
      env: childEnv(),
      stdio: options.show ? 'inherit' : 'pipe',
    })
    let output = ''
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString()
    })
    child.stderr?.on('data', (chunk: Buffer) => {
      output += chunk.toString()
    })
    child.once('error', reject)
    child.once('close', (code) => {
      if (code === 0) resolvePromise(output)
      else reject(new Error(`${command} ${args.join(' ')} exited with ${code}\n${output}`))
    })
  })
}

/**
 * The environment of installed packages: no `--conditions=@foyer/source` (an installed package
 * has its source in `src/` but must run from `dist/`), no npm settings of an outer `npm run`.
 */
function childEnv(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NO_COLOR: '1',
    FORCE_COLOR: '0',
    // Next.js reports usage to its servers unless told not to.
    NEXT_TELEMETRY_DISABLED: '1',
  }
  delete env.NODE_OPTIONS
  for (const key of Object.keys(env)) {
    if (key.startsWith('npm_config_') && !/^npm_config_(cache|registry|userconfig)$/.test(key))
      delete env[key]
  }
  return env
}

const npm = (args: string[], cwd?: string) =>
  run('npm', [...args, '--no-audit', '--no-fund', '--loglevel=error'], { cwd })

function readJson<T>(file: string): T {
  return JSON.parse(readFileSync(file, 'utf8')) as T
}

/** Every published workspace: the ones without `"private": true`. */
function publishedWorkspaces(): Workspace[] {
  const root = readJson<{ workspaces: string[] }>(join(rootDir, 'package.json'))
  const workspaces: Workspace[] = []
  for (const pattern of root.workspaces) {
    const dirs = pattern.endsWith('/*')
      ? readdirSync(join(rootDir, pattern.slice(0, -2))).map((name) =>
          join(rootDir, pattern.slice(0, -2), name),
        )
      : [join(rootDir, pattern)]
    for (const dir of dirs) {
      const file = join(dir, 'package.json')
      if (!existsSync(file)) continue
      const pkg = readJson<PackageJson>(file)
      if (!pkg.private) workspaces.push({ dir, pkg })
    }
  }
  return workspaces
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .map((name) => join(dir, name))
    .filter((file) => statSync(file).isFile())
}

/** The bare package a specifier names (`@scope/name/sub` → `@scope/name`). */
const packageOf = (specifier: string) =>
  specifier
    .split('/')
    .slice(0, specifier.startsWith('@') ? 2 : 1)
    .join('/')

/** A workspace-only export: just the source condition, nothing an installed package resolves. */
const isSourceOnly = (entry: Record<string, string>) =>
  Object.keys(entry).every((condition) => condition === sourceCondition)

function checkManifest({ dir, pkg }: Workspace, paths: Record<string, string[]>) {
  const where = relative(rootDir, dir)
  if (pkg.license !== 'MIT') fail(`${where}: license must be MIT`)
  if (readFileSync(join(dir, 'LICENSE'), 'utf8') !== readFileSync(join(rootDir, 'LICENSE'), 'utf8'))
    fail(`${where}/LICENSE differs from the repository's LICENSE`)
  if (pkg.sideEffects !== false) fail(`${where}: sideEffects must be false`)
  if (!pkg.files?.includes('dist') || !pkg.files.includes('src'))
    fail(`${where}: files must list dist and src (source maps and ${sourceCondition})`)
  for (const [subpath, entry] of Object.entries(pkg.exports ?? {})) {
    const name = subpath === '.' ? pkg.name : `${pkg.name}/${subpath.slice(2)}`
    const conditions = Object.keys(entry)
    if (conditions[0] !== sourceCondition)
      fail(`${name}: the ${sourceCondition} condition must come first`)
    if (!isSourceOnly(entry) && (conditions[1] !== 'types' || conditions.at(-1) !== 'default'))
      fail(`${name}: conditions must be ${sourceCondition}, types, …, default`)
    // esbuild and tsx know no custom conditions: tsconfig.base.json's `paths` must match.
    const source = entry[sourceCondition]?.replace(/^\.\//, '')
    const mapped = paths[name]?.[0]?.replace(/^\.\//, '')
    if (mapped !== relative(rootDir, join(dir, source ?? '')))
      fail(
        `${name}: tsconfig.base.json paths must map it to ${relative(rootDir, join(dir, source ?? ''))}`,
      )
    for (const target of Object.values(entry)) {
      if (!existsSync(join(dir, target))) fail(`${name}: ${target} was not built`)
    }
  }
}

/**
 * Declarations may import only their own files, Node's modules and the package's dependencies:
 * never a path into node_modules or src/, nor a type-only package the app would not have.
 */
function checkDeclarations({ dir, pkg }: Workspace) {
  const allowed = new Set([
    pkg.name,
    ...Object.keys(pkg.dependencies ?? {}),
    ...Object.keys(pkg.peerDependencies ?? {}),
  ])
  const builtins = new Set(builtinModules)
  for (const file of filesUnder(join(dir, 'dist')).filter((f) => f.endsWith('.d.ts'))) {
    const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true)
    for (const { fileName: specifier } of importedFiles) {
      const at = `${relative(rootDir, file)} imports "${specifier}"`
      if (specifier.startsWith('.')) {
        if (!resolve(dirname(file), specifier).startsWith(join(dir, 'dist')))
          fail(`${at}: outside dist/`)
      } else if (specifier.startsWith('node:') || builtins.has(specifier)) {
        // Node's own modules (the server)
      } else if (/node_modules|\/_types\//.test(specifier) || !allowed.has(packageOf(specifier))) {
        fail(`${at}: not a dependency of ${pkg.name}`)
      }
    }
  }
}

/** The @foyer packages an install of `names` needs (their @foyer dependencies, transitively). */
function closure(names: string[], byName: Map<string, Workspace>): string[] {
  const result = new Set<string>()
  const visit = (name: string) => {
    if (result.has(name)) return
    const workspace = byName.get(name)
    if (!workspace) throw new Error(`${name} is not a published workspace`)
    result.add(name)
    for (const dependency of Object.keys(workspace.pkg.dependencies ?? {}))
      if (byName.has(dependency)) visit(dependency)
  }
  names.forEach(visit)
  return [...result]
}

function waitForLines(
  child: ChildProcess,
  patterns: RegExp[],
  timeoutMs: number,
  name = 'foyer-server',
) {
  return new Promise<string[]>((resolvePromise, reject) => {
    let output = ''
    const timer = setTimeout(() => {
      reject(new Error(`${name} did not start within ${timeoutMs / 1000} s:\n${output}`))
    }, timeoutMs)
    const onData = (chunk: Buffer) => {
      output += chunk.toString()
      const matches = patterns.map((pattern) => pattern.exec(output)?.[1])
      if (matches.every(Boolean)) {
        clearTimeout(timer)
        resolvePromise(matches as string[])
      }
    }
    child.stdout?.on('data', onData)
    child.stderr?.on('data', onData)
    child.once('exit', (code) => {
      clearTimeout(timer)
      reject(new Error(`${name} exited (${code}) before it was ready:\n${output}`))
    })
  })
}

/** Copies examples/<name> and installs the tarballs of its @foyer dependencies into it. */
async function installExample(name: string): Promise<string> {
  const exampleDir = join(tempDir, name)
  cpSync(join(rootDir, 'examples', name), exampleDir, {
    recursive: true,
    filter: (source) => !/[/\\](node_modules|dist|\.next)$/.test(source),
  })
  const example = readJson<PackageJson>(join(exampleDir, 'package.json'))
  const foyer = Object.keys(example.dependencies ?? {}).filter((name) => byName.has(name))
  const names = closure(foyer, byName)
  await npm(
    ['install', '--prefer-offline', ...names.map((name) => tarballs.get(name)!)],
    exampleDir,
  )
  for (const name of foyer) {
    if (!existsSync(join(exampleDir, 'node_modules', name, 'dist')))
      throw new Error(`${name} is not installed from its tarball`)
  }
  return exampleDir
}

/** An empty project with @foyer/server (and the @foyer packages it needs) from the tarballs. */
async function installServer(): Promise<string> {
  const serverDir = join(tempDir, 'server')
  mkdirSync(join(serverDir, 'data'), { recursive: true })
  writeFileSync(
    join(serverDir, 'package.json'),
    `${JSON.stringify({ name: 'foyer-server-check', private: true, type: 'module' })}\n`,
  )
  const names = closure(['@foyer/server'], byName)
  await npm(['install', '--prefer-offline', ...names.map((name) => tarballs.get(name)!)], serverDir)
  return serverDir
}

/** A free loopback port (the OS picks it; `next start` takes no port 0). */
function freePort(): Promise<number> {
  return new Promise((resolvePromise, reject) => {
    const server = createNetServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo
      server.close(() => resolvePromise(port))
    })
  })
}

/**
 * `next start` on the built example, then Chromium: the server's HTML carries the connect button
 * (rendered on the server), the page hydrates without a warning or any console error, a click
 * opens the dialog, and every request of the page stays on the example's own origin.
 */
async function checkNextExample(exampleDir: string) {
  const port = await freePort()
  const origin = `http://127.0.0.1:${port}`
  const child = spawn(
    process.execPath,
    [
      join(exampleDir, 'node_modules/next/dist/bin/next'),
      'start',
      '-H',
      '127.0.0.1',
      '-p',
      String(port),
    ],
    { cwd: exampleDir, env: childEnv(), stdio: ['ignore', 'pipe', 'pipe'] },
  )
  const exited = new Promise<void>((resolvePromise) => child.once('exit', () => resolvePromise()))
  try {
    await waitForLines(child, [/(Ready) in/], 30_000, 'next start')
    const html = await (await fetch(origin)).text()
    if (!html.includes('data-foyer-connect-button'))
      fail('next-app: the server-rendered HTML has no connect button')
    const { chromium } = await import('playwright-core')
    const browser = await chromium.launch({
      executablePath: '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    })
    try {
      const page = await browser.newPage()
      const messages: string[] = []
      page.on('console', (message) => {
        if (message.type() === 'error' || message.type() === 'warning')
          messages.push(`${message.type()}: ${message.text()}`)
      })
      page.on('pageerror', (error) => messages.push(`pageerror: ${error.message}`))
      page.on('response', (response) => {
        if (response.status() >= 400) messages.push(`${response.status()}: ${response.url()}`)
      })
      const elsewhere: string[] = []
      page.on('request', (request) => {
        const url = request.url()
        if (!url.startsWith(`${origin}/`) && !url.startsWith('data:')) elsewhere.push(url)
      })
      await page.goto(origin, { waitUntil: 'networkidle' })
      await page.locator('[data-foyer-connect-button]').click()
      await page.getByRole('dialog').waitFor({ state: 'visible', timeout: 15_000 })
      await page.waitForLoadState('networkidle')
      // A production build reports text and tree mismatches as React errors #418, #423 and #425.
      if (messages.some((line) => /hydrat|react error #4(18|23|25)\b/i.test(line)))
        fail(`next-app: hydration warning in the console:\n${messages.join('\n')}`)
      else if (messages.length) fail(`next-app: console errors:\n${messages.join('\n')}`)
      if (elsewhere.length) fail(`next-app: requests left the machine:\n${elsewhere.join('\n')}`)
      if (!messages.length && !elsewhere.length)
        console.log(
          `  ${origin}: connect button in the server's HTML, dialog opens, hydrated cleanly`,
        )
    } finally {
      await browser.close()
    }
  } finally {
    child.kill('SIGTERM')
    await exited
  }
}

type Settled = Promise<{ dir: string } | { error: unknown }>
const settle = (promise: Promise<string>): Settled =>
  promise.then(
    (dir) => ({ dir }),
    (error: unknown) => ({ error }),
  )
async function installed(install: Settled | undefined): Promise<string> {
  if (!install) throw new Error('nothing was installed (no tarballs)')
  const result = await install
  if ('error' in result) throw result.error
  return result.dir
}
let exampleInstall: Settled | undefined
let nextExampleInstall: Settled | undefined
let serverInstall: Settled | undefined

/**
 * Where the tarballs, the installed examples and the server go: a memory file system when there is
 * one with room. The three installs write (and the end deletes) about 1 GB of small files: on disk
 * that took about 60 s of system CPU and over 2 minutes of deleting on the two-core runner.
 */
function scratchDir(): string {
  try {
    const { bavail, bsize } = statfsSync('/dev/shm')
    // `foyer-server` and esbuild's binary run from there: not where programs may not run.
    const noexec = readFileSync('/proc/self/mounts', 'utf8')
      .split('\n')
      .some(
        (line) =>
          line.split(' ')[1] === '/dev/shm' && /(^|,)noexec(,|$)/.test(line.split(' ')[3] ?? ''),
      )
    if (bavail * bsize > 4 * 1024 ** 3 && !noexec) return '/dev/shm'
  } catch {}
  return tmpdir()
}
const tempDir = mkdtempSync(join(scratchDir(), 'foyer-packages-'))
const tarballDir = join(tempDir, 'tarballs')
const tarballs = new Map<string, string>()
const workspaces = publishedWorkspaces()
const byName = new Map(workspaces.map((workspace) => [workspace.pkg.name, workspace]))

const steps = [
  step(`Build ${workspaces.length} packages (tsdown)`, async () => {
    await run(process.execPath, [join(rootDir, 'node_modules/tsdown/dist/run.mjs')], { show: true })
  }),
  step('package.json and declarations', () => {
    const config = ts.readConfigFile(join(rootDir, 'tsconfig.base.json'), ts.sys.readFile)
    if (config.error)
      throw new Error(ts.flattenDiagnosticMessageText(config.error.messageText, '\n'))
    const paths: Record<string, string[]> = config.config.compilerOptions.paths ?? {}
    if (!config.config.compilerOptions.customConditions?.includes(sourceCondition))
      fail(`tsconfig.base.json: customConditions must list ${sourceCondition}`)
    const exported = new Set<string>()
    for (const workspace of workspaces) {
      checkManifest(workspace, paths)
      checkDeclarations(workspace)
      for (const subpath of Object.keys(workspace.pkg.exports ?? {}))
        exported.add(
          subpath === '.' ? workspace.pkg.name : `${workspace.pkg.name}/${subpath.slice(2)}`,
        )
    }
    for (const name of Object.keys(paths).filter((name) => name.startsWith('@foyer/'))) {
      if (!exported.has(name)) fail(`tsconfig.base.json paths: ${name} is no published export`)
    }
  }),
  step('Pack (npm pack)', async () => {
    mkdirSync(tarballDir)
    const output = await npm([
      'pack',
      '--json',
      `--pack-destination=${tarballDir}`,
      ...workspaces.flatMap(({ pkg }) => ['-w', pkg.name]),
    ])
    const packed = JSON.parse(output.slice(output.indexOf('['))) as {
      name: string
      filename: string
      size: number
      unpackedSize: number
      entryCount: number
    }[]
    for (const entry of packed) {
      tarballs.set(entry.name, join(tarballDir, entry.filename))
      console.log(
        `  ${entry.filename.padEnd(34)} ${(entry.size / 1024).toFixed(0).padStart(5)} KB packed, ${entry.entryCount} files`,
      )
    }
    // The two installs (network and disk, mostly) run while the tarballs are linted.
    exampleInstall = settle(installExample('vite-react'))
    nextExampleInstall = settle(installExample('next-app'))
    serverInstall = settle(installServer())
  }),
  step('publint and attw (ESM only) on every tarball', async () => {
    // In this process rather than two CLI processes a tarball: the CLIs do no more than this, and
    // loading TypeScript (attw) 12 times cost more CPU than the checks themselves.
    const [{ publint }, { formatMessage }, attw, { getExitCode }, render] = await Promise.all([
      import('publint'),
      import('publint/utils'),
      import('@arethetypeswrong/core'),
      import('@arethetypeswrong/cli/internal/getExitCode'),
      import('@arethetypeswrong/cli/internal/render'),
    ])
    // attw's `--profile=esm-only`: CommonJS resolutions are not checked.
    const attwOptions = {
      ignoreResolutions: ['node10', 'node16-cjs'] as ('node10' | 'node16-cjs')[],
      format: 'table-flipped' as const,
      color: false,
      summary: true,
      emoji: true,
    }
    for (const { pkg } of workspaces) {
      const tarball = tarballs.get(pkg.name)
      if (!tarball) {
        fail(`${pkg.name}: not packed`)
        continue
      }
      const data = readFileSync(tarball)
      let passed = true
      try {
        // `publint run <tarball> --strict`: warnings count as errors; suggestions do not fail.
        const buffer = data.buffer.slice(data.byteOffset, data.byteOffset + data.byteLength)
        const result = await publint({ pack: { tarball: buffer as ArrayBuffer }, strict: true })
        const errors = result.messages.filter((message) => message.type === 'error')
        if (errors.length) {
          passed = false
          fail(
            `publint ${pkg.name}:\n${errors.map((message) => formatMessage(message, result.pkg, { color: false })).join('\n')}`,
          )
        }
      } catch (error) {
        passed = false
        fail(`publint ${pkg.name}: ${(error as Error).message}`)
      }
      // Workspace-only entries (just the source condition, e.g. a test helper) are not published API.
      const sourceOnly = Object.entries(pkg.exports ?? {})
        .filter(([, entry]) => isSourceOnly(entry))
        .map(([subpath]) => subpath)
      try {
        const analysis = await attw.checkPackage(
          attw.createPackageFromTarballData(new Uint8Array(data)),
          sourceOnly.length ? { excludeEntrypoints: sourceOnly } : {},
        )
        if (!analysis.types) {
          passed = false
          fail(`attw ${pkg.name}: no types found`)
        } else if (getExitCode(analysis, attwOptions) !== 0) {
          passed = false
          fail(`attw ${pkg.name}:\n${await render.typed(analysis, attwOptions)}`)
        }
      } catch (error) {
        passed = false
        fail(`attw ${pkg.name}: ${(error as Error).message}`)
      }
      if (passed) console.log(`  ${pkg.name}: publint and attw pass`)
    }
  }),
  step('examples/vite-react from the tarballs (npm install, tsc, vite build)', async () => {
    const exampleDir = await installed(exampleInstall)
    await run('npm', ['run', 'build'], { cwd: exampleDir })
    const dist = join(exampleDir, 'dist')
    const assets = filesUnder(dist).filter((file) => file.endsWith('.js'))
    // The dialog (and its views) stay chunks of their own behind import().
    if (assets.length < 3) fail(`the example built into ${assets.length} script(s): no lazy chunks`)
    // What the page loads before it is interactive (React included).
    const html = readFileSync(join(dist, 'index.html'), 'utf8')
    const firstLoad = [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.js)"/g)].map(
      ([, file]) => gzipSync(readFileSync(join(dist, file!))).length,
    )
    const total = firstLoad.reduce((sum, size) => sum + size, 0) / 1024
    console.log(
      `  built: ${assets.length} scripts; first load ${firstLoad.length} scripts, ${total.toFixed(1)} KB gzip with React`,
    )
  }),
  step(
    'examples/next-app from the tarballs (npm install, next build, next start in Chromium)',
    async () => {
      const exampleDir = await installed(nextExampleInstall)
      await run('npm', ['run', 'build'], { cwd: exampleDir })
      await checkNextExample(exampleDir)
    },
  ),
  step('npx foyer-server from its tarball (/health, frame script, SIGTERM)', async () => {
    const serverDir = await installed(serverInstall)
    // `npx foyer-server` (as the README has it) finds the installed command…
    const usage = await run('npx', ['--no', 'foyer-server', 'help'], { cwd: serverDir })
    if (!usage.includes('serve [--dev]')) fail(`npx foyer-server help printed:\n${usage}`)
    // …which is this file; started without npx, whose process does not pass SIGTERM on.
    const child = spawn(join(serverDir, 'node_modules/.bin/foyer-server'), ['serve'], {
      cwd: serverDir,
      env: {
        ...childEnv(),
        FOYER_HOST: '127.0.0.1',
        FOYER_PORT: '0',
        FOYER_FRAME_PORT: '0',
        FOYER_DATA_DIR: join(serverDir, 'data'),
        FOYER_SESSION_SECRET: randomBytes(32).toString('hex'),
        FOYER_SHARE_KEY: randomBytes(32).toString('hex'),
        FOYER_LOG_LEVEL: 'error',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    const exited = new Promise<number | null>((resolvePromise) =>
      child.once('exit', resolvePromise),
    )
    try {
      const [serverUrl, frameUrl] = await waitForLines(
        child,
        [/Foyer server listening on (http:\/\/\S+)/, /Foyer frame listening on (http:\/\/\S+)/],
        // 60-86 s on a two-core runner at load ~20 (about 24 s of CPU).
        180_000,
      )
      const health = await fetch(`${serverUrl}/health`)
      const body = (await health.json()) as { status?: string }
      if (health.status !== 200 || body.status !== 'ok')
        fail(`GET /health answered ${health.status} ${JSON.stringify(body)}`)
      // esbuild bundles the frame page's script from dist/entry.ts and the installed @foyer/frame.
      const frame = await fetch(new URL('/frame.js', frameUrl))
      const script = await frame.text()
      if (frame.status !== 200 || script.length < 10_000)
        fail(`GET /frame.js answered ${frame.status} (${script.length} bytes)`)
      console.log(`  ${serverUrl}/health ok, frame script ${(script.length / 1024).toFixed(0)} KB`)
    } finally {
      child.kill('SIGTERM')
    }
    const code = await Promise.race([
      exited,
      new Promise<string>((resolvePromise) => setTimeout(() => resolvePromise('timeout'), 15_000)),
    ])
    if (code === 'timeout') {
      child.kill('SIGKILL')
      fail('foyer-server did not stop within 15 s of SIGTERM')
    } else if (code !== 0) fail(`foyer-server exited with ${code} on SIGTERM`)
  }),
]

const started = Date.now()
for (const [index, next] of steps.entries()) {
  await next()
  // Everything after the build needs what it made.
  if (index === 0 && problems.length) break
}
if (keep) console.log(`\nKept ${tempDir}`)
else rmSync(tempDir, { recursive: true, force: true })
const seconds = ((Date.now() - started) / 1000).toFixed(1)
console.log(
  problems.length
    ? `\n${problems.length} problem(s) with the packages (${seconds} s)`
    : `\nPackages ok (${seconds} s)`,
)
process.exit(problems.length ? 1 : 0)
