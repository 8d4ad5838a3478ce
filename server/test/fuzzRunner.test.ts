// fuzzOnHost: each generated call is a real run of the registry, answered on its own to its end — an approval is
// approved, a suspension resumed with data generated from the tool's resume schema — and the same seed gives the same
// runs. The checks of a tool are the defaults minus what package.json "toolscope.fuzz" turns off.

import { writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Status } from '../../src/runtime/index.ts'
import type { RunEvent } from '../../src/shared/protocol.ts'
import { DEFAULT_CHECKS } from '../../src/testbench/fuzz/checks.ts'
import { readProjectConfig } from '../projectConfig.ts'
import { fuzzJob, fuzzOnHost, projectChecks } from '../runs/fuzzRunner.ts'
import { createHeadlessRunner, type HeadlessRunner } from '../runs/replayHost.ts'
import { FIXTURES, tempDir } from './helpers.ts'

let runner: HeadlessRunner
beforeAll(async () => {
  runner = await createHeadlessRunner({ paths: [join(FIXTURES, 'interactive.ts')] })
})
afterAll(() => runner.close())

/** Every run of a tool in the runner's history, with its events. */
function runsOf(toolId: string): Array<{ status: string; events: RunEvent[]; valid: boolean }> {
  return runner.runs
    .list({ limit: 100 })
    .runs.filter((r) => r.toolId === toolId)
    .map((r) => {
      const record = runner.runs.get(r.runId)!
      return {
        status: record.status,
        events: record.events,
        valid: !record.events.some((e) => e.type === 'error' && e.message.startsWith('Tool input validation failed')),
      }
    })
}

describe('fuzzOnHost', () => {
  it('approves what asks for approval: every run ends, the valid ones in success', { timeout: 120_000 }, async () => {
    const report = await fuzzOnHost(runner.host, runner.runs, { toolId: 'delete-file', runs: 12, seed: 7 })
    expect(report.failure).toBeUndefined()
    expect(report.runs).toBe(12)
    const runs = runsOf('delete-file')
    expect(runs).toHaveLength(12)
    const valid = runs.filter((r) => r.valid)
    expect(valid.length).toBeGreaterThan(0)
    for (const run of valid) {
      expect(run.status).toBe(Status.success)
      expect(run.events.filter((e) => e.type === 'approval-resolved')).toEqual([
        expect.objectContaining({ approved: true }),
      ])
    }
    expect(runs.filter((r) => !r.valid).every((r) => r.status === Status.error)).toBe(true)
  })

  it('resumes what suspends with data generated from the resume schema, the same for the same seed', {
    timeout: 120_000,
  }, async () => {
    const resumes = async () => {
      const before = new Set(runner.runs.list({ limit: 100 }).runs.map((r) => r.runId))
      const report = await fuzzOnHost(runner.host, runner.runs, {
        toolId: 'book-seat',
        runs: 8,
        seed: 99,
        invalidShare: 0,
      })
      expect(report.failure).toBeUndefined()
      const fresh = runner.runs
        .list({ limit: 100 })
        .runs.filter((r) => !before.has(r.runId))
        .reverse()
      expect(fresh).toHaveLength(8)
      return fresh.map((r) => {
        const record = runner.runs.get(r.runId)!
        expect(record.status).toBe(Status.success)
        const resumed = record.events.find((e) => e.type === 'resumed')
        return resumed?.type === 'resumed' ? (resumed.resumeData as { seat: string }).seat : undefined
      })
    }
    const seats = await resumes()
    for (const seat of seats) expect(seat).toMatch(/^\d+[A-F]$/)
    expect(await resumes()).toEqual(seats)
  })

  it('reports progress and counts the invalid calls it made, all refused', { timeout: 120_000 }, async () => {
    const progress: number[] = []
    const { report, invalid } = await fuzzJob(
      runner.host,
      runner.runs,
      { toolId: 'delete-file', runs: 10, seed: 3, invalidShare: 0.5 },
      (done) => progress.push(done),
    )
    expect(report.failure).toBeUndefined()
    expect(progress).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10])
    expect(invalid).toBeGreaterThan(0)
  })

  it('refuses an unknown tool', async () => {
    await expect(fuzzOnHost(runner.host, runner.runs, { toolId: 'nope' })).rejects.toThrow('Unknown tool "nope".')
  })
})

describe('the checks of a tool', () => {
  it('are the defaults minus the skipChecks of package.json "toolscope.fuzz"', async () => {
    const { dir, cleanup } = await tempDir()
    try {
      await writeFile(
        join(dir, 'package.json'),
        JSON.stringify({ toolscope: { fuzz: { tools: { 'delete-file': { skipChecks: ['no-crash', 'no-hang'] } } } } }),
      )
      const { fuzz } = await readProjectConfig(dir)
      expect(projectChecks('delete-file', fuzz)).toEqual(
        DEFAULT_CHECKS.filter((c) => c !== 'no-crash' && c !== 'no-hang'),
      )
      expect(projectChecks('book-seat', fuzz)).toEqual([...DEFAULT_CHECKS])
      await writeFile(
        join(dir, 'package.json'),
        JSON.stringify({ toolscope: { fuzz: { tools: { x: { skipChecks: ['no-such-check'] } } } } }),
      )
      await expect(readProjectConfig(dir)).rejects.toThrow(
        'package.json "toolscope.fuzz" is not valid: tools.x.skipChecks.0',
      )
    } finally {
      await cleanup()
    }
  })
})
