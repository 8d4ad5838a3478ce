// "Export as Vitest test" for every example tool (from its stored scenarios) and for every way a module can export a
// tool (default, named under a clashing name, record entry, array item; from finished runs): the server's exports are
// written into the project, type-checked and run, and must pass. The Mastra and AI SDK shapes are covered under Node 22
// by e2e/mastra-project/test/exports.test.ts.

import { readdirSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { exportTest, finishedRun, runExportedVitest, type RunCase } from './exportHarness.ts'
import { startTestServer, type TestServer } from './helpers.ts'

const ROOT = fileURLToPath(new URL('../../', import.meta.url))
const SCENARIOS = join(ROOT, 'server/examples/scenarios')
const SHAPES = join(ROOT, 'server/test/fixtures/shapes/shapes.ts')

let server: TestServer
beforeAll(async () => {
  // The server's cwd is the repository root, so exported imports read `./server/examples/…` from there.
  server = await startTestServer({ paths: [join(ROOT, 'server/examples'), SHAPES], scenariosDir: SCENARIOS })
})
afterAll(async () => server?.stop())

const SHAPE_CASES: RunCase[] = [
  { toolId: 'shape-default', input: { text: 'a' } },
  { toolId: 'shape-named', input: { text: 'b' } },
  { toolId: 'shape-record-entry', input: { text: 'c' } },
  { toolId: 'shape-record-approval', input: { text: 'd' }, answers: ['approve'] },
  { toolId: 'shape-array-item', input: { text: 'e' } },
]

describe('exported Vitest tests', () => {
  it('compile and pass for every example scenario and every export shape', async () => {
    const files = []
    for (const toolId of readdirSync(SCENARIOS)) {
      for (const file of readdirSync(join(SCENARIOS, toolId))) {
        files.push(
          await exportTest(server, { format: 'vitest', scenario: { toolId, name: file.replace(/\.json$/, '') } }),
        )
      }
    }
    for (const c of SHAPE_CASES)
      files.push(await exportTest(server, { format: 'vitest', runId: await finishedRun(server, c) }))
    const shapes = files.slice(-SHAPE_CASES.length).map((f) => f.code)
    expect(shapes[0]).toContain("import toolModule from './server/test/fixtures/shapes/shapes.ts'")
    expect(shapes[0]).toContain('runTool(toolModule, ')
    expect(shapes[1]).toContain("import { test as testExport } from './server/test/fixtures/shapes/shapes.ts'")
    expect(shapes[2]).toContain("const tool = shapeRecord['first entry']")
    expect(shapes[4]).toContain('const tool = shapeList[0]')

    const result = runExportedVitest(files, {
      projectDir: ROOT,
      compilerOptions: { module: 'ESNext', moduleResolution: 'Bundler', target: 'ES2022' },
    })
    expect(result.tsc.output).toBe('')
    expect(result.vitest.output).toMatch(new RegExp(`Tests\\s+${files.length} passed \\(${files.length}\\)`))
    expect(result.vitest.status).toBe(0)
  }, 180_000)
})
