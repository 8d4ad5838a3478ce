// The Network region against a fake ApiClient: URLs and headers wrap at boundaries (never mid-word), and "Save as
// cassette" knows a run already saved, by this panel or by recording under a name.
import { afterEach, describe, expect, it } from 'vitest'
import { useState } from 'react'
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react'
import type { RunDetail, RunEvent } from '../../shared/protocol.ts'
import { initialRunState, type RunState } from '../../shared/runState.ts'
import { createFakeApi, type FakeApi } from '../../test/fakeApi.ts'
import { renderWithApi } from '../../test/renderWithApi.tsx'
import NetworkPanel from './NetworkPanel.tsx'

const url = 'https://api.frankfurter.app/latest?amount=100&from=EUR&to=USD'
const events: RunEvent[] = [
  { at: 1, seq: 0, type: 'http-request', requestId: 'q1', method: 'GET', url, headers: { accept: 'application/json' } },
  {
    at: 2,
    seq: 1,
    type: 'http-response',
    requestId: 'q1',
    statusCode: 200,
    headers: { 'content-type': 'application/json' },
    body: { text: '{"rates":{"USD":108.1}}', bytes: 23 },
    durationMs: 5,
  },
]
const state = { ...initialRunState, events, finished: true } as RunState

function apiFor(request: Record<string, unknown>): FakeApi {
  const api = createFakeApi()
  api.run = async (runId) =>
    ({ runId, toolId: 'exchange-rate', request: { toolId: 'exchange-rate', ...request } }) as unknown as RunDetail
  api.saveCassette = async (_runId, body) => ({ file: `cassettes/exchange-rate/${body.name}.json`, exchanges: 1 })
  return api
}

/** The panel, mounted afresh on "Show again" (as when the user opens another run, then this one). */
function Remountable() {
  const [mount, setMount] = useState(0)
  return (
    <>
      <button type="button" onClick={() => setMount((n) => n + 1)}>
        Show again
      </button>
      <NetworkPanel key={mount} runId="r1" toolId="exchange-rate" state={state} recorded onUseAsMocks={() => {}} />
    </>
  )
}

afterEach(cleanup)

describe('NetworkPanel', () => {
  it('wraps URLs and header values at boundaries, not mid-word', () => {
    renderWithApi(
      <NetworkPanel
        runId="r1"
        toolId="exchange-rate"
        state={state}
        recorded={false}
        focus={{ requestId: 'q1' }}
        onUseAsMocks={() => {}}
      />,
    )
    const detail = screen.getByRole('region', { name: 'Exchange detail' })
    expect(detail.innerHTML).not.toContain('break-all')
    expect(screen.getByText(`GET ${url}`).className).toContain('wrap-anywhere')
  })

  it('says a saved cassette was saved, under its name, and offers no second save', async () => {
    const api = apiFor({ network: 'record' })
    renderWithApi(<Remountable />, api)
    fireEvent.change(await screen.findByLabelText('Cassette name'), { target: { value: 'eur-usd' } })
    fireEvent.click(screen.getByRole('button', { name: 'Save' }))
    const saved = await screen.findByRole('status', { name: 'Cassette saved' })
    expect(saved.textContent).toContain('Saved as cassette eur-usd')
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull()
    // Still known after the panel is shown again (another run, then back).
    fireEvent.click(screen.getByRole('button', { name: 'Show again' }))
    await waitFor(() => expect(screen.getByRole('status', { name: 'Cassette saved' }).textContent).toContain('eur-usd'))
    expect(screen.queryByLabelText('Cassette name')).toBeNull()
  })

  it('knows a run recorded under a name was saved already', async () => {
    renderWithApi(
      <NetworkPanel runId="r2" toolId="exchange-rate" state={state} recorded onUseAsMocks={() => {}} />,
      apiFor({ network: 'record', cassette: 'first' }),
    )
    const saved = await screen.findByRole('status', { name: 'Cassette saved' })
    expect(saved.textContent).toContain('Saved as cassette first when the run was recorded')
    expect(screen.queryByLabelText('Cassette name')).toBeNull()
  })
})
