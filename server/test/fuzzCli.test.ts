// `toolscope fuzz`, the real binary: it finds the planted bug of the bundled reserve-stock example and shrinks it to
// the minimal input, the printed command reproduces it, `--save` writes a scenario that fails until the bug is fixed
// (in a copy of the example in a throwaway project), a sound tool passes, and `--reporter junit` writes XML.

import { existsSync } from 'node:fs'
import { readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { parseScenario } from '../../src/testbench/scenario.ts'
import { runCli } from './cliProcess.ts'
import { tempProject, type TempProject } from './tempProject.ts'

const ROOT = fileURLToPath(new URL('../../', import.meta.url))
const EXAMPLE = join(ROOT, 'server/examples/inventory.ts')
/** A seed under which 100 generated calls reach the bug (the last warehouse at the largest quantity). */
const SEED = '4'
const MINIMAL = 'minimal input: {"sku":"AAA-0000","warehouse":"waw-4","quantity":500}'
const TIMEOUT = 120_000

/** The line of `output` that starts with `prefix` (trimmed), or undefined. */
const lineOf = (output: string, prefix: string) =>
  output
    .split('\n')
    .map((l) => l.trim())
    .find((l) => l.startsWith(prefix))

let project: TempProject
beforeAll(async () => {
  project = await tempProject([])
  // A copy of the example whose runtime import points at this checkout, as a user's tool file would.
  const source = await readFile(EXAMPLE, 'utf8')
  await writeFile(
    project.tool('inventory.ts'),
    source.replace("'../../src/index.ts'", JSON.stringify(join(ROOT, 'src/index.ts'))),
  )
})
afterAll(() => project.cleanup())

describe('toolscope fuzz', () => {
  it('finds the planted bug of the examples, prints the minimal input and a command that reproduces it', {
    timeout: TIMEOUT,
  }, async () => {
    const first = await runCli(['fuzz', '--tool', 'reserve-stock', '--seed', SEED], { cwd: ROOT })
    expect(first.code, first.stderr).toBe(1)
    expect(lineOf(first.stdout, '✗ reserve-stock: ')).toMatch(
      /^✗ reserve-stock: output-schema: Tool output validation failed for reserve-stock/,
    )
    expect(lineOf(first.stdout, 'minimal input: ')).toBe(MINIMAL)
    expect(lineOf(first.stdout, `seed ${SEED}, found after `)).toMatch(/shrinks? \(\d+ ms\)$/)
    expect(lineOf(first.stdout, 'run: ')).toMatch(/^run: [0-9a-f-]{36}$/)
    const command = lineOf(first.stdout, 'reproduce: ')
    expect(command).toBe(`reproduce: npx toolscope fuzz --tool reserve-stock --seed ${SEED} --runs 100`)
    expect(first.stdout.trim().split('\n').at(-1)).toBe('0 passed, 1 failed')

    const again = await runCli(command!.replace('reproduce: npx toolscope ', '').split(' '), { cwd: ROOT })
    expect(again.code).toBe(1)
    expect(lineOf(again.stdout, 'minimal input: ')).toBe(MINIMAL)
  })

  it('--save writes a scenario that fails until the bug is fixed', { timeout: TIMEOUT }, async () => {
    const fuzzed = await runCli(
      ['fuzz', 'tools/inventory.ts', '--tool', 'reserve-stock', '--seed', SEED, '--clock', 'fake', '--save'],
      { cwd: project.dir },
    )
    expect(fuzzed.code, fuzzed.stderr).toBe(1)
    expect(lineOf(fuzzed.stdout, 'reproduce: ')).toBe(
      `reproduce: npx toolscope fuzz tools/inventory.ts --tool reserve-stock --seed ${SEED} --runs 100 --clock fake`,
    )
    const file = join('toolscope', 'scenarios', 'reserve-stock', `fuzz-output-schema-${SEED}.json`)
    expect(lineOf(fuzzed.stdout, 'saved as scenario: ')).toBe(`saved as scenario: ${file}`)
    const scenario = parseScenario(await readFile(join(project.dir, file), 'utf8'), file)
    expect(scenario).toMatchObject({
      toolId: 'reserve-stock',
      input: { sku: 'AAA-0000', warehouse: 'waw-4', quantity: 500 },
      clock: 'fake',
      expect: { status: 'success', match: 'partial' },
    })

    const failing = await runCli(['test', 'tools/inventory.ts'], { cwd: project.dir })
    expect(failing.code).toBe(1)
    expect(failing.stdout).toContain(`✗ reserve-stock/fuzz-output-schema-${SEED}`)

    // The fix: Warsaw's fifth bin.
    const source = await readFile(project.tool('inventory.ts'), 'utf8')
    await writeFile(project.tool('inventory.ts'), source.replace("'W-03']", "'W-03', 'W-04']"))
    const passing = await runCli(['test', 'tools/inventory.ts'], { cwd: project.dir })
    expect(passing.code, passing.stdout).toBe(0)
    expect(passing.stdout.trim().split('\n').at(-1)).toBe('1 passed, 0 failed')
  })

  it('passes a sound tool, and writes JUnit XML', { timeout: TIMEOUT }, async () => {
    const xml = join(project.dir, 'reports', 'fuzz.xml')
    const result = await runCli(
      ['fuzz', '--tool', 'weather-tool', '--seed', '5', '--runs', '30', '--reporter', 'junit', '--output', xml],
      { cwd: ROOT },
    )
    expect(result.code, result.stdout + result.stderr).toBe(0)
    expect(lineOf(result.stdout, '✓ weather-tool: ')).toMatch(
      /^✓ weather-tool: 30 runs, \d+ invalid refused \(\d+ ms\)$/,
    )
    expect(result.stdout.trim().split('\n').at(-1)).toBe('1 passed, 0 failed')
    expect(existsSync(xml)).toBe(true)
    const report = await readFile(xml, 'utf8')
    expect(report).toContain('<testsuite name="toolscope fuzz" tests="1" failures="0" errors="0"')
    expect(report).toContain('<testcase classname="toolscope fuzz" name="weather-tool"')
  })

  it('refuses an unknown check or tool', { timeout: TIMEOUT }, async () => {
    const badCheck = await runCli(['fuzz', '--check', 'no-such-check'], { cwd: ROOT })
    expect(badCheck.code).toBe(2)
    expect(badCheck.stderr).toContain('--check takes one of no-crash, refuses-invalid')
    const badTool = await runCli(['fuzz', '--tool', 'no-such-tool'], { cwd: ROOT })
    expect(badTool.code).toBe(1)
    expect(badTool.stdout).toContain('✗ no-such-tool: unknown tool')
  })
})
