// The `toolscope` binary as installed: the package's published files (npm's own list) in a project's node_modules run
// the compiled server (dist/node), which still loads a user's TypeScript tool through tsx in its workers, finds the UI
// build, and serves; a source checkout keeps running the TypeScript source. Uses the compiled tree `npm run build` wrote
// (built here when missing): `npm ci` builds it in CI.

import { execFile, spawn, spawnSync } from 'node:child_process'
import { cp, mkdir, readFile, symlink, writeFile } from 'node:fs/promises'
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { findPackageRoot } from '../packageRoot.ts'
import { servedUrl } from './cliProcess.ts'
import { tempDir } from './helpers.ts'

const ROOT = fileURLToPath(new URL('../../', import.meta.url)).replace(/[\\/]$/, '')
const run = promisify(execFile)
/** The environment of a user's shell: nothing that forces either layout. */
const ENV = Object.fromEntries(
  Object.entries(process.env).filter(([k]) => k !== 'TOOLSCOPE_COMPILED' && k !== 'TOOLSCOPE_TOKEN'),
)
const TOOL = `import { createTool } from 'toolscope'

interface Greeting { text: string }

export const greet = createTool({
  id: 'greet',
  description: 'Greets someone',
  execute: async (input: { name: string }): Promise<Greeting> => ({ text: \`hi \${input.name}\` }),
})
`

let project: { dir: string; cleanup(): Promise<void> }
let bin: string
let version: string

beforeAll(async () => {
  for (const [built, script] of [
    ['dist/index.js', 'build:lib'],
    ['dist/node/server/cli.js', 'build:node'],
  ]) {
    if (!existsSync(join(ROOT, built)))
      expect(spawnSync('npm', ['run', script], { cwd: ROOT, stdio: 'inherit', timeout: 240_000 }).status).toBe(0)
  }
  version = (JSON.parse(await readFile(join(ROOT, 'package.json'), 'utf8')) as { version: string }).version
  // What `npm pack` would put in the tarball, without running `prepare` again.
  const { stdout } = await run('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], {
    cwd: ROOT,
    maxBuffer: 16 * 1024 * 1024,
    timeout: 60_000,
  })
  const files = (JSON.parse(stdout) as Array<{ files: Array<{ path: string }> }>)[0].files.map((f) => f.path)
  project = await tempDir('toolscope-installed-')
  const pkg = join(project.dir, 'node_modules', 'toolscope')
  for (const file of files) {
    await mkdir(join(pkg, file, '..'), { recursive: true })
    await cp(join(ROOT, file), join(pkg, file))
  }
  // The package's dependencies, as npm would have installed them beside it.
  await symlink(join(ROOT, 'node_modules'), join(pkg, 'node_modules'), 'junction')
  await writeFile(join(project.dir, 'package.json'), '{ "name": "user-project", "private": true, "type": "module" }\n')
  await mkdir(join(project.dir, 'tools'))
  await writeFile(join(project.dir, 'tools', 'greet.ts'), TOOL)
  bin = join(pkg, 'bin', 'toolscope.mjs')
}, 300_000)

afterAll(async () => {
  await project?.cleanup()
})

describe('installed toolscope binary', () => {
  it('runs the compiled server', async () => {
    const { stdout } = await run(process.execPath, [bin, '--version'], { cwd: project.dir, env: ENV, timeout: 30_000 })
    expect(stdout.trim()).toBe(`toolscope ${version} (compiled)`)
  })

  it('loads and runs a TypeScript tool of the user through tsx', { timeout: 60_000 }, async () => {
    const { stdout } = await run(process.execPath, [bin, 'call', 'greet', 'tools', '--input', '{"name":"Ada"}'], {
      cwd: project.dir,
      env: ENV,
      timeout: 50_000,
    })
    const called = JSON.parse(stdout) as { status: string; raw: unknown }
    expect(called).toMatchObject({ status: 'success', raw: { text: 'hi Ada' } })
  })

  it('serves the tool and the UI build', { timeout: 60_000 }, async () => {
    const child = spawn(process.execPath, [bin, 'tools', '--port', '0', '--no-open', '--no-watch', '--no-build'], {
      cwd: project.dir,
      env: ENV,
      stdio: ['ignore', 'pipe', 'inherit'],
    })
    try {
      const { url, output } = await servedUrl(child)
      expect(url, output).toBeDefined()
      const headers = { authorization: `Bearer ${url!.searchParams.get('token')}` }
      const catalog = (await (await fetch(new URL('/api/tools', url), { headers })).json()) as {
        tools: Array<{ id: string }>
      }
      expect(catalog.tools.map((t) => t.id)).toEqual(['greet'])
      const page = await fetch(url!)
      expect(page.status).toBe(200)
      expect(await page.text()).toMatch(/<div id="root">/)
    } finally {
      child.kill('SIGKILL')
    }
  })
})

describe('source checkout', () => {
  it('runs the TypeScript source, even with a build beside it, unless TOOLSCOPE_COMPILED=1', async () => {
    const source = await run(process.execPath, [join(ROOT, 'bin', 'toolscope.mjs'), '--version'], {
      env: ENV,
      timeout: 30_000,
    })
    expect(source.stdout.trim()).toBe(`toolscope ${version} (source)`)
    const forced = await run(process.execPath, [join(ROOT, 'bin', 'toolscope.mjs'), '--version'], {
      env: { ...ENV, TOOLSCOPE_COMPILED: '1' },
      timeout: 30_000,
    })
    expect(forced.stdout.trim()).toBe(`toolscope ${version} (compiled)`)
  })

  it('finds the package root from the compiled tree and the source alike', () => {
    expect(findPackageRoot(join(ROOT, 'dist', 'node', 'server', 'toolHost'))).toBe(ROOT)
    expect(findPackageRoot(join(ROOT, 'server', 'cli'))).toBe(ROOT)
  })
})
