// End-to-end check of the package as users install it today: `npm pack` (its `prepare` builds), install the tarball into a
// copy of this sample project, then run there `toolscope test` (headless), Vitest and Playwright tests exported from its
// scenarios (an approval run and a suspend/resume run), and its hand-written spec using `toolscope/playwright`; then the
// same project with Toolscope as a `file:` dependency of this checkout, replayed headless. A TypeScript tool of a CommonJS
// package that imports `toolscope` is called too (the package's exports must answer a require()).
// Run with `tsx e2e/sample-project/check.ts` (set KEEP_SAMPLE=1 to keep the temp folder for a look).

import { spawnSync } from 'node:child_process'
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { toPlaywrightTest, toVitestTest } from '../../src/testbench/exportTests.ts'
import { parseScenario } from '../../src/testbench/scenario.ts'
import { PACKAGE_OUTPUTS, PACKAGE_SOURCES, isBuildCurrent } from '../buildFreshness.ts'

const ROOT = fileURLToPath(new URL('../../', import.meta.url))
const SAMPLE = fileURLToPath(new URL('./', import.meta.url))
/** Export names of the sample tools (what an exported Vitest test imports). */
const EXPORTS: Record<string, string> = { 'cancel-booking': 'cancelBooking', 'choose-meal': 'chooseMeal' }

function sh(command: string, args: string[], cwd: string, capture = false): string {
  console.log(`\n$ ${command} ${args.join(' ')}   (in ${cwd})`)
  const result = spawnSync(command, args, {
    cwd,
    stdio: capture ? ['ignore', 'pipe', 'inherit'] : 'inherit',
    encoding: 'utf8',
    env: { ...process.env, CI: '1' },
  })
  if (capture) process.stdout.write(result.stdout ?? '')
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed with exit code ${result.status}`)
  return result.stdout ?? ''
}

/**
 * better-sqlite3 ships no binary through the npm registry, and its release downloads are out of reach offline, so
 * installing the tarball compiled SQLite from source again (a minute of CI). Its installer, prebuild-install, first
 * looks in npm's prebuild cache: the binary this checkout already built goes there, under the name a download of
 * this platform's release asset would get. The install itself runs as users run it, scripts included.
 */
function cacheSqlitePrebuild(): void {
  const pkgDir = join(ROOT, 'node_modules', 'better-sqlite3')
  const binary = join(pkgDir, 'build', 'Release', 'better_sqlite3.node')
  if (!existsSync(binary)) return
  let cached: string
  try {
    const require = createRequire(join(pkgDir, 'package.json'))
    const rc = require('prebuild-install/rc') as (pkg: unknown) => Record<string, unknown>
    const util = require('prebuild-install/util') as {
      getDownloadUrl(opts: unknown): string
      cachedPrebuild(url: string): string
    }
    const pkg = JSON.parse(readFileSync(join(pkgDir, 'package.json'), 'utf8')) as Record<string, unknown>
    cached = util.cachedPrebuild(util.getDownloadUrl({ ...rc(pkg), pkg }))
  } catch (err) {
    // Only a shortcut: without it the install compiles SQLite, as before.
    console.log(`(better-sqlite3's prebuild cache not seeded: ${(err as Error).message})`)
    return
  }
  if (existsSync(cached)) return
  mkdirSync(dirname(cached), { recursive: true })
  sh('tar', ['-czf', cached, '-C', pkgDir, 'build/Release/better_sqlite3.node'], ROOT)
}

const temp = mkdtempSync(join(tmpdir(), 'toolscope-sample-'))
try {
  // `npm pack` runs the package's `prepare` (the library, the compiled server and the UI build), as a git install would;
  // when that build is newer than all its sources (`npm ci` has just run `prepare` in CI) it is packed as it is.
  const packArgs = [
    'pack',
    '--pack-destination',
    temp,
    '--silent',
    ...(isBuildCurrent(PACKAGE_OUTPUTS, PACKAGE_SOURCES) ? ['--ignore-scripts'] : []),
  ]
  const packed = sh('npm', packArgs, ROOT, true).trim().split('\n').at(-1)!
  const project = join(temp, 'sample')
  cpSync(SAMPLE, project, { recursive: true, filter: (src) => !/node_modules|test-results|check\.ts$/.test(src) })
  cacheSqlitePrebuild()
  sh('npm', ['install', '--prefer-offline', '--no-audit', '--no-fund', join(temp, packed)], project)

  // Export the stored scenarios as tests, exactly as the UI's "Export as Vitest / Playwright test" would.
  const scenariosDir = join(project, 'toolscope', 'scenarios')
  for (const toolId of readdirSync(scenariosDir)) {
    for (const file of readdirSync(join(scenariosDir, toolId))) {
      const scenario = parseScenario(readFileSync(join(scenariosDir, toolId, file), 'utf8'), file)
      const base = join(project, 'tests', `${toolId}.${scenario.name}`)
      writeFileSync(
        `${base}.test.ts`,
        toVitestTest(scenario, { from: '../tools/bookings.mjs', access: EXPORTS[toolId] }),
      )
      writeFileSync(`${base}.spec.ts`, toPlaywrightTest(scenario, { toolPaths: ['./tools'] }))
    }
  }

  // The installed package runs its compiled server (dist/node); the TypeScript tools below still load through tsx.
  const version = sh('npx', ['--no-install', 'toolscope', '--version'], project, true).trim()
  if (!version.endsWith('(compiled)')) throw new Error(`the installed toolscope does not run compiled: ${version}`)
  const headless = sh('npx', ['--no-install', 'toolscope', 'test', 'tools'], project, true)
  if (headless.trimEnd().split('\n').at(-1) !== '2 passed, 0 failed')
    throw new Error('toolscope test did not end with "2 passed, 0 failed"')
  // A TypeScript tool of a package without "type": "module" is compiled as CommonJS: its `import … from 'toolscope'`
  // becomes a require(), which the package's exports must answer (they have a `default` condition beside `import`).
  const cjsTools = join(project, 'cjs-tools')
  mkdirSync(cjsTools)
  writeFileSync(join(cjsTools, 'package.json'), JSON.stringify({ name: 'cjs-tools', private: true }))
  writeFileSync(
    join(cjsTools, 'echo.ts'),
    "import { createTool } from 'toolscope'\n\nexport const echo = createTool({ id: 'cjs-echo', description: 'echoes', execute: async (input: unknown) => ({ echoed: input }) })\n",
  )
  const called = JSON.parse(
    sh('npx', ['--no-install', 'toolscope', 'call', 'cjs-echo', 'cjs-tools', '--input', '{"n":1}'], project, true),
  ) as { status: string; raw: unknown }
  if (called.status !== 'success' || JSON.stringify(called.raw) !== '{"echoed":{"n":1}}')
    throw new Error(`toolscope call of a CommonJS TypeScript tool importing toolscope: ${JSON.stringify(called)}`)
  sh('npx', ['--no-install', 'vitest', 'run'], project)
  sh('npx', ['--no-install', 'playwright', 'test'], project)
  const linked = join(temp, 'linked')
  cpSync(SAMPLE, linked, { recursive: true, filter: (src) => !/node_modules|test-results|check\.ts$/.test(src) })
  sh('npm', ['install', '--prefer-offline', '--no-audit', '--no-fund', '--ignore-scripts', `file:${ROOT}`], linked)
  const viaFile = sh('npx', ['--no-install', 'toolscope', 'test', 'tools'], linked, true)
  if (viaFile.trimEnd().split('\n').at(-1) !== '2 passed, 0 failed')
    throw new Error('toolscope test (file: dependency) did not end with "2 passed, 0 failed"')
  console.log(
    '\nSample project: headless replay, exported Vitest tests, exported and hand-written Playwright specs all passed (tarball); headless replay passed (file: dependency).',
  )
} finally {
  if (process.env.KEEP_SAMPLE) console.log(`Kept ${temp}`)
  else rmSync(temp, { recursive: true, force: true })
}
