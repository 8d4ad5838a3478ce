// The house rules of the layout (CONTRIBUTING.md "Layout"), held by a test so the next change keeps them: no non-test
// source file over 400 lines, at most 8 files at server/'s root (the rest grouped by part), and every source file opens
// with a comment saying what it is for.
import { execFileSync } from 'node:child_process'
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'

const ROOT = join(import.meta.dirname, '..')
const MAX_LINES = 400
const MAX_SERVER_ROOT_FILES = 8

/** Tracked and new source files of src/, server/ and bin/ (tests, fixtures and generated files excluded). */
function sourceFiles(): string[] {
  const listed = execFileSync(
    'git',
    ['ls-files', '--cached', '--others', '--exclude-standard', 'src', 'server', 'bin'],
    { cwd: ROOT, encoding: 'utf8' },
  )
  return listed
    .split('\n')
    .filter((file) => /\.(ts|tsx|mjs)$/.test(file) && existsSync(join(ROOT, file)))
    .filter((file) => !/\.test\.tsx?$|\/test\/|__fixtures__|\/fixtures\/|server\/examples\//.test(file))
}

describe('house rules', () => {
  it(`no non-test source file is longer than ${MAX_LINES} lines`, () => {
    const files = sourceFiles()
    expect(files).toContain('server/runs/runs.ts')
    const long = files
      .map((file) => ({ file, lines: readFileSync(join(ROOT, file), 'utf8').trimEnd().split('\n').length }))
      .filter(({ lines }) => lines > MAX_LINES)
      .map(({ file, lines }) => `${file}: ${lines} lines`)
    expect(long).toEqual([])
  })

  it(`server/ keeps at most ${MAX_SERVER_ROOT_FILES} files at its root`, () => {
    const files = readdirSync(join(ROOT, 'server')).filter((name) => statSync(join(ROOT, 'server', name)).isFile())
    expect(files.length, files.join(', ')).toBeLessThanOrEqual(MAX_SERVER_ROOT_FILES)
  })

  it('every source file opens with a comment saying what it is for', () => {
    const bare = sourceFiles().filter((file) => {
      const head = readFileSync(join(ROOT, file), 'utf8')
        .replace(/^#!.*\n/, '')
        .replace(/^\/\/\/ <reference[^\n]*\n/, '')
      return !/^\s*(\/\/|\/\*)/.test(head)
    })
    expect(bare).toEqual([])
  })

  it('no code comment cites an issue number of a tracker that is not in the repository', () => {
    const listed = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], {
      cwd: ROOT,
      encoding: 'utf8',
    })
    // This file is left out: its own examples below cite one.
    const code = listed
      .split('\n')
      .filter((f) => /\.(ts|tsx|mjs|js)$/.test(f) && f !== 'test/houseRules.test.ts' && existsSync(join(ROOT, f)))
    expect(code.length).toBeGreaterThan(100)
    const citing = code.flatMap((file) =>
      readFileSync(join(ROOT, file), 'utf8')
        .split('\n')
        .flatMap((line, i) => (citesIssue(line) ? [`${file}:${i + 1}`] : [])),
    )
    expect(citing).toEqual([])
  })

  it('no doc comment is followed by another one (the first would sit above the wrong declaration)', () => {
    const stacked = sourceFiles().flatMap((file) => {
      const lines = readFileSync(join(ROOT, file), 'utf8').split('\n')
      return lines.flatMap((line, i) =>
        line.trim().endsWith('*/') && lines[i + 1]?.trim().startsWith('/**') ? [`${file}:${i + 1}`] : [],
      )
    })
    expect(stacked).toEqual([])
  })

  it('tells a cited issue from the word in prose', () => {
    expect(citesIssue('// Fuzzing from the playground (issue 27): the body')).toBe(true)
    expect(citesIssue('/* see Issue #12 */')).toBe(true)
    expect(citesIssue('// a known issue of tsx, fixed upstream (nodejs/node#59929)')).toBe(false)
  })
})

/** True for a comment line that points at "issue N" (or "issue #N"). */
function citesIssue(line: string): boolean {
  const comment = /(?:\/\/|\/\*|^\s*\*)(.*)$/.exec(line)
  return !!comment && /\bissue\s+#?\d+/i.test(comment[1])
}
