// Load problems reach the terminal in the tool host's own words: `toolscope` prints each file that failed (file:line:col
// for a syntax error) and says when a folder has no tools; `toolscope call` prints them instead of only "Unknown tool".

import { spawn } from 'node:child_process'
import { mkdir, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { importErrorMessage, moduleExports } from '../toolHost/moduleLoading.ts'
import { HOW_TO_EXPORT, loadReport } from '../cli/loadReport.ts'
import { tempDir } from './helpers.ts'

const BIN = fileURLToPath(new URL('../../bin/toolscope.mjs', import.meta.url))

function runCli(
  args: string[],
  cwd: string,
  until?: RegExp,
): Promise<{ stdout: string; stderr: string; code: number | null }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [BIN, ...args], {
      cwd,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, TOOLSCOPE_TOKEN: '' },
    })
    let stdout = ''
    let stderr = ''
    child.stdout.on('data', (d) => {
      stdout += String(d)
      if (until?.test(stdout)) child.kill('SIGTERM')
    })
    child.stderr.on('data', (d) => (stderr += String(d)))
    child.on('exit', (code) => resolve({ stdout, stderr, code }))
  })
}

describe('loadReport', () => {
  it('the tools each path gave, one line per failed file, and a hint when nothing loaded', async () => {
    const t = await tempDir()
    try {
      await mkdir(join(t.dir, 'tools'))
      const tools = join(t.dir, 'tools')
      const nowhere = join(t.dir, 'nowhere')
      const tool = { file: join(tools, 'a.ts') }
      expect(loadReport({ tools: [tool, tool], errors: [] }, [tools])).toEqual([
        'Tools read from 1 path:',
        `  ${tools}: 2 tools`,
      ])
      const lines = loadReport(
        {
          tools: [],
          errors: [
            { file: join(tools, 'b.ts'), message: 'boom' },
            { file: nowhere, message: 'No such file or folder.' },
          ],
        },
        [tools, nowhere],
      )
      expect(lines).toEqual([
        'Tools read from 2 paths:',
        `  ${tools}: no tools, 1 file with problems (below)`,
        `  ${nowhere}: not found`,
        `Could not load ${join(tools, 'b.ts')}: boom`,
        `Could not load ${nowhere}: No such file or folder.`,
        `No tools found in ${tools}, ${nowhere}. ${HOW_TO_EXPORT}`,
      ])
      expect(HOW_TO_EXPORT).toMatch(/tool\(\) \(ai\)/)
    } finally {
      await t.cleanup()
    }
  })

  it('import errors carry their cause chain; CommonJS namespaces are read as their module.exports', () => {
    expect(
      importErrorMessage(new Error('fetch failed', { cause: new Error('getaddrinfo ENOTFOUND api.example.com') })),
    ).toBe('fetch failed ← caused by: getaddrinfo ENOTFOUND api.example.com')
    const tool = { id: 't', description: 'd', execute: async () => 1, [Symbol.for('toolscope.tool')]: true }
    // Newer Nodes put module.exports in the namespace of a CommonJS module (older ones: see exportForms.test.ts).
    const cjs = (exports: unknown, named: Record<string, unknown> = {}) => ({
      ...named,
      default: exports,
      'module.exports': exports,
    })
    expect(moduleExports(cjs({ __esModule: true, tool }))).toEqual({ tool })
    expect(moduleExports(cjs({ tool }, { tool }))).toEqual({ tool })
    // A whole-module tool that is a plain object (AI SDK tool(), a branded literal) is the default export, not its properties.
    expect(moduleExports(cjs(tool))).toEqual({ default: tool })
    expect(moduleExports(cjs([tool]))).toEqual({ default: [tool] })
    // An ES module's namespace is taken as is.
    expect(moduleExports({ tool, default: { other: 1 } })).toEqual({ tool, default: { other: 1 } })
    expect(moduleExports({ default: tool })).toEqual({ default: tool })
  })
})

// Each test starts the real binary (tsx, the tool host): far past the default 20 s when the machine is busy.
describe('the terminal', () => {
  it('toolscope prints a syntax error with file:line:col, and says an empty folder has no tools', {
    timeout: 60_000,
  }, async () => {
    const t = await tempDir()
    try {
      await mkdir(join(t.dir, 'tools'))
      await mkdir(join(t.dir, 'empty'))
      await writeFile(join(t.dir, 'tools', 'broken.mts'), "export const tool = {\n  id: 'x' +\n}\n")
      const out = await runCli(
        ['tools', 'empty', '--port', '0', '--no-open', '--no-watch', '--no-build', '--data-dir', join(t.dir, 'data')],
        t.dir,
        /No tools found/,
      )
      expect(out.stdout).toMatch(/Could not load tools\/broken\.mts: Could not import: [\s\S]*broken\.mts:3:0/)
      expect(out.stdout).toContain(`No tools found in tools, empty. ${HOW_TO_EXPORT}`)
      expect(out.stdout).toContain(
        'Tools read from 2 paths:\n  tools: no tools, 1 file with problems (below)\n  empty: no tools\n',
      )
    } finally {
      await t.cleanup()
    }
  })

  it('with --no-watch, a path that gives no tools ends toolscope with exit code 1, naming the path', {
    timeout: 60_000,
  }, async () => {
    const t = await tempDir()
    try {
      const out = await runCli(
        ['tool.ts', '--port', '0', '--no-open', '--no-watch', '--no-build', '--data-dir', join(t.dir, 'data')],
        t.dir,
      )
      expect(out.stdout).toContain('Tools read from 1 path:\n  tool.ts: not found\n')
      expect(out.stderr).toMatch(/no tools were found in the given paths and --no-watch is set/)
      expect(out.code).toBe(1)
    } finally {
      await t.cleanup()
    }
  })

  it('toolscope call names the load error instead of only "Unknown tool"', { timeout: 60_000 }, async () => {
    const t = await tempDir()
    try {
      await writeFile(join(t.dir, 'broken.mts'), "export const tool = {\n  id: 'x' +\n}\n")
      const out = await runCli(['call', 'x', 'broken.mts'], t.dir)
      expect(out.code).toBe(1)
      expect(out.stderr).toMatch(
        /Unknown tool "x"\.\nTools read from 1 path:\n {2}broken\.mts: no tools, 1 file with problems \(below\)\nCould not load broken\.mts: Could not import: [\s\S]*broken\.mts:3:0/,
      )
    } finally {
      await t.cleanup()
    }
  })
})
