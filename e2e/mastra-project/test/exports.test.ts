// "Export as Vitest test" for every tool of the sample Mastra project, each reached as the tool host found it: Mastra
// tools exported by name, a Mastra Agent's tools, a Mastra instance's agents' tools and its own tools (with the instance
// as context.mastra), AI SDK tool() objects as named exports, record entries and agents' copies, and a Toolscope tool
// registered on a Mastra instance. The exports of finished runs (scenarioFromRun + exportScenario, as POST /api/export) are written into the project, type-checked with its
// TypeScript and run with Vitest on Node 22; all must pass.

import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { exportScenario } from '../../../server/http/scenarioRoutes.ts'
import { bareHost, runExportedVitest, type RunCase } from '../../../server/test/exportHarness.ts'

const PROJECT = fileURLToPath(new URL('..', import.meta.url))

const PATHS = [`${PROJECT}src/mastra`, `${PROJECT}test/fixtures/toolscopeInMastra.ts`]
let runner: Awaited<ReturnType<typeof bareHost>>
beforeAll(async () => {
  // Exported imports are relative to the working folder (`./src/mastra/…`), which run-compat.mjs sets to the project.
  if (process.cwd() !== PROJECT.replace(/\/$/, ''))
    throw new Error(`run from ${PROJECT} (npm run test:compat does), not ${process.cwd()}`)
  runner = await bareHost(PATHS)
})
afterAll(async () => runner?.close())

const CONTEXT = { tenantId: 'acme', apiToken: 'tok-12345678' }
const CASES: RunCase[] = [
  { toolId: 'get-weather', input: { city: 'Taipei' } },
  { toolId: 'book-flight', input: { from: 'TPE', to: 'NRT' }, answers: [{ resume: { confirmed: true } }] },
  { toolId: 'convertCurrency', input: { amount: 100, from: 'EUR', to: 'USD' } },
  { toolId: 'lookup-customer', input: { email: 'ada@example.com' }, requestContext: CONTEXT },
  { toolId: 'issue-refund', input: { orderId: 'o-1', amount: 20 }, answers: ['approve'] },
  { toolId: 'escalate-ticket', input: { reason: 'angry' } },
  { toolId: 'sendEmail', input: { to: 'bob@elsewhere.org', subject: 'Hi' }, answers: ['approve'] },
  { toolId: 'transfer-funds', input: { from: 'a', to: 'b', amount: 500 }, answers: ['approve'] },
  { toolId: 'agent-directory', input: {} },
  { toolId: 'deleteFile', input: { path: 'a.txt' }, answers: ['approve'] },
  { toolId: 'rollDice', input: { dice: 3 } },
  { toolId: 'toolscope-tool-directory', input: {} },
]

describe('exported Vitest tests of the sample Mastra project', () => {
  it('cover every tool of the catalog', async () => {
    const catalog = runner.host.catalog
    expect(catalog.errors).toEqual([])
    expect(catalog.tools.map((t) => t.id).sort()).toEqual(CASES.map((c) => c.toolId).sort())
  })

  it('reach each tool the way the tool host did, compile and pass', async () => {
    const files = []
    // What POST /api/export answers for a finished run (the HTTP layer needs SQLite, not loadable under this Node 22).
    for (const c of CASES)
      files.push(exportScenario(await runner.scenarioOf(c), 'vitest', { host: runner.host, toolPaths: PATHS }))
    const code = Object.fromEntries(CASES.map((c, i) => [c.toolId, files[i].code]))
    expect(code['get-weather']).toContain('fromMastraTool((await travelAgent.listTools())')
    expect(code['agent-directory']).toContain(
      "const tool = fromMastraTool(mastraInstance.listTools()!['agentDirectoryTool'], { mastra: mastraInstance })",
    )
    expect(code.convertCurrency).toContain(
      "fromAiSdkTool((await travelAgent.listTools())['convertCurrency'], { id: 'convertCurrency', ai,",
    )
    expect(code.deleteFile).toContain("fromAiSdkTool(aiSdkTools['deleteFile']")
    expect(code['toolscope-tool-directory']).toContain(
      "const tool = mastraInstance.listTools()!['directory'] as unknown as Tool",
    )

    const result = runExportedVitest(files, {
      projectDir: PROJECT,
      node: process.execPath,
      compilerOptions: { target: 'ES2022', module: 'ES2022', moduleResolution: 'bundler', esModuleInterop: true },
      env: { API_TOKEN: CONTEXT.apiToken },
    })
    expect(result.tsc.output).toBe('')
    expect(result.vitest.output).toMatch(new RegExp(`Tests\\s+${files.length} passed \\(${files.length}\\)`))
    expect(result.vitest.status).toBe(0)
  }, 300_000)
})
