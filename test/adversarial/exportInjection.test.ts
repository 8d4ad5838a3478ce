// Export injection and secrets at rest in scenarios and exports: generated tests parse with TypeScript's parser
// whatever the strings hold, nothing hostile lands outside a string literal, and a planted secret never reaches a
// scenario file or an exported test (it becomes `{ "$env": "API_KEY" }`, resolved when the scenario is replayed).

import { readdir, readFile } from 'node:fs/promises'
import { join } from 'node:path'
import ts from 'typescript'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { finished, tempDir, type TestServer } from '../../server/test/helpers.ts'
import { ExportResponse, ReplayReport, type Scenario } from '../../src/shared/protocol.ts'
import { toPlaywrightTest, toVitestTest } from '../../src/testbench/exportTests.ts'
import { startAdversarialServer } from './helpers.ts'

const HOSTILE = [
  "'); PWNED(); ('",
  '"); PWNED(); ("',
  'line\rPWNED()',
  'line\nPWNED()',
  'sep\u2028PWNED()\u2029PWNED()',
  '`${PWNED()}`',
  "\\'); PWNED(); //",
  '*/ PWNED() /*',
  '</script><script>PWNED()</script>',
]

/** Syntax errors, the string literal values, and the code with every literal and comment blanked out. */
function inspect(code: string): { errors: string[]; literals: string[]; outside: string } {
  const { diagnostics = [] } = ts.transpileModule(code, {
    reportDiagnostics: true,
    compilerOptions: { target: ts.ScriptTarget.ES2022 },
  })
  const errors = diagnostics.map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'))
  const file = ts.createSourceFile('generated.ts', code, ts.ScriptTarget.Latest, true)
  const literals: string[] = []
  const blank: Array<[number, number]> = []
  const visit = (node: ts.Node): void => {
    for (const c of ts.getLeadingCommentRanges(code, node.pos) ?? []) blank.push([c.pos, c.end])
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) {
      literals.push(node.text)
      blank.push([node.getStart(file), node.end])
    } else if (ts.isTemplateHead(node) || ts.isTemplateMiddle(node) || ts.isTemplateTail(node))
      blank.push([node.getStart(file), node.end])
    ts.forEachChild(node, visit)
  }
  visit(file)
  const chars = code.split('')
  for (const [from, to] of blank) for (let i = from; i < to; i++) chars[i] = ' '
  return { errors, literals, outside: chars.join('') }
}

describe('exported tests with hostile strings', () => {
  for (const hostile of HOSTILE) {
    it(`stay valid and keep ${JSON.stringify(hostile)} inside string literals`, () => {
      const scenario: Scenario = {
        name: 'hostile',
        toolId: `tool ${hostile}`,
        input: { text: hostile, [hostile]: 1 },
        requestContext: { note: hostile },
        decisions: [
          { type: 'decline', reason: hostile },
          { type: 'resume', resumeData: { answer: hostile } },
        ],
        expect: { status: 'error', match: 'exact', error: hostile, raw: { message: hostile } },
      }
      for (const code of [
        toVitestTest(scenario, { from: `./${hostile}.ts`, access: 'tool' }),
        toPlaywrightTest(scenario, { toolPaths: [hostile] }),
      ]) {
        const { errors, literals, outside } = inspect(code)
        expect(errors).toEqual([])
        expect(outside).not.toContain('PWNED')
        expect(literals).toContain(hostile)
      }
    })
  }
})

describe('secrets in saved scenarios and exports', () => {
  const PLANTED = 'sk-planted-4f1c9e'
  let server: TestServer
  let scenarios: { dir: string; cleanup: () => Promise<void> }
  beforeAll(async () => {
    scenarios = await tempDir('toolscope-scenarios-')
    server = await startAdversarialServer({ scenariosDir: scenarios.dir })
  })
  afterAll(async () => {
    await server.stop()
    await scenarios.cleanup()
    delete process.env.API_KEY
  })

  it('never writes the planted secret; the scenario references API_KEY and replays with it from the environment', async () => {
    const runId = await server.startRun({
      toolId: 'echo',
      input: { text: 'hi' },
      requestContext: { apiKey: PLANTED, region: 'eu' },
    })
    expect(finished(await server.events(runId)).status).toBe('success')
    const saved = await server.api('/api/scenarios', { method: 'POST', json: { runId, name: 'with-secret' } })
    expect(saved.status).toBe(201)
    const files = (await readdir(scenarios.dir, { recursive: true })).filter((f) => f.endsWith('.json'))
    expect(files.length).toBe(1)
    const text = await readFile(join(scenarios.dir, files[0]), 'utf8')
    expect(text).not.toContain(PLANTED)
    expect(JSON.parse(text).requestContext).toEqual({ apiKey: { $env: 'API_KEY' }, region: 'eu' })
    for (const body of [
      { format: 'vitest', runId },
      { format: 'playwright', runId },
      { format: 'vitest', scenario: { toolId: 'echo', name: 'with-secret' } },
    ]) {
      const res = await server.api('/api/export', { method: 'POST', json: body })
      const { code } = ExportResponse.parse(await res.json())
      expect(code).not.toContain(PLANTED)
      expect(code).toContain("process.env['API_KEY']")
    }
    const replay = () =>
      server
        .api('/api/scenarios/echo/with-secret/replay', { method: 'POST' })
        .then(async (r) => ReplayReport.parse(await r.json()))
    delete process.env.API_KEY
    expect((await replay()).scriptError).toMatch(/API_KEY/)
    process.env.API_KEY = PLANTED
    expect((await replay()).passed).toBe(true)
  })
})
