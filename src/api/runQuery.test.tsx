// The run query against a fake ApiClient: leaving a run that waits for a person stops its stream; opening it again
// (from History, after another run) follows it from the last event held, so the page shows how it goes on.
import { afterEach, describe, expect, it } from 'vitest'
import { useState } from 'react'
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react'
import { useQuery } from '@tanstack/react-query'
import { useApi } from './useApi.ts'
import { runQuery } from './queries.ts'
import { createFakeApi } from '../test/fakeApi.ts'
import { renderWithApi } from '../test/renderWithApi.tsx'

function OpenRun({ runId }: { runId: string }) {
  const run = useQuery(runQuery(useApi(), runId))
  return <p aria-label="Status">{run.data?.state.status ?? 'none'}</p>
}

/** The run view with a way to open another run, as the URL (?run=…) does. */
function Page() {
  const [runId, setRunId] = useState('r1')
  return (
    <>
      <button onClick={() => setRunId('r1')}>r1</button>
      <button onClick={() => setRunId('r2')}>r2</button>
      <OpenRun key={runId} runId={runId} />
    </>
  )
}
const open = (runId: string) => fireEvent.click(screen.getByRole('button', { name: runId }))

const frame = (seq: number, body: object) =>
  `event: ${(body as { type: string }).type}\nid: ${seq}\ndata: ${JSON.stringify({ seq, at: seq, ...body })}\n\n`
const views = { raw: { path: '/a' }, display: { value: { path: '/a' } }, transcript: { value: { path: '/a' } } }
const waiting =
  frame(0, {
    type: 'run-started',
    toolId: 't',
    toolCallId: 'c',
    caller: 'direct',
    background: false,
    stepping: false,
  }) + frame(1, { type: 'approval-requested', input: { path: '/a' }, views })
const finished =
  frame(2, { type: 'approval-resolved', approved: true }) +
  frame(3, { type: 'output', output: 1, views: { raw: 1, display: { value: 1 }, transcript: { value: 1 } } }) +
  frame(4, { type: 'run-finished', status: 'success', durationMs: 4 })

afterEach(cleanup)

describe('runQuery', () => {
  it('follows a waiting run again, from its last event, when it is opened again after its stream stopped', async () => {
    const api = createFakeApi()
    api.holdStreamsOpen = true
    api.streams.push(waiting)
    const view = renderWithApi(<Page />, api)
    await waitFor(() => expect(screen.getByLabelText('Status').textContent).toBe('awaiting-approval'))

    // Another run is opened: r1 has no observer any more and its stream is cancelled.
    open('r2')
    await waitFor(() => expect(view.client.getQueryState(['run', 'r1'])?.fetchStatus).toBe('idle'))

    // r1 is opened again (History): it must pick up where it stopped and reach its end.
    api.streams.push(finished)
    open('r1')
    await waitFor(() => expect(screen.getByLabelText('Status').textContent).toBe('success'))
    const r1 = api.opened.filter((o) => o.path === '/api/runs/r1/events')
    expect(r1.map((o) => o.lastEventId)).toEqual([undefined, '1'])
  })

  it('never fetches a finished run again when it is opened again', async () => {
    const api = createFakeApi()
    api.streams.push(waiting + finished)
    renderWithApi(<Page />, api)
    await waitFor(() => expect(screen.getByLabelText('Status').textContent).toBe('success'))
    open('r2')
    open('r1')
    expect(screen.getByLabelText('Status').textContent).toBe('success')
    expect(api.opened.filter((o) => o.path === '/api/runs/r1/events')).toHaveLength(1)
  })
})
