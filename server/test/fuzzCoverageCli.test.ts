// `toolscope fuzz --coverage`, the real binary on a throwaway project's tool: it prints the tool's schema coverage
// (with the items no input exercised, and counting the tool's saved scenarios), and writes lcov whose records name the
// tool file and whose DA lines are lines of its TypeScript source (a branch the inputs reach counted, a function
// nothing calls at 0). --coverage-file says where; without either only the summary line is printed.

import { mkdir, readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { runCli } from './cliProcess.ts'
import { tempProject, type TempProject } from './tempProject.ts'

const SRC = fileURLToPath(new URL('../../src/index.ts', import.meta.url))
const TIMEOUT = 120_000

/** Type-only lines before the code, so TypeScript lines and the transpiled JavaScript's positions differ. */
const SOURCE = `// Coverage fixture: a tool with an enum, an optional field and a bound, and a function nothing calls.
import { z } from 'zod'
import { createTool } from ${JSON.stringify(SRC)}

type Shade = 'light' | 'dark'

interface Painted {
  shade: Shade
  coats: number
}

export const painter = createTool({
  id: 'painter',
  description: 'Paints a wall',
  inputSchema: z.object({ colour: z.enum(['white', 'black']), coats: z.number().int().min(1).max(3).optional() }),
  execute: async ({ colour, coats }): Promise<Painted> => {
    const shade: Shade = colour === 'white' ? 'light' : 'dark' // SHADE
    return { shade, coats: coats ?? 1 } // RETURN
  },
})

export function neverCalled(x: number): number {
  return x * 2 // NEVER
}
`
const lineOf = (marker: string) => SOURCE.split('\n').findIndex((l) => l.includes(`// ${marker}`)) + 1
const outputLine = (output: string, prefix: string) =>
  output
    .split('\n')
    .map((l) => l.trim())
    .find((l) => l.startsWith(prefix))

let project: TempProject
let file: string
beforeAll(async () => {
  project = await tempProject([])
  file = join(project.tools, 'painter.ts')
  await writeFile(file, SOURCE)
  // A saved scenario of the tool: its input counts toward schema coverage.
  await mkdir(join(project.dir, 'toolscope', 'scenarios', 'painter'), { recursive: true })
  const scenario = {
    name: 'three-coats',
    toolId: 'painter',
    input: { colour: 'black', coats: 3 },
    decisions: [],
    expect: { status: 'success', match: 'partial' },
  }
  await writeFile(join(project.dir, 'toolscope', 'scenarios', 'painter', 'three-coats.json'), JSON.stringify(scenario))
})
afterAll(() => project.cleanup())

describe('toolscope fuzz --coverage', () => {
  it('prints schema coverage and writes lcov naming the TypeScript lines of the tool file', {
    timeout: TIMEOUT,
  }, async () => {
    const result = await runCli(['fuzz', 'tools/painter.ts', '--seed', '3', '--runs', '40', '--coverage'], {
      cwd: project.dir,
    })
    expect(result.code, result.stdout + result.stderr).toBe(0)
    expect(outputLine(result.stdout, '✓ painter: ')).toMatch(/^✓ painter: 40 runs/)
    expect(outputLine(result.stdout, 'schema coverage: ')).toMatch(
      /^schema coverage: \d+\/\d+ \(\d+%\) \(with 1 scenario\)$/,
    )
    expect(result.stdout).toContain(`lcov written to ${join('coverage', 'toolscope.lcov')}`)

    const lcov = await readFile(join(project.dir, 'coverage', 'toolscope.lcov'), 'utf8')
    const record = lcov.split('end_of_record').find((r) => r.includes(`SF:${file}\n`))
    expect(record, lcov).toBeDefined()
    const counts = new Map([...record!.matchAll(/^DA:(\d+),(\d+)$/gm)].map((m) => [Number(m[1]), Number(m[2])]))
    expect(counts.get(lineOf('SHADE'))).toBeGreaterThan(0)
    expect(counts.get(lineOf('RETURN'))).toBeGreaterThan(0)
    expect(counts.get(lineOf('NEVER'))).toBe(0)
    // Type-only lines are not executable: no DA line for them.
    expect(counts.has(SOURCE.split('\n').indexOf("type Shade = 'light' | 'dark'") + 1)).toBe(false)
  })

  it('writes lcov where --coverage-file says; without coverage flags prints only the summary', {
    timeout: TIMEOUT,
  }, async () => {
    const result = await runCli(
      ['fuzz', 'tools/painter.ts', '--seed', '3', '--runs', '5', '--coverage-file', 'out/x.lcov'],
      { cwd: project.dir },
    )
    expect(result.code, result.stdout + result.stderr).toBe(0)
    expect(result.stdout).toContain(`lcov written to ${join('out', 'x.lcov')}`)
    expect(await readFile(join(project.dir, 'out', 'x.lcov'), 'utf8')).toContain(`SF:${file}\n`)
    const plain = await runCli(['fuzz', 'tools/painter.ts', '--seed', '3', '--runs', '5', '--scenarios', 'nowhere'], {
      cwd: project.dir,
    })
    expect(plain.code, plain.stdout + plain.stderr).toBe(0)
    expect(outputLine(plain.stdout, 'schema coverage: ')).toMatch(/^schema coverage: \d+\/\d+ \(\d+%\)$/)
    expect(plain.stdout).not.toContain('not exercised:')
    expect(plain.stdout).not.toContain('lcov written')
  })
})
