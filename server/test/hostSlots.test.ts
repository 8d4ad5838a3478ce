// Execution slots: at most `maxWorkers` runs execute at once, further starts queue and begin when a slot frees, and a
// run waiting for a person holds no slot (so waiting runs never block starts, and a busy host never delays them).

import { afterEach, describe, expect, it, vi } from 'vitest'
import type { RunEvent } from '../../src/shared/protocol.ts'
import { ToolHost } from '../toolHost/host.ts'
import { FIXTURES } from './helpers.ts'

function newHost(maxWorkers: number): { host: ToolHost; events: Map<string, RunEvent[]> } {
  const events = new Map<string, RunEvent[]>()
  const host = new ToolHost({
    paths: [FIXTURES],
    watch: false,
    log: () => {},
    maxWorkers,
    sink: { onEvent: (runId, e) => void events.set(runId, [...(events.get(runId) ?? []), e]), onRunLost: () => {} },
  })
  return { host, events }
}

const last = (events: Map<string, RunEvent[]>, runId: string) => events.get(runId)?.at(-1)

let host: ToolHost | undefined
afterEach(() => host?.close())

describe('execution slots', () => {
  it('a start beyond maxWorkers waits for a slot and begins when the executing run ends', async () => {
    const made = newHost(1)
    host = made.host
    await host.ready
    await host.start('busy', { toolId: 'wait-abort', input: {} }, 20_000)
    await vi.waitFor(() => expect(made.events.get('busy')?.some((e) => e.type === 'input-available')).toBe(true), {
      timeout: 10_000,
    })
    let started = false
    const queued = host
      .start('queued', { toolId: 'echo', input: { text: 'after' } }, 5_000)
      .then(() => (started = true))
    await vi.waitFor(() => expect(host!.stats()).toMatchObject({ executing: 1, queued: 1 }), { timeout: 10_000 })
    expect(started).toBe(false)
    expect(made.events.has('queued')).toBe(false)
    expect(await host.control('busy', { type: 'abort', reason: 'free the slot' })).toBeUndefined()
    await queued
    await vi.waitFor(
      () => expect(last(made.events, 'queued')).toMatchObject({ type: 'run-finished', status: 'success' }),
      { timeout: 10_000 },
    )
    await vi.waitFor(() => expect(host!.stats()).toMatchObject({ executing: 0, queued: 0, waiting: 0 }), {
      timeout: 10_000,
    })
  })

  it('runs waiting for approval hold no slot: with one slot, runs start and finish beside two waiting runs', async () => {
    const made = newHost(1)
    host = made.host
    await host.ready
    for (const runId of ['w1', 'w2']) {
      await host.start(runId, { toolId: 'delete-file', input: { path: runId } }, 20_000)
      await vi.waitFor(() => expect(last(made.events, runId)?.type).toBe('approval-requested'), { timeout: 10_000 })
    }
    expect(host.stats()).toMatchObject({ executing: 0, waiting: 2, queued: 0 })
    await host.start('echo', { toolId: 'echo', input: { text: 'beside' } }, 5_000)
    await vi.waitFor(
      () => expect(last(made.events, 'echo')).toMatchObject({ type: 'run-finished', status: 'success' }),
      { timeout: 10_000 },
    )
    // An approved run executes again (it takes its slot back even past the cap) and finishes.
    expect(await host.control('w1', { type: 'approve' })).toBeUndefined()
    await vi.waitFor(() => expect(last(made.events, 'w1')).toMatchObject({ type: 'run-finished', status: 'success' }), {
      timeout: 10_000,
    })
    await vi.waitFor(() => expect(host!.stats()).toMatchObject({ executing: 0, waiting: 1 }), { timeout: 10_000 })
  })
})
