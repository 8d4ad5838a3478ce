// `toolscope test` and `toolscope call` as a user runs them: the real binary in a temp project. Output lines, the
// closing `N passed, N failed`, exit codes, readable diffs, --update, JUnit XML, --shard, malformed/escaping files.

import { mkdir, readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { parseCallArgs } from '../cli/call.ts'
import { parseTestArgs, shardOf } from '../cli/test.ts'
import { tempProject, type TempProject } from './tempProject.ts'
import { runCli } from './cliProcess.ts'

// Each case starts the real CLI two or three times (tsx + a tool-host worker each): give them room on a busy CI box.
vi.setConfig({ testTimeout: 120_000 })

const cli = (cwd: string, args: string[]) => runCli(args, { cwd })

const scenario = (toolId: string, name: string, rest: Record<string, unknown>) => ({ name, toolId, ...rest })
async function writeScenario(dir: string, value: Record<string, unknown> | string, file?: string): Promise<void> {
  const v = value as { toolId: string; name: string }
  const target = join(dir, 'toolscope', 'scenarios', file ?? join(v.toolId, `${v.name}.json`))
  await mkdir(join(target, '..'), { recursive: true })
  await writeFile(target, typeof value === 'string' ? value : JSON.stringify(value, null, 2))
}

let project: TempProject
beforeAll(async () => {
  project = await tempProject(['interactive.ts', 'basic.ts'])
  await writeScenario(
    project.dir,
    scenario('delete-file', 'approved', {
      input: { path: 'a.txt' },
      decisions: [{ type: 'approve' }],
      expect: { status: 'success', raw: { deleted: 'a.txt' } },
    }),
  )
  await writeScenario(
    project.dir,
    scenario('delete-file', 'declined', {
      input: { path: 'a.txt' },
      decisions: [{ type: 'decline', reason: 'no' }],
      expect: { status: 'declined', model: { type: 'execution-denied', reason: 'no' } },
    }),
  )
  await writeScenario(
    project.dir,
    scenario('book-seat', 'window', {
      input: { flight: 'TS1' },
      decisions: [{ type: 'resume', resumeData: { seat: '1A' } }],
      expect: { status: 'success', raw: { flight: 'TS1', seat: '1A' } },
    }),
  )
})
afterAll(() => project.cleanup())

describe('toolscope test', () => {
  it('replays every scenario headless: one line each, the closing line, exit 0, JUnit XML', async () => {
    const { code, stdout } = await cli(project.dir, ['test', 'tools', '--reporter', 'junit', '--output', 'report.xml'])
    expect(stdout).toMatch(/✓ book-seat\/window \(\d+ ms\)/)
    expect(stdout).toMatch(/✓ delete-file\/approved/)
    expect(stdout.trimEnd().split('\n').at(-1)).toBe('3 passed, 0 failed')
    expect(code).toBe(0)
    const xml = await readFile(join(project.dir, 'report.xml'), 'utf8')
    expect(xml).toContain('<testsuites name="toolscope" tests="3" failures="0" errors="0"')
    expect(xml).toMatch(
      /<testcase classname="delete-file" name="declined" file="toolscope[/\\]scenarios[/\\]delete-file[/\\]declined.json" time="[\d.]+"\/>/,
    )
  })

  it('a changed tool fails with a readable diff and exit 1; --update rewrites the expectation and the suite is green again', async () => {
    const file = project.tool('interactive.ts')
    const source = await readFile(file, 'utf8')
    await writeFile(file, source.replace('({ deleted: path })', '({ deleted: path.toUpperCase() })'))
    const failing = await cli(project.dir, ['test', 'tools', '--reporter', 'junit', '--output', 'report.xml'])
    expect(failing.code).toBe(1)
    expect(failing.stdout).toContain('✗ delete-file/approved')
    expect(failing.stdout).toContain('  raw.deleted\n    - expected: "a.txt"\n    + actual:   "A.TXT"')
    expect(failing.stdout.trimEnd().split('\n').at(-1)).toBe('2 passed, 1 failed')
    expect(await readFile(join(project.dir, 'report.xml'), 'utf8')).toMatch(
      /<failure message="1 difference\(s\) from the expectation"> {2}raw.deleted/,
    )

    const updated = await cli(project.dir, ['test', 'tools', '--update'])
    expect(updated.stdout).toContain('↻ delete-file/approved: expectation rewritten from the current behaviour')
    expect(updated.stdout.trimEnd().split('\n').slice(-2)).toEqual(['1 updated', '3 passed, 0 failed'])
    expect(updated.code).toBe(0)
    const saved = JSON.parse(await readFile(join(project.dir, 'toolscope/scenarios/delete-file/approved.json'), 'utf8'))
    expect(saved.expect).toEqual({ status: 'success', match: 'exact', raw: { deleted: 'A.TXT' } })
    expect((await cli(project.dir, ['test', 'tools'])).code).toBe(0)
  })

  it('reports malformed and path-escaping scenario files with path and problem, runs the rest, exits 1; shards split the list', async () => {
    const other = await tempProject(['interactive.ts'])
    try {
      await writeScenario(
        other.dir,
        scenario('delete-file', 'approved', {
          input: { path: 'a' },
          decisions: [{ type: 'approve' }],
          expect: { status: 'success' },
        }),
      )
      await writeScenario(other.dir, '{ "name": "broken", ', join('delete-file', 'broken.json'))
      await writeScenario(
        other.dir,
        scenario('../../etc', 'passwd', { input: {}, expect: { status: 'success' } }),
        join('delete-file', 'escape-tool.json'),
      )
      await writeScenario(
        other.dir,
        scenario('delete-file', '../../evil', { input: {}, expect: { status: 'success' } }),
        join('delete-file', 'escape-name.json'),
      )
      const { code, stdout } = await cli(other.dir, ['test', 'tools'])
      expect(code).toBe(1)
      // The path once, then the problem.
      expect(stdout).toMatch(/✗ toolscope[/\\]scenarios[/\\]delete-file[/\\]broken\.json: not valid JSON/)
      expect(stdout).toMatch(/✗ \S*escape-tool\.json: toolId "..\/..\/etc" does not match its folder "delete-file"/)
      expect(stdout).toMatch(/✗ \S*escape-name\.json: not a valid scenario: name: use 1–100 letters/)
      expect(stdout).toContain('✓ delete-file/approved')
      expect(stdout.trimEnd().split('\n').at(-1)).toBe('1 passed, 3 failed')

      const first = await cli(other.dir, ['test', 'tools', '--shard', '1/2'])
      const second = await cli(other.dir, ['test', 'tools', '--shard=2/2'])
      expect(first.stdout).toContain('Shard 1/2: 2 of 4 scenario files')
      const names = (s: string) =>
        s
          .split('\n')
          .filter((l) => /^ {2}[✓✗]/.test(l))
          .map((l) => l.replace(/ \(\d+ ms\)$/, ''))
      expect(names(first.stdout)).toHaveLength(2)
      expect([...names(first.stdout), ...names(second.stdout)].sort()).toEqual(names(stdout).sort())
    } finally {
      await other.cleanup()
    }
  })
})

describe('toolscope call', () => {
  it('prints the four views as JSON for scripts, with scripted decisions', async () => {
    const { code, stdout } = await cli(project.dir, [
      'call',
      'book-seat',
      'tools',
      '--input',
      '{"flight":"TS9"}',
      '--resume',
      '{"seat":"2C"}',
    ])
    expect(code).toBe(0)
    expect(JSON.parse(stdout)).toEqual({
      status: 'success',
      raw: { flight: 'TS9', seat: '2C' },
      display: { flight: 'TS9', seat: '2C' },
      transcript: { flight: 'TS9', seat: '2C' },
      model: { type: 'json', value: { flight: 'TS9', seat: '2C' } },
    })
    const declined = await cli(project.dir, [
      'call',
      'delete-file',
      'tools',
      '--input',
      '{"path":"x"}',
      '--decline',
      'not now',
    ])
    expect(JSON.parse(declined.stdout)).toMatchObject({
      status: 'declined',
      model: { type: 'execution-denied', reason: 'not now' },
    })
    expect(declined.code).toBe(1)
    const unanswered = await cli(project.dir, ['call', 'delete-file', 'tools', '--input', '{"path":"x"}'])
    expect(unanswered.code).toBe(1)
    expect(unanswered.stderr).toMatch(/asked for approve or decline .* no decision left/)
  })
})

describe('argument parsing', () => {
  it('test: flags, defaults and mistakes', () => {
    expect(
      parseTestArgs(['src/tools', '--scenarios', 'sc', '--reporter=junit', '--update', '--shard', '2/3']),
    ).toMatchObject({
      paths: ['src/tools'],
      scenariosDir: 'sc',
      junit: 'junit.xml',
      update: true,
      shard: { index: 2, total: 3 },
    })
    expect(() => parseTestArgs(['--shard', '4/3'])).toThrow(/--shard must look like i\/n/)
    expect(() => parseTestArgs(['--reporter', 'tap'])).toThrow(/--reporter must be "junit"/)
    expect(() => parseTestArgs(['--output', 'x.xml'])).toThrow(/--output needs --reporter junit/)
  })

  it('shards like Playwright: contiguous parts, sizes differ by at most one, larger first, covering everything once', () => {
    const items = Array.from({ length: 10 }, (_, i) => i)
    const parts = [1, 2, 3].map((index) => shardOf(items, { index, total: 3 }))
    expect(parts).toEqual([
      [0, 1, 2, 3],
      [4, 5, 6],
      [7, 8, 9],
    ])
    expect(shardOf([1], { index: 2, total: 2 })).toEqual([])
  })

  it('call: decisions in order, decline with and without a reason', () => {
    const { scenario, paths } = parseCallArgs([
      'x',
      'a.ts',
      '--input',
      '{"a":1}',
      '--decline',
      '--approve',
      '--decline',
      'why',
      '--resume',
      '{"s":1}',
    ])
    expect(paths).toEqual(['a.ts'])
    expect(scenario.decisions).toEqual([
      { type: 'decline' },
      { type: 'approve' },
      { type: 'decline', reason: 'why' },
      { type: 'resume', resumeData: { s: 1 } },
    ])
    expect(() => parseCallArgs(['x', '--input', '{nope'])).toThrow(/--input must be JSON/)
  })
})
