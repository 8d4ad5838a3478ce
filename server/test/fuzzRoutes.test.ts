// The fuzz routes over real HTTP: a fuzz of a tool with a planted bug (fixtures/tools/fuzzTarget.ts) runs in the
// background, is polled to its end, and reports the minimal failing input with its run in history; bad bodies,
// unknown tools and unknown jobs are refused; a third job at once is refused with 429 and a job can be cancelled.
// Every report has its schema coverage; a job with `coverage: true` also the tool file's source and line counts.
import { mkdir, readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ApiError, FuzzJob, FuzzStarted, RunDetail } from '../../src/shared/protocol.ts'
import { Status } from '../../src/runtime/index.ts'
import { startTestServer, tempDir, type TestServer } from './helpers.ts'

let server: TestServer
beforeAll(async () => {
  server = await startTestServer()
})
afterAll(() => server.stop())

const startFuzz = (toolId: string, body: unknown) =>
  server.api(`/api/tools/${encodeURIComponent(toolId)}/fuzz`, { method: 'POST', json: body })
const job = async (jobId: string) => FuzzJob.parse(await (await server.api(`/api/fuzz/${jobId}`)).json())

async function started(toolId: string, body: unknown): Promise<string> {
  const res = await startFuzz(toolId, body)
  expect(res.status, await res.clone().text()).toBe(202)
  return FuzzStarted.parse(await res.json()).jobId
}

/** Polls a job until it is no longer fuzzing. */
async function ended(jobId: string): Promise<FuzzJob> {
  await expect.poll(async () => (await job(jobId)).phase, { timeout: 90_000, interval: 200 }).not.toBe('fuzzing')
  return job(jobId)
}

describe('fuzz routes', () => {
  it("counts the tool's saved scenarios in its schema coverage", async () => {
    const dir = await tempDir('toolscope-fuzz-scenarios-')
    const own = await startTestServer({ scenariosDir: dir.dir })
    try {
      const fuzzOnce = async () => {
        const res = await own.api('/api/tools/fuzz-target/fuzz', { method: 'POST', json: { runs: 3, seed: 21 } })
        const { jobId } = FuzzStarted.parse(await res.json())
        await expect
          .poll(async () => FuzzJob.parse(await (await own.api(`/api/fuzz/${jobId}`)).json()).phase, {
            timeout: 60_000,
            interval: 100,
          })
          .not.toBe('fuzzing')
        const report = FuzzJob.parse(await (await own.api(`/api/fuzz/${jobId}`)).json()).report!
        return report.coverage!.schema.items.find((i) => i.kind === 'enum' && i.label.includes('write'))!.hit
      }
      const before = await fuzzOnce()
      await mkdir(join(dir.dir, 'fuzz-target'), { recursive: true })
      const scenario = {
        version: 1,
        name: 'by-hand',
        toolId: 'fuzz-target',
        input: { mode: 'write', note: 'hello' },
        decisions: [],
        expect: { status: Status.success },
      }
      await writeFile(join(dir.dir, 'fuzz-target', 'by-hand.json'), JSON.stringify(scenario))
      // The same seed, the same generated inputs: one more hit, the scenario's.
      expect(await fuzzOnce()).toBe(before + 1)
    } finally {
      await own.stop()
      await dir.cleanup()
    }
  }, 120_000)

  it('finds the planted bug, shrinks it to the minimal input and names its run in history', async () => {
    const jobId = await started('fuzz-target', { runs: 60, seed: 7 })
    const result = await ended(jobId)
    expect(result).toMatchObject({ id: jobId, toolId: 'fuzz-target', phase: 'done' })
    const report = result.report!
    expect(report.seed).toBe(7)
    expect(report.failure?.failures).toEqual([
      expect.objectContaining({ check: 'no-crash', message: expect.stringContaining('planted bug') }),
    ])
    expect(report.failure?.call).toMatchObject({ input: { mode: 'purge' }, valid: true })
    expect(Object.keys(report.failure!.call.input as object)).toEqual(['mode'])
    expect(result.done).toBe(report.executed)
    // The minimal failing call is a normal run in history.
    const run = RunDetail.parse(await (await server.api(`/api/runs/${report.failure!.runId}`)).json())
    expect(run).toMatchObject({ toolId: 'fuzz-target', status: Status.error, request: { input: { mode: 'purge' } } })
  }, 120_000)

  it('passes a tool without a bug, with the checks asked for', async () => {
    const result = await ended(await started('echo', { runs: 20, seed: 3, checks: ['no-crash', 'refuses-invalid'] }))
    expect(result.phase).toBe('done')
    expect(result.report).toMatchObject({ seed: 3, runs: 20, checks: ['no-crash', 'refuses-invalid'] })
    expect(result.report?.failure).toBeUndefined()
    // Some generated inputs were invalid on purpose, and each was refused.
    expect(result.report?.invalid).toBeGreaterThan(0)
  }, 120_000)

  it("reports schema coverage always, and with coverage: true the tool file's lines and source", async () => {
    const plain = (await ended(await started('fuzz-target', { runs: 30, seed: 7 }))).report!
    expect(plain.coverage?.files).toBeUndefined()
    const result = await ended(await started('fuzz-target', { runs: 30, seed: 7, coverage: true }))
    expect(result.phase).toBe('done')
    const coverage = result.report!.coverage!
    // Each enum value, the optional note present and absent, and its maxLength.
    expect(coverage.schema.items).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ path: 'mode', kind: 'enum', label: '"purge"', hit: expect.any(Number) }),
      ]),
    )
    expect(coverage.schema.items.find((i) => i.path === 'mode' && i.label === '"purge"')!.hit).toBeGreaterThan(0)
    expect(coverage.schema.total).toBe(coverage.schema.items.length)
    expect(coverage.schema).toEqual(plain.coverage!.schema)
    // Only the fuzzed tool's own file, read on the server: its text by line, and the planted bug's line counted.
    const file = fileURLToPath(new URL('./fixtures/tools/fuzzTarget.ts', import.meta.url))
    expect(coverage.files).toHaveLength(1)
    const [covered] = coverage.files!
    expect(covered!.file.endsWith('fuzzTarget.ts')).toBe(true)
    expect(covered!.source).toEqual((await readFile(file, 'utf8')).split('\n'))
    const bugLine = covered!.source.findIndex((l) => l.includes('throw new Error')) + 1
    expect(covered!.lines[bugLine]).toBeGreaterThan(0)
    // Comment lines are not executable: no count.
    expect(covered!.lines[1]).toBeUndefined()
  }, 120_000)

  it('refuses a bad body (400), an unknown tool (404) and an unknown job (404)', async () => {
    for (const body of [
      { runs: 0 },
      { runs: 5001 },
      { runs: 1.5 },
      { checks: ['no-such-check'] },
      { network: 'record' },
      { extra: true },
      { coverage: 'yes' },
    ]) {
      const res = await startFuzz('echo', body)
      expect(res.status, JSON.stringify(body)).toBe(400)
      expect(ApiError.parse(await res.json()).code).toBe('invalid-body')
    }
    const unknown = await startFuzz('no-such-tool', {})
    expect(unknown.status).toBe(404)
    expect(ApiError.parse(await unknown.json()).code).toBe('unknown-tool')
    expect((await server.api('/api/fuzz/no-such-job')).status).toBe(404)
    expect((await server.api('/api/fuzz/no-such-job/cancel', { method: 'POST' })).status).toBe(404)
  })

  it('fuzzes at most two jobs at once (429 for a third) and cancels a job', async () => {
    const long = { runs: 5000, checks: ['no-crash'] }
    const first = await started('echo', long)
    const second = await started('upper', long)
    const third = await startFuzz('lower', long)
    expect(third.status).toBe(429)
    expect(ApiError.parse(await third.json()).error).toMatch(/2 fuzz jobs are already running/)
    for (const jobId of [first, second]) {
      const res = await server.api(`/api/fuzz/${jobId}/cancel`, { method: 'POST' })
      expect(res.status).toBe(200)
      expect(FuzzJob.parse(await res.json()).phase).toBe('cancelled')
      expect((await job(jobId)).phase).toBe('cancelled')
    }
    // Cancelled jobs stop: their places free up and a new job starts.
    await expect
      .poll(async () => (await startFuzz('lower', { runs: 1 })).status, { timeout: 60_000, interval: 200 })
      .toBe(202)
  })
})
