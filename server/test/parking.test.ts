// Runs waiting for a person hold no worker: a run waiting for approval or resume data leaves its worker as a
// checkpoint, and the answer continues it on any worker, with one unbroken event log.

import { readFile, writeFile } from 'node:fs/promises'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { RunEvent } from '../../src/shared/protocol.ts'
import { ToolHost } from '../toolHost/host.ts'
import { FIXTURES } from './helpers.ts'
import { tempProject } from './tempProject.ts'

function newHost(paths = [FIXTURES]) {
  const events = new Map<string, RunEvent[]>()
  const lost = new Map<string, string>()
  const host = new ToolHost({
    paths,
    watch: false,
    log: () => {},
    spareWorkers: 1,
    sink: {
      onEvent: (runId, e) => void events.set(runId, [...(events.get(runId) ?? []), e]),
      onRunLost: (runId, message) => void lost.set(runId, message),
    },
  })
  const last = (runId: string) => events.get(runId)?.at(-1)
  return { host, events, lost, last }
}

let host: ToolHost | undefined
afterEach(() => host?.close())

describe('parked runs', () => {
  it('twelve runs waiting for approval hold no worker; approved, each finishes with one unbroken log', async () => {
    const made = newHost()
    host = made.host
    await host.ready
    const ids = Array.from({ length: 12 }, (_, i) => `approve-${i}`)
    for (const id of ids) await host.start(id, { toolId: 'delete-file', input: { path: `/tmp/${id}` } }, 5_000)
    await vi.waitFor(() => expect(host!.stats()).toMatchObject({ parked: 12, busy: 0 }), { timeout: 20_000 })
    // Workers were reused as the runs parked (a few more load while starts overlap): none pins one while it waits.
    expect(host.stats().live).toBeLessThan(ids.length / 2)
    expect(host.stats().waiting).toBe(12)
    for (const id of ids) expect(await host.control(id, { type: 'approve' })).toBeUndefined()
    await vi.waitFor(() => expect(ids.map((id) => made.last(id)?.type)).toEqual(ids.map(() => 'run-finished')), {
      timeout: 20_000,
    })
    for (const id of ids) {
      const events = made.events.get(id)!
      expect(events.map((e) => e.seq)).toEqual(events.map((_, i) => i))
      expect(events.map((e) => e.type)).toEqual(
        expect.arrayContaining(['approval-requested', 'approval-resolved', 'output', 'run-finished']),
      )
      expect(events.find((e) => e.type === 'output')).toMatchObject({ output: { deleted: `/tmp/${id}` } })
      expect(made.last(id)).toMatchObject({ status: 'success' })
    }
    expect(host.stats()).toMatchObject({ parked: 0, waiting: 0 })
    expect(host.stats().created).toBeLessThan(ids.length / 2)
  })

  it('refused resume data leaves the run parked; valid data finishes it; a decline and an abort need no tool code', async () => {
    const made = newHost()
    host = made.host
    await host.ready
    await host.start('seat', { toolId: 'book-seat', input: { flight: 'BR198' } }, 5_000)
    await host.start('declined', { toolId: 'delete-file', input: { path: '/etc' } }, 5_000)
    await host.start('aborted', { toolId: 'delete-file', input: { path: '/var' } }, 5_000)
    await vi.waitFor(() => expect(host!.stats().parked).toBe(3), { timeout: 20_000 })

    const refused = await host.control('seat', { type: 'resume', resumeData: { seat: 'window' } })
    expect(refused).toMatchObject({ code: 'invalid-resume-data', state: 'suspended' })
    await vi.waitFor(() => expect(host!.stats()).toMatchObject({ parked: 3, busy: 0 }), { timeout: 20_000 })
    expect(await host.control('seat', { type: 'approve' })).toMatchObject({ code: 'invalid-state' })
    expect(await host.control('seat', { type: 'resume', resumeData: { seat: '2C' } })).toBeUndefined()
    await vi.waitFor(() => expect(made.last('seat')).toMatchObject({ type: 'run-finished', status: 'success' }), {
      timeout: 20_000,
    })
    expect(made.events.get('seat')!.find((e) => e.type === 'output')).toMatchObject({
      output: { flight: 'BR198', seat: '2C' },
    })

    expect(await host.control('declined', { type: 'decline', reason: 'no' })).toBeUndefined()
    await vi.waitFor(() => expect(made.last('declined')).toMatchObject({ type: 'run-finished', status: 'declined' }), {
      timeout: 20_000,
    })

    expect(await host.control('aborted', { type: 'abort', reason: 'changed my mind' })).toBeUndefined()
    expect(made.lost.get('aborted')).toBe('changed my mind')
    expect(host.stats()).toMatchObject({ parked: 0, waiting: 0 })
    // A second answer finds nothing to continue.
    expect(await host.control('aborted', { type: 'approve' })).toMatchObject({ code: 'unknown-run' })
  })

  it('a parked input keeps its Dates: execute gets a Date after the hop', async () => {
    const made = newHost()
    host = made.host
    await host.ready
    await host.start('meeting', { toolId: 'schedule-meeting', input: { at: '2026-12-24T10:00:00.000Z' } }, 5_000)
    await vi.waitFor(() => expect(host!.stats().parked).toBe(1), { timeout: 20_000 })
    expect(await host.control('meeting', { type: 'approve' })).toBeUndefined()
    await vi.waitFor(() => expect(made.last('meeting')).toMatchObject({ type: 'run-finished', status: 'success' }), {
      timeout: 20_000,
    })
    expect(made.events.get('meeting')!.find((e) => e.type === 'output')).toMatchObject({
      output: { isDate: true, iso: '2026-12-24T10:00:00.000Z' },
    })
  })

  it('two answers at once: the first continues the run, the second is refused by the run itself', async () => {
    const made = newHost()
    host = made.host
    await host.ready
    await host.start('twice', { toolId: 'delete-file', input: { path: '/tmp/x' } }, 5_000)
    await vi.waitFor(() => expect(host!.stats().parked).toBe(1), { timeout: 20_000 })
    const [first, second] = await Promise.all([
      host.control('twice', { type: 'approve' }),
      host.control('twice', { type: 'approve' }),
    ])
    expect(first).toBeUndefined()
    expect(second).toMatchObject({ code: expect.stringMatching(/^(invalid-state|unknown-run)$/) })
    await vi.waitFor(() => expect(made.last('twice')).toMatchObject({ type: 'run-finished', status: 'success' }), {
      timeout: 20_000,
    })
    expect(made.events.get('twice')!.filter((e) => e.type === 'approval-resolved')).toHaveLength(1)
  })

  it('an answer after a hot reload runs the current code; a tool removed meanwhile ends the run saying so', async () => {
    const project = await tempProject(['interactive.ts'])
    try {
      const made = newHost([project.tools])
      host = made.host
      await host.ready
      await host.start('edited', { toolId: 'delete-file', input: { path: '/a' } }, 5_000)
      await host.start('removed', { toolId: 'book-seat', input: { flight: 'CI100' } }, 5_000)
      await vi.waitFor(() => expect(host!.stats().parked).toBe(2), { timeout: 20_000 })
      const source = await readFile(project.tool('interactive.ts'), 'utf8')
      const edited = source
        .replace('({ deleted: path })', "({ deleted: path + ' (edited)' })")
        .replace("id: 'book-seat'", "id: 'book-seat-2'")
      await writeFile(project.tool('interactive.ts'), edited)
      await host.reload()
      expect(await host.control('edited', { type: 'approve' })).toBeUndefined()
      await vi.waitFor(() => expect(made.last('edited')).toMatchObject({ type: 'run-finished', status: 'success' }), {
        timeout: 20_000,
      })
      expect(made.events.get('edited')!.find((e) => e.type === 'output')).toMatchObject({
        output: { deleted: '/a (edited)' },
      })
      expect(await host.control('removed', { type: 'resume', resumeData: { seat: '1A' } })).toMatchObject({
        code: 'unknown-tool',
      })
      expect(made.lost.get('removed')).toMatch(/"book-seat" is not in the catalog any more/)
    } finally {
      await host?.close()
      await project.cleanup()
    }
  })
})
