// `toolscope lint` and GET /api/tools/:id/providers over the bundled examples: one line per tool with its findings,
// the closing `N passed, N failed`, exit 1 on an error (tag-resource is refused by OpenAI's strict mode), JUnit XML,
// provider choice, and the project's settings from package.json.

import { readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Catalog, ProviderReport, RunTokens } from '../../src/shared/protocol.ts'
import { lintCatalog } from '../../src/lint/index.ts'
import { cleanTool } from '../../src/lint/__fixtures__/tools.ts'
import { parseLintArgs, runLint, toolLines } from '../cli/lint.ts'
import { EXAMPLES_DIR, EXAMPLE_SCENARIOS_DIR } from '../context.ts'
import { projectLintConfig } from '../projectConfig.ts'
import { finished, startTestServer, tempDir, type TestServer } from './helpers.ts'
import { tempProject } from './tempProject.ts'

describe('toolscope lint', () => {
  it('prints a line per tool, its findings, and fails on the tool strict mode refuses', {
    timeout: 60_000,
  }, async () => {
    const t = await tempDir()
    try {
      const lines: string[] = []
      const junit = join(t.dir, 'lint.xml')
      const code = await runLint({ paths: [EXAMPLES_DIR], junit, help: false }, (l) => lines.push(l))
      expect(code).toBe(1)
      expect(lines.find((l) => l.startsWith('  ✗ tag-resource'))).toMatch(
        /^ {2}✗ tag-resource: 1 error, \d+ warnings; \d+ tokens \(o200k_base\)$/,
      )
      // The examples' scenario of search-orders records a model view over the default budget of 2,000 tokens.
      expect(lines.find((l) => l.includes('model-view-tokens'))).toMatch(
        /^ {6}warning model-view-tokens: The model view of scenario "all-open-orders" is \d,\d{3} tokens \(o200k_base\), over the budget of 2,000;/,
      )
      expect(lines.find((l) => l.includes('openai-strict/open-object'))).toMatch(
        /^ {6}error {3}openai-strict\/open-object: .*z\.record\(\).*\(\/schemas\/input\/properties\/labels\/additionalProperties\)$/,
      )
      expect(lines.filter((l) => /^ {2}[✓✗] /.test(l)).length).toBeGreaterThanOrEqual(20)
      expect(lines.at(-1)).toMatch(/^\d+ passed, 1 failed$/)
      const xml = await readFile(junit, 'utf8')
      expect(xml).toContain('<testcase classname="toolscope lint" name="tag-resource"')
      expect(xml).toMatch(/<failure message="1 error\(s\)">/)

      const anthropic: string[] = []
      expect(
        await runLint({ paths: [EXAMPLES_DIR], providers: ['anthropic'], help: false }, (l) => anthropic.push(l)),
      ).toBe(0)
      expect(anthropic.at(-1)).toMatch(/^\d+ passed, 0 failed$/)
      expect(anthropic.join('\n')).not.toContain('openai-strict/')
    } finally {
      await t.cleanup()
    }
  })

  it('checks model views against --max-model-view-tokens, from the scenarios folder given', {
    timeout: 60_000,
  }, async () => {
    const lines: string[] = []
    await runLint(
      { paths: [EXAMPLES_DIR], scenariosDir: EXAMPLE_SCENARIOS_DIR, maxModelViewTokens: 20, help: false },
      (l) => lines.push(l),
    )
    const modelViews = lines.filter((l) => l.includes('warning model-view-tokens'))
    expect(modelViews.length).toBeGreaterThan(5)
    const none: string[] = []
    await runLint({ paths: [EXAMPLES_DIR], scenariosDir: join(EXAMPLE_SCENARIOS_DIR, 'nowhere'), help: false }, (l) =>
      none.push(l),
    )
    expect(none.join('\n')).not.toContain('model-view-tokens')
  })

  it('lints a tool with a 1 MB description: the token count is sampled and the finding says so', {
    timeout: 60_000,
  }, async () => {
    const project = await tempProject([])
    try {
      const runtime = JSON.stringify(fileURLToPath(new URL('../../src/index.ts', import.meta.url)))
      await writeFile(
        join(project.tools, 'huge.ts'),
        `import { z } from 'zod'\nimport { createTool } from ${runtime}\n` +
          `export const huge = createTool({ id: 'huge', description: 'x'.repeat(1_000_000), inputSchema: z.object({}), outputSchema: z.object({}), execute: async () => ({}) })\n`,
      )
      const lines: string[] = []
      expect(
        await runLint({ paths: [project.tools], scenariosDir: join(project.dir, 'none'), help: false }, (l) =>
          lines.push(l),
        ),
      ).toBe(0)
      expect(lines[0]).toMatch(/^ {2}✓ huge: \d+ warnings; \d+ tokens \(estimate\)$/)
      expect(lines.find((l) => l.includes('definition-tokens'))).toMatch(
        /about \d+ tokens \(estimated from its first [\d,]+ of 1,000,\d{3} characters, the rest not analysed\)/,
      )
      expect(lines.some((l) => l.includes('openai/description-length'))).toBe(true)
    } finally {
      await project.cleanup()
    }
  })

  it('prints and counts once a finding that both OpenAI views make (their shared checks)', () => {
    const lint = lintCatalog([cleanTool({ id: 'search flights!' })])
    const [result] = lint.tools
    // Both views found it, and each keeps it...
    expect(result.providers.openai?.filter((f) => f.ruleId === 'openai/name-format')).toHaveLength(1)
    expect(result.providers['openai-strict']?.filter((f) => f.ruleId === 'openai/name-format')).toHaveLength(1)
    // ...but the tool's line, its findings and the totals have it once.
    const lines = toolLines(result)
    expect(lines.filter((l) => l.includes('openai/name-format'))).toHaveLength(1)
    expect(new Set(lines).size).toBe(lines.length)
    expect(lint.summary.rules['openai/name-format']).toEqual({ errors: 1, warnings: 0 })
    expect(result.errors).toBe(lines.filter((l) => l.startsWith('      error')).length)
  })

  it('flags and mistakes', () => {
    expect(
      parseLintArgs([
        'src/tools',
        '--provider',
        'openai-strict,gemini',
        '--max-definition-tokens',
        '500',
        '--max-model-view-tokens',
        '300',
        '--scenarios',
        's',
      ]),
    ).toMatchObject({
      paths: ['src/tools'],
      providers: ['openai-strict', 'gemini'],
      maxDefinitionTokens: 500,
      maxModelViewTokens: 300,
      scenariosDir: 's',
    })
    expect(() => parseLintArgs(['--provider', 'openai,claude'])).toThrow(
      '--provider takes openai, openai-strict, anthropic, gemini, mcp; got "claude"',
    )
    expect(() => parseLintArgs(['--output', 'x.xml'])).toThrow('--output needs --reporter junit')
  })

  it('reads the project settings from package.json "toolscope.lint", and says what is wrong with them', async () => {
    const t = await tempDir()
    try {
      await writeFile(
        join(t.dir, 'package.json'),
        JSON.stringify({
          toolscope: {
            lint: {
              rules: { 'missing-output-schema': 'off' },
              tools: { 'tag-resource': { rules: { 'openai-strict/open-object': 'warning' } } },
            },
          },
        }),
      )
      expect(await projectLintConfig(t.dir)).toMatchObject({ rules: { 'missing-output-schema': 'off' } })
      await writeFile(join(t.dir, 'package.json'), JSON.stringify({ toolscope: { lint: { rules: { x: 'loud' } } } }))
      await expect(projectLintConfig(t.dir)).rejects.toThrow('package.json "toolscope.lint" is not valid: rules.x')
      expect(await projectLintConfig(join(t.dir, 'nowhere'))).toEqual({})
    } finally {
      await t.cleanup()
    }
  })
})

describe('GET /api/tools/:id/providers and the catalog', () => {
  let server: TestServer
  beforeAll(async () => {
    server = await startTestServer({ paths: [EXAMPLES_DIR] })
  })
  afterAll(() => server.close())

  it('gives each provider its definition, findings and verdict', async () => {
    const res = await server.api('/api/tools/tag-resource/providers')
    expect(res.status).toBe(200)
    const report = ProviderReport.parse(await res.json())
    const byId = Object.fromEntries(report.providers.map((p) => [p.id, p]))
    expect(byId['openai-strict']).toMatchObject({
      verdict: 'refused',
      findings: expect.arrayContaining([
        expect.objectContaining({ ruleId: 'openai-strict/open-object', severity: 'error' }),
      ]),
    })
    expect(byId['openai-strict']!.definition).toMatchObject({
      type: 'function',
      function: { name: 'tag-resource', strict: true },
    })
    expect(byId.anthropic).toMatchObject({
      verdict: 'accepted',
      definition: { name: 'tag-resource', input_schema: { type: 'object' } },
    })
    expect((await server.api('/api/tools/nope/providers')).status).toBe(404)
  })

  it('counts each provider’s definition with its tokenizer, and the whole catalog’s', async () => {
    const report = ProviderReport.parse(await (await server.api('/api/tools/tag-resource/providers')).json())
    const byId = Object.fromEntries(report.providers.map((p) => [p.id, p]))
    expect(report.tokens).toMatchObject({ provider: 'openai', estimate: false, encoding: 'o200k_base' })
    expect(byId.openai!.tokens).toEqual(report.tokens)
    expect(byId.anthropic!.tokens).toMatchObject({ estimate: true, encoding: 'Claude 2 tokenizer' })
    expect(byId.gemini!.tokens).toMatchObject({
      estimate: true,
      encoding: 'chars/4',
      count: Math.ceil(JSON.stringify(byId.gemini!.definition).length / 4),
    })
    const catalog = Catalog.parse(await (await server.api('/api/tools')).json())
    expect(report.catalogTools).toBe(catalog.tools.length)
    expect(byId.openai!.catalogTokens.count).toBeGreaterThan(byId.openai!.tokens.count * 5)
  })

  it('counts a run’s views per provider and warns when its model view is over the budget', async () => {
    const tokensOf = async (toolId: string, input: unknown) => {
      const runId = await server.startRun({ toolId, input })
      finished(await server.events(runId))
      const res = await server.api(`/api/runs/${runId}/tokens`)
      expect(res.status).toBe(200)
      return RunTokens.parse(await res.json())
    }
    const big = await tokensOf('search-orders', { store: 'eu-1' })
    expect(big.counters.map((c) => c.provider)).toEqual(['openai', 'anthropic', 'gemini'])
    const output = big.phases.output!
    expect(output.model!.openai).toEqual({ count: expect.any(Number), estimate: false })
    expect(output.model!.openai.count).toBeGreaterThan(2000)
    // The model view is the raw output as JSON: both count the same.
    expect(output.raw.openai).toEqual(output.model!.openai)
    expect(output.findings).toEqual([
      expect.objectContaining({
        ruleId: 'model-view-tokens',
        message: expect.stringContaining("The model view of this run's output is"),
      }),
    ])

    const small = await tokensOf('summarize-order', { orderId: 'A-1' })
    expect(small.phases.output!.model!.openai.count).toBeLessThan(small.phases.output!.raw.openai.count)
    expect(small.phases.output!.findings).toEqual([])
    expect((await server.api('/api/runs/nope/tokens')).status).toBe(404)
  })

  it('the catalog names, per tool, the providers that refuse it', async () => {
    const catalog = Catalog.parse(await (await server.api('/api/tools')).json())
    expect(catalog.tools.find((t) => t.id === 'tag-resource')?.refusedBy).toEqual(['OpenAI (strict)'])
    expect(catalog.tools.find((t) => t.id === 'weather-tool')).not.toHaveProperty('refusedBy')
  })
})
