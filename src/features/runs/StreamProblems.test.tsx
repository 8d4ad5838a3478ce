// A run stream with a frame that fails the protocol, read through the real run query against a fake ApiClient:
// the run view names the event and field, keeps the valid events, and the offline banner stays down.
import { afterEach, describe, expect, it } from 'vitest'
import { cleanup, screen, waitFor } from '@testing-library/react'
import { useQuery } from '@tanstack/react-query'
import { useApi } from '../../api/useApi.ts'
import { runQuery } from '../../api/queries.ts'
import { OfflineBanner } from '../../components/app/OfflineBanner.tsx'
import { createFakeApi } from '../../test/fakeApi.ts'
import { renderWithApi } from '../../test/renderWithApi.tsx'
import { StreamProblems } from './StreamProblems.tsx'

function OpenRun() {
  const run = useQuery(runQuery(useApi(), 'r1'))
  return (
    <>
      <OfflineBanner />
      <StreamProblems problems={run.data?.problems ?? []} />
      <p aria-label="Status">{run.data?.state.status}</p>
    </>
  )
}

const frame = (seq: number, body: object) =>
  `event: ${(body as { type: string }).type}\nid: ${seq}\ndata: ${JSON.stringify({ seq, at: seq, ...body })}\n\n`

afterEach(cleanup)

describe('a run stream with a frame that fails the protocol', () => {
  it('is shown as an error naming the event and field, not as a lost connection', async () => {
    const api = createFakeApi()
    api.streams.push(
      ': ok\n\n' +
        frame(0, {
          type: 'run-started',
          toolId: 't',
          toolCallId: 'c',
          caller: 'direct',
          background: false,
          stepping: false,
        }) +
        frame(1, { type: 'output', output: 1, views: { raw: 1 } }) +
        frame(2, { type: 'run-finished', status: 'success', durationMs: 2 }),
    )
    renderWithApi(<OpenRun />, api)
    const alert = await screen.findByRole('alert', { name: 'Stream errors' })
    expect(alert.textContent).toContain('Event "output" (#1) does not match the protocol: views.display')
    await waitFor(() => expect(screen.getByLabelText('Status').textContent).toBe('success'))
    expect(screen.queryByText(/Connection to the Toolscope server lost/)).toBeNull()
    expect(api.streams).toHaveLength(0)
  })
})
