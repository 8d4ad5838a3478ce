// Exported tests are real tests: generate Vitest files from the bundled approval, decline, suspend/resume and abort
// scenarios and run them with Vitest in a child process; check the Playwright text for the page-object calls.

import { spawnSync } from 'node:child_process'
import { mkdir, mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { toPlaywrightTest, toVitestTest } from './exportTests.ts'
import { generatedValues, withMatchers } from './varying.ts'
import { compareOutcome } from './match.ts'
import { parseScenario, type Scenario } from './scenario.ts'

const ROOT = fileURLToPath(new URL('../../', import.meta.url))
const load = async (rel: string) =>
  parseScenario(await readFile(join(ROOT, 'server/examples/scenarios', rel), 'utf8'), rel)
const CASES: Array<[string, string, string]> = [
  ['delete-repository/approved.json', 'interactive.ts', 'deleteRepository'],
  ['delete-repository/declined.json', 'interactive.ts', 'deleteRepository'],
  ['book-flight/pick-seat.json', 'interactive.ts', 'bookFlight'],
  ['tail-logs/abort-after-first-line.json', 'failures.ts', 'tailLogs'],
]

let dir: string
beforeAll(async () => {
  // A throwaway project: our node_modules lent by symlink so `vitest` and `zod` resolve as in a user's project.
  dir = await mkdtemp(join(tmpdir(), 'toolscope-export-'))
  await symlink(join(ROOT, 'node_modules'), join(dir, 'node_modules'))
  await writeFile(join(dir, 'package.json'), '{ "type": "module" }\n')
})
afterAll(() => rm(dir, { recursive: true, force: true }))

describe('exported Vitest tests', () => {
  it('pass when run (approval, decline, suspend/resume, abort)', async () => {
    for (const [rel, file, exportName] of CASES) {
      const scenario = await load(rel)
      const code = toVitestTest(
        scenario,
        { from: join(ROOT, 'server/examples', file), access: exportName },
        { toolscopeImport: join(ROOT, 'src/index.ts') },
      )
      await writeFile(join(dir, `${scenario.toolId}.${scenario.name}.test.ts`), code)
    }
    const result = spawnSync(
      process.execPath,
      [join(ROOT, 'node_modules/vitest/vitest.mjs'), 'run', '--root', dir, '--reporter', 'verbose'],
      { encoding: 'utf8', env: { ...process.env, CI: '1', NO_COLOR: '1' } },
    )
    const output = `${result.stdout}\n${result.stderr}`
    expect(output).toMatch(/Tests\s+4 passed/)
    expect(result.status).toBe(0)
  }, 60_000)

  it('fail when the behaviour differs (the assertions are real)', async () => {
    const scenario = await load('book-flight/pick-seat.json')
    const wrong: Scenario = {
      ...scenario,
      expect: { ...scenario.expect, raw: { confirmation: 'nope', flight: 'TS101', seat: '14F' } },
    }
    const failing = join(dir, 'failing')
    await mkdir(failing)
    await symlink(join(ROOT, 'node_modules'), join(failing, 'node_modules'))
    await writeFile(join(failing, 'package.json'), '{ "type": "module" }\n')
    await writeFile(
      join(failing, 'wrong.test.ts'),
      toVitestTest(
        wrong,
        { from: join(ROOT, 'server/examples/interactive.ts'), access: 'bookFlight' },
        { toolscopeImport: join(ROOT, 'src/index.ts') },
      ),
    )
    const result = spawnSync(
      process.execPath,
      [join(ROOT, 'node_modules/vitest/vitest.mjs'), 'run', '--root', failing],
      { encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } },
    )
    expect(result.status).not.toBe(0)
    expect(`${result.stdout}${result.stderr}`).toContain('"confirmation": "nope"')
  }, 60_000)
})

describe('a test exported from a run', () => {
  it('matches the ids and timestamps the tool generates by kind, so it passes on a rerun; the other values stay exact', async () => {
    const project = join(dir, 'generated')
    await mkdir(project)
    await symlink(join(ROOT, 'node_modules'), join(project, 'node_modules'))
    await writeFile(join(project, 'package.json'), '{ "type": "module" }\n')
    const toolFile = join(project, 'createNote.ts')
    await writeFile(
      toolFile,
      [
        `import { randomUUID } from 'node:crypto'`,
        `import { createTool } from ${JSON.stringify(join(ROOT, 'src/index.ts'))}`,
        `export const createNote = createTool({`,
        `  id: 'create-note',`,
        `  description: 'Creates a note.',`,
        `  execute: async (input: { text: string }) => {`,
        `    const now = new Date()`,
        `    return { id: randomUUID(), text: input.text, createdAt: now.toISOString(), updatedAt: now.toISOString(), at: now.getTime(), tags: [{ id: randomUUID(), name: 'x' }] }`,
        `  },`,
        `})`,
      ].join('\n'),
    )
    // What the run saw once: its output becomes the expectation, as an export from the run's page makes it.
    const recorded = {
      id: '0b8f1c52-7d1e-4c2a-9f64-3e5b2a1d9c07',
      text: 'hi',
      createdAt: '2026-12-02T01:00:00.000Z',
      updatedAt: '2026-12-02T01:00:00.000Z',
      at: 1_796_000_000_000,
      tags: [{ id: '5f3a2b1c-0d9e-4f8a-b7c6-1e2d3c4b5a69', name: 'x' }],
    }
    const fromRun: Scenario = {
      name: 'run-0b8f1c52',
      toolId: 'create-note',
      input: { text: 'hi' },
      decisions: [],
      expect: { status: 'success', match: 'exact', raw: recorded },
    }
    const scenario: Scenario = {
      ...fromRun,
      expect: withMatchers(fromRun.expect, generatedValues({ status: 'success', raw: recorded }).matchers),
    }
    expect(scenario.expect.raw).toEqual({
      id: { $any: 'string' },
      text: 'hi',
      createdAt: { $any: 'date' },
      updatedAt: { $any: 'date' },
      at: { $any: 'number' },
      tags: [{ id: { $any: 'string' }, name: 'x' }],
    })
    const tool = { from: toolFile, access: 'createNote' }
    await writeFile(
      join(project, 'matched.test.ts'),
      toVitestTest(scenario, tool, { toolscopeImport: join(ROOT, 'src/index.ts') }),
    )
    const passed = spawnSync(
      process.execPath,
      [join(ROOT, 'node_modules/vitest/vitest.mjs'), 'run', '--root', project],
      { encoding: 'utf8', env: { ...process.env, CI: '1', NO_COLOR: '1' } },
    )
    expect(`${passed.stdout}\n${passed.stderr}`).toMatch(/Tests\s+1 passed/)
    // The same export with the recorded values asserted as they were fails on this rerun: what the matchers fix.
    await writeFile(
      join(project, 'matched.test.ts'),
      toVitestTest(fromRun, tool, { toolscopeImport: join(ROOT, 'src/index.ts') }),
    )
    const literal = spawnSync(
      process.execPath,
      [join(ROOT, 'node_modules/vitest/vitest.mjs'), 'run', '--root', project],
      { encoding: 'utf8', env: { ...process.env, CI: '1', NO_COLOR: '1' } },
    )
    expect(literal.status).not.toBe(0)
    // A changed non-generated value still fails.
    await writeFile(
      join(project, 'matched.test.ts'),
      toVitestTest(
        { ...scenario, expect: { ...scenario.expect, raw: { ...(scenario.expect.raw as object), text: 'other' } } },
        tool,
        { toolscopeImport: join(ROOT, 'src/index.ts') },
      ),
    )
    const changed = spawnSync(
      process.execPath,
      [join(ROOT, 'node_modules/vitest/vitest.mjs'), 'run', '--root', project],
      { encoding: 'utf8', env: { ...process.env, CI: '1', NO_COLOR: '1' } },
    )
    expect(changed.status).not.toBe(0)
  }, 90_000)

  it('replays against the same matchers a scenario holds', () => {
    const expectation = {
      status: 'success' as const,
      match: 'exact' as const,
      raw: { id: { $any: 'string' as const }, createdAt: { $any: 'date' as const }, at: { $any: 'number' as const } },
    }
    expect(
      compareOutcome(expectation, { status: 'success', raw: { id: 'abc', createdAt: '2027-01-01T00:00:00Z', at: 5 } }),
    ).toEqual([])
    expect(
      compareOutcome(expectation, { status: 'success', raw: { id: 1, createdAt: 'yesterday', at: '5' } }).map(
        (m) => m.path,
      ),
    ).toEqual(['raw.id', 'raw.createdAt', 'raw.at'])
  })
})

describe('exported Playwright tests', () => {
  it('drive the page object with the scripted decisions and assert the status and views', async () => {
    const code = toPlaywrightTest(await load('book-flight/pick-seat.json'), { toolPaths: ['./src/tools'] })
    expect(code).toContain("import { expect, test } from 'toolscope/playwright'")
    expect(code).toContain('test.use({ toolscopeOptions: { paths: [\n  "./src/tools"\n] } })')
    expect(code).toContain("await toolscope.selectTool('book-flight')")
    expect(code).toContain('await toolscope.resume({')
    expect(code).toContain("await expect.poll(() => toolscope.status()).toBe('success')")
    expect(toPlaywrightTest(await load('delete-repository/declined.json'), { toolPaths: [] })).toContain(
      "await toolscope.decline('still in use')",
    )
  })

  it('type a streamed input text that is JSON into the editor, and refuse one that is not', async () => {
    const scenario = await load('book-flight/pick-seat.json')
    const { input, ...rest } = scenario
    const streamed: Scenario = { ...rest, inputText: JSON.stringify(input), stream: { chunkSize: 2 } }
    expect(toPlaywrightTest(streamed, { toolPaths: [] })).toContain(
      `await toolscope.setInput(${JSON.stringify(input, null, 2).replace(/\n/g, '\n  ')})`,
    )
    expect(() => toPlaywrightTest({ ...rest, inputText: '{"from":' }, { toolPaths: [] })).toThrow(/input is JSON/)
  })

  it('set the network as toolscope test runs the scenario: replay from its named cassette, or its mocks', async () => {
    const replayed = toPlaywrightTest(await load('exchange-rate/eur-to-usd.json'), { toolPaths: [] })
    expect(replayed).toContain('await toolscope.setNetwork({\n    "mode": "replay",\n    "cassette": "ecb-rates"\n  })')
    expect(replayed.indexOf('setNetwork')).toBeLessThan(replayed.indexOf('toolscope.run()'))
    const mocked = await load('exchange-rate/rate-limited.json')
    expect(toPlaywrightTest(mocked, { toolPaths: [] })).toContain(
      `await toolscope.setNetwork(${JSON.stringify({ mode: 'mock', mocks: mocked.mocks }, null, 2).replace(/\n/g, '\n  ')})`,
    )
    expect(toPlaywrightTest(await load('book-flight/pick-seat.json'), { toolPaths: [] })).not.toContain('setNetwork')
    const embedded: Scenario = {
      ...(await load('exchange-rate/eur-to-usd.json')),
      cassette: { version: 1, exchanges: [] },
    }
    expect(() => toPlaywrightTest(embedded, { toolPaths: [] })).toThrow(/cassette in a file/)
  })
})
