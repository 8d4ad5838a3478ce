// Background runs: flagged in run-started, per-attempt timeoutMs, maxRetries extra attempts, onComplete/onFailed.

import { describe, expect, it } from 'vitest'
import { createTool, runTool } from './index.ts'
import type { RunEvent, RunEventOf } from './index.ts'

const ofType = <T extends RunEvent['type']>(events: RunEvent[], type: T) =>
  events.filter((e) => e.type === type) as RunEventOf<T>[]

describe('background', () => {
  it('flags the run, retries a throwing execute and calls onComplete with the attempt count', async () => {
    const completed: unknown[] = []
    let calls = 0
    const tool = createTool({
      id: 'flaky',
      description: 'd',
      background: { enabled: true, maxRetries: 2, onComplete: (r) => void completed.push(r) },
      execute: async () => {
        if (++calls < 3) throw new Error(`fail ${calls}`)
        return 'third time'
      },
    })
    const result = await runTool(tool, { input: {}, toolCallId: 'b1' }).result
    expect(result.events[0]).toMatchObject({ type: 'run-started', background: true })
    expect(ofType(result.events, 'background-attempt').map((e) => [e.attempt, e.error])).toEqual([
      [1, 'fail 1'],
      [2, 'fail 2'],
      [3, undefined],
    ])
    expect(result.status).toBe('success')
    expect(completed).toEqual([{ toolCallId: 'b1', toolName: 'flaky', output: 'third time', attempts: 3 }])
  })

  it('gives up after maxRetries, calls onFailed and ends in error; timeoutMs applies per attempt', async () => {
    const failed: Array<{ attempts: number; error: unknown }> = []
    const signals: AbortSignal[] = []
    const tool = createTool({
      id: 'stuck',
      description: 'd',
      background: { enabled: true, timeoutMs: 15, maxRetries: 1, onFailed: (r) => void failed.push(r) },
      execute: (_i, ctx) => (signals.push(ctx.abortSignal!), new Promise(() => {})),
    })
    const result = await runTool(tool, { input: {} }).result
    expect(result.status).toBe('error')
    expect(result.error).toBe('Tool stuck timed out after 15 ms')
    expect(ofType(result.events, 'background-attempt')).toHaveLength(2)
    expect(signals.map((s) => s.aborted)).toEqual([true, true])
    expect(failed).toHaveLength(1)
    expect(failed[0].attempts).toBe(2)
  })

  it('options.background overrides the tool; a throwing callback is logged, not fatal', async () => {
    const tool = createTool({
      id: 'fg',
      description: 'd',
      background: {
        onComplete: () => {
          throw new Error('cb broke')
        },
      },
      execute: async () => 1,
    })
    expect((await runTool(tool, { input: {} }).result).events[0]).toMatchObject({ background: false })
    const result = await runTool(tool, { input: {}, background: true }).result
    expect(result.status).toBe('success')
    expect(ofType(result.events, 'log')[0].message).toBe('background callback threw: cb broke')
  })
})
