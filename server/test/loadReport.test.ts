// Load problems reach the terminal in the tool host's own words: `toolscope` prints each file that failed (file:line:col
// for a syntax error) and says when a folder has no tools; `toolscope call` prints them instead of only "Unknown tool".

import { spawn } from 'node:child_process'
import { mkdir, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { importErrorMessage, moduleExports } from '../toolHost/moduleLoading.ts'
import { HOW_TO_EXPORT, loadReport } from '../loadReport.ts'
import { tempDir } from './helpers.ts'

const BIN = fileURLToPath(new URL('../../bin/toolscope.mjs', import.meta.url))

function runCli(args: string[], cwd: string, until?: RegExp): Promise<{ stdout: string; stderr: string; code: number | null }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [BIN, ...args], { cwd, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, TOOLSCOPE_TOKEN: '' } })
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
  it('one line per failed file, and a hint when nothing loaded', () => {
    expect(loadReport({ tools: [{}], errors: [] }, ['/x'])).toEqual([])
    const lines = loadReport({ tools: [], errors: [{ file: 'a.ts', message: 'boom' }] }, ['/nowhere'])
    expect(lines).toEqual(['Could not load a.ts: boom', `No tools found in /nowhere. ${HOW_TO_EXPORT}`])
  })

  it('import errors carry their cause chain; CommonJS namespaces are read as their exports', () => {
    expect(importErrorMessage(new Error('fetch failed', { cause: new Error('getaddrinfo ENOTFOUND api.example.com') }))).toBe('fetch failed ← caused by: getaddrinfo ENOTFOUND api.example.com')
    const tool = { id: 't' }
    expect(moduleExports({ default: { __esModule: true, tool } })).toEqual({ tool })
    expect(moduleExports({ default: { tool } })).toEqual({ tool })
    expect(moduleExports({ tool, default: { other: 1 } })).toEqual({ tool, default: { other: 1 } })
  })
})

describe('the terminal', () => {
  it('toolscope prints a syntax error with file:line:col, and says an empty folder has no tools', async () => {
    const t = await tempDir()
    try {
      await mkdir(join(t.dir, 'tools'))
      await mkdir(join(t.dir, 'empty'))
      await writeFile(join(t.dir, 'tools', 'broken.mts'), "export const tool = {\n  id: 'x' +\n}\n")
      const out = await runCli(['tools', 'empty', '--port', '0', '--no-open', '--no-watch', '--no-build', '--data-dir', join(t.dir, 'data')], t.dir, /No tools found/)
      expect(out.stdout).toMatch(/Could not load tools\/broken\.mts: Could not import: [\s\S]*broken\.mts:3:0/)
      expect(out.stdout).toContain(`No tools found in tools, empty. ${HOW_TO_EXPORT}`)
    } finally {
      await t.cleanup()
    }
  })

  it('toolscope call names the load error instead of only "Unknown tool"', async () => {
    const t = await tempDir()
    try {
      await writeFile(join(t.dir, 'broken.mts'), "export const tool = {\n  id: 'x' +\n}\n")
      const out = await runCli(['call', 'x', 'broken.mts'], t.dir)
      expect(out.code).toBe(1)
      expect(out.stderr).toMatch(/Unknown tool "x"\.\nCould not load broken\.mts: Could not import: [\s\S]*broken\.mts:3:0/)
    } finally {
      await t.cleanup()
    }
  })
})
