// `toolscope build`: the site it writes for the examples (the SPA marked for recorded mode, the manifest, tool details
// with file names only, provider reports, one file per run) with secrets redacted even where an input streamed them in
// pieces; runs taken from the history with --runs; and its mistakes (no --out, an unknown run, an unbuilt SPA).
import { mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { DemoManifest, DemoRun } from '../../src/shared/protocol.ts'
import { parseBuildArgs, runBuild } from '../cli/build.ts'
import { EXAMPLES_DIR } from '../context.ts'
import { finished, startTestServer, tempDir } from './helpers.ts'

/** A stand-in for the built SPA: the build copies it and marks its index.html. */
function fakeApp(dir: string): string {
  const app = join(dir, 'app')
  mkdirSync(join(app, 'assets'), { recursive: true })
  writeFileSync(join(app, 'index.html'), '<html><head><title>Toolscope</title></head><body></body></html>')
  writeFileSync(join(app, 'assets', 'index.js'), 'console.log(1)')
  return app
}

describe('toolscope build', () => {
  it('writes the examples’ scenario runs as a static site without their secrets', { timeout: 120_000 }, async () => {
    const t = await tempDir()
    try {
      const out = join(t.dir, 'site')
      const lines: string[] = []
      const code = await runBuild(parseBuildArgs(['--out', out]), (l) => lines.push(l), fakeApp(t.dir))
      expect(code).toBe(0)
      expect(readFileSync(join(out, 'index.html'), 'utf8')).toContain(
        '<meta name="toolscope-demo" content="demo/manifest.json" />',
      )
      expect(readFileSync(join(out, 'assets', 'index.js'), 'utf8')).toBe('console.log(1)')
      const manifest = DemoManifest.parse(JSON.parse(readFileSync(join(out, 'demo', 'manifest.json'), 'utf8')))
      expect(manifest.runs.length).toBeGreaterThanOrEqual(29)
      expect(
        manifest.runs.find((r) => r.toolId === 'tail-logs' && r.source === 'scenario "eight-lines"'),
      ).toMatchObject({ status: 'aborted' })
      for (const tool of manifest.catalog.tools) expect(tool.file).not.toContain('/')
      const detail = JSON.parse(readFileSync(join(out, 'demo', manifest.tools['search-orders'].detail), 'utf8')) as {
        id: string
        file: string
      }
      expect(detail).toMatchObject({ id: 'search-orders', file: 'providers.ts' })
      expect(readdirSync(join(out, 'demo', 'providers')).length).toBe(manifest.catalog.tools.length)

      // customer-lookup streams its input, apiKey included, in pieces; tenant-report gets a key in its request context.
      const lookup = DemoRun.parse(
        JSON.parse(
          readFileSync(join(out, 'demo', manifest.runs.find((r) => r.toolId === 'customer-lookup')!.file), 'utf8'),
        ),
      )
      const streamed = lookup.events.flatMap((e) => (e.type === 'input-delta' ? [e.inputTextDelta] : [])).join('')
      expect(streamed).toBe('{"email":"ada@example.com","apiKey":"*************"}')
      expect(lookup.detail.request.input).toEqual({ email: 'ada@example.com', apiKey: '[REDACTED]' })
      const all = readdirSync(join(out, 'demo', 'runs'))
        .map((f) => readFileSync(join(out, 'demo', 'runs', f), 'utf8'))
        .join('\n')
      expect(all).not.toContain('sk-secret-123')
      expect(all).not.toContain('k-12345678')
      expect(lines.at(-2)).toMatch(/^Left out: tool code .*\. 2 secret value\(s\) redacted\.$/)
      expect(JSON.parse(readFileSync(join(out, 'demo', 'report.json'), 'utf8'))).toMatchObject({
        secretsScrubbed: 2,
        tools: expect.arrayContaining(['tail-logs']),
      })
      // No absolute local path anywhere in the site (report, manifest, error stacks of the runs), and the printed
      // report path is the README's.
      for (const file of readdirSync(out, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.json'))) {
        const text = readFileSync(join(out, file), 'utf8')
        expect(text, file).not.toContain(out)
        expect(text, file).not.toContain(process.cwd())
      }
      expect(lines.at(-1)).toMatch(/the report is demo\/report\.json \(.*site\/demo\/report\.json\)\.$/)
    } finally {
      await t.cleanup()
    }
  })

  it('takes runs from the history with --runs, and fails on one it does not have', { timeout: 120_000 }, async () => {
    const t = await tempDir()
    try {
      const dataDir = join(t.dir, 'history')
      const server = await startTestServer({ dataDir, paths: [EXAMPLES_DIR] })
      const runId = await server.startRun({ toolId: 'weather-tool', input: { location: 'Lisbon' } })
      finished(await server.events(runId))
      await server.close()

      const out = join(t.dir, 'site')
      const lines: string[] = []
      expect(
        await runBuild(
          parseBuildArgs(['--out', out, '--runs', runId, '--data-dir', dataDir]),
          (l) => lines.push(l),
          fakeApp(t.dir),
        ),
      ).toBe(0)
      const manifest = DemoManifest.parse(JSON.parse(readFileSync(join(out, 'demo', 'manifest.json'), 'utf8')))
      expect(manifest.runs).toEqual([
        expect.objectContaining({ runId, toolId: 'weather-tool', source: 'history', status: 'success' }),
      ])

      expect(
        await runBuild(
          parseBuildArgs(['--out', out, '--runs', 'nope', '--data-dir', dataDir]),
          (l) => lines.push(l),
          fakeApp(t.dir),
        ),
      ).toBe(1)
      expect(lines).toContain('  ✗ run nope: not in the history')
    } finally {
      await t.cleanup()
    }
  })

  it('marks a scenario that does not match with ✗ and why, in what it prints and in the report', {
    timeout: 120_000,
  }, async () => {
    const t = await tempDir()
    try {
      const scenarios = join(t.dir, 'scenarios')
      const taipei = JSON.parse(
        readFileSync(join(EXAMPLES_DIR, 'scenarios', 'weather-tool', 'taipei.json'), 'utf8'),
      ) as { expect: { raw: { conditions: string } } }
      taipei.expect.raw.conditions = 'sunny'
      mkdirSync(join(scenarios, 'weather-tool'), { recursive: true })
      writeFileSync(join(scenarios, 'weather-tool', 'taipei.json'), JSON.stringify(taipei))
      const out = join(t.dir, 'site')
      const lines: string[] = []
      const code = await runBuild(
        parseBuildArgs([EXAMPLES_DIR, '--out', out, '--scenario-dir', scenarios]),
        (l) => lines.push(l),
        fakeApp(t.dir),
      )
      expect(code).toBe(1)
      const line = lines.find((l) => l.includes('scenario "taipei"'))
      expect(line).toMatch(
        /^ {2}✗ weather-tool: scenario "taipei", success, \d+ events — did not match its scenario:\n.*conditions/s,
      )
      expect(lines.some((l) => l.startsWith('  ✓'))).toBe(false)
      const report = JSON.parse(readFileSync(join(out, 'demo', 'report.json'), 'utf8')) as {
        runs: Array<{ passed?: boolean; why?: string }>
      }
      expect(report.runs).toEqual([
        expect.objectContaining({ passed: false, why: expect.stringContaining('conditions') }),
      ])
    } finally {
      await t.cleanup()
    }
  })

  it('says what is missing', async () => {
    expect(() => parseBuildArgs([])).toThrow('--out <dir> is required')
    expect(parseBuildArgs(['--out', 'd', '--runs', 'a,b'])).toMatchObject({
      out: 'd',
      runs: ['a', 'b'],
      scenarios: false,
    })
    expect(parseBuildArgs(['--out', 'd'])).toMatchObject({ scenarios: true })
    const t = await tempDir()
    try {
      await expect(
        runBuild(parseBuildArgs(['--out', join(t.dir, 'site')]), () => {}, join(t.dir, 'no-app')),
      ).rejects.toThrow('The playground is not built')
      // A folder that is neither empty nor an earlier site is never emptied (a careless `--out .`).
      const project = join(t.dir, 'project')
      mkdirSync(project)
      writeFileSync(join(project, 'tools.ts'), 'export {}')
      await expect(runBuild(parseBuildArgs(['--out', project]), () => {}, fakeApp(t.dir))).rejects.toThrow(
        'is not empty and holds no earlier demo site',
      )
      expect(readFileSync(join(project, 'tools.ts'), 'utf8')).toBe('export {}')
      // A file is refused by name, and survives too.
      const file = join(project, 'tools.ts')
      await expect(runBuild(parseBuildArgs(['--out', file]), () => {}, fakeApp(t.dir))).rejects.toThrow(
        `${file} is a file, not a folder`,
      )
      expect(readFileSync(file, 'utf8')).toBe('export {}')
    } finally {
      await t.cleanup()
    }
  })
})
