// The run export format: a file written by toRunExport parses with the protocol's RunExport, names are safe, and an
// imported file gets the id it is given, its request context redacted again and its origin.
import { describe, expect, it } from 'vitest'
import { RunExport, type RunEvent, type RunRecord } from '../../src/shared/protocol.ts'
import { exportFileName, importedRun, toRunExport } from '../history/runExport.ts'

const events: RunEvent[] = [
  {
    type: 'run-started',
    seq: 0,
    at: 0,
    toolId: 'echo',
    toolCallId: 'c1',
    caller: 'agent',
    background: false,
    stepping: false,
  },
  { type: 'run-finished', seq: 1, at: 2, status: 'success', durationMs: 2 },
]
const record: RunRecord & { status: 'success' } = {
  runId: 'aaaaaaaa-1111',
  toolId: 'echo',
  status: 'success',
  startedAt: '2026-12-01T12:00:00.000Z',
  request: { toolId: 'echo', input: { text: 'hi' }, requestContext: { user: 'ann', apiKey: '[REDACTED]' } },
  events,
}

describe('run export files', () => {
  it('are versioned documents the protocol reads back as they were written', () => {
    const file = toRunExport(record, undefined, new Date('2026-12-01T13:00:00.000Z'))
    expect(file).toMatchObject({ format: 'toolscope-run', version: 1, exportedAt: '2026-12-01T13:00:00.000Z' })
    expect(RunExport.parse(JSON.parse(JSON.stringify(file)))).toEqual(file)
    expect('cassette' in file).toBe(false)
  })

  it('refuse a newer version and an unfinished run by field path', () => {
    const file = toRunExport(record, undefined, new Date())
    const newer = RunExport.safeParse({ ...file, version: 2 })
    expect(newer.success ? [] : newer.error.issues.map((i) => i.path)).toEqual([['version']])
    const open = RunExport.safeParse({ ...file, run: { ...record, events: events.slice(0, 1) } })
    expect(open.success ? [] : open.error.issues.map((i) => i.path)).toEqual([['run', 'events']])
  })

  it('are named after the tool and the run, with nothing a file system refuses', () => {
    expect(exportFileName('echo', 'aaaaaaaa-1111')).toBe('echo.aaaaaaaa.toolscope-run.json')
    expect(exportFileName('Get a random image (50% off?)', 'bbbbbbbb-2')).toBe(
      'Get-a-random-image-50-off.bbbbbbbb.toolscope-run.json',
    )
    expect(exportFileName('///', 'cccccccc')).toBe('run.cccccccc.toolscope-run.json')
  })

  it('become a run under a new id, marked imported, secrets redacted again', () => {
    const file = toRunExport(
      { ...record, request: { ...record.request, requestContext: { user: 'ann', nested: { password: 'hunter2' } } } },
      undefined,
      new Date('2026-12-01T13:00:00.000Z'),
    )
    const { record: stored, origin } = importedRun(file, 'new-id')
    expect(stored.runId).toBe('new-id')
    expect(stored.request.requestContext).toEqual({ user: 'ann', nested: { password: '[REDACTED]' } })
    expect(stored.events).toEqual(events)
    expect(origin).toEqual({
      imported: true,
      importedFrom: { runId: 'aaaaaaaa-1111', exportedAt: '2026-12-01T13:00:00.000Z' },
    })
  })
})
