// History against a fake ApiClient: the columns of each run, the tool and status filters sent as the API's query
// (?tool=&status=), paging forward with nextCursor and back, and opening a run through the URL.
import { afterEach, describe, expect, it } from 'vitest'
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import type { RunListQuery } from '../../api/client.ts'
import type { RunSummary, ToolSummary } from '../../shared/protocol.ts'
import { createFakeApi } from '../../test/fakeApi.ts'
import { renderWithApi } from '../../test/renderWithApi.tsx'
import { HistoryTab } from './HistoryTab.tsx'

afterEach(cleanup)

const run = (n: number, over: Partial<RunSummary> = {}): RunSummary => ({
  runId: `run-${String(n).padStart(4, '0')}-aaaa`,
  toolId: 'weather',
  status: 'success',
  caller: 'agent',
  inputSummary: `{"city":"c${n}"}`,
  startedAt: new Date(Date.UTC(2026, 0, 1, 12, 0, n)).toISOString(),
  durationMs: 12.5,
  eventCount: 5,
  ...over,
})
const tool = (id: string) =>
  ({ id, description: id, kind: 'toolscope', file: 'x.ts', flags: {} }) as unknown as ToolSummary

function setup(listRuns: (q: RunListQuery) => { runs: RunSummary[]; nextCursor?: string }) {
  const api = createFakeApi()
  api.catalogTools = [tool('weather'), tool('delete-file')]
  api.listRuns = listRuns
  const opened: unknown[] = []
  renderWithApi(<HistoryTab toolId="weather" onOpen={(s) => opened.push(s)} pageSize={2} />, api)
  return { api, opened }
}

describe('HistoryTab', () => {
  it('shows tool, status, caller, input summary, duration and start time of each run, and opens one by URL', async () => {
    const { api, opened } = setup(() => ({
      runs: [
        run(1, { status: 'awaiting-approval', durationMs: undefined, caller: 'mcp' }),
        run(2, { durationMs: 2500 }),
      ],
    }))
    const table = await screen.findByRole('table')
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Tool', 'Status', 'Caller', 'Input', 'Duration', 'Started', 'Run'])
    const [first, second] = within(table).getAllByRole('row').slice(1)
    const cells = within(first)
      .getAllByRole('cell')
      .map((c) => c.textContent)
    expect(cells.slice(0, 5)).toEqual(['weather', 'awaiting approval', 'mcp', '{"city":"c1"}', '—'])
    expect(within(first).getByRole('cell', { name: new Date(run(1).startedAt).toLocaleString() })).toBeTruthy()
    // The app's one duration format (shared/duration.ts), not a History format of its own.
    expect(within(second).getAllByRole('cell')[4].textContent).toBe('2.50 s')
    expect(api.runQueries[0]).toEqual({ tool: 'weather', status: undefined, cursor: undefined, limit: 2 })
    fireEvent.click(within(first).getByRole('link', { name: `Open run ${run(1).runId}` }))
    expect(opened).toEqual([{ tool: 'weather', run: run(1).runId, tab: 'run' }])
  })

  it('filters by tool (any tool of the catalog, or all) and by status, as the API query', async () => {
    const { api } = setup((q) => ({ runs: q.status === 'error' ? [] : [run(1, { toolId: q.tool ?? 'weather' })] }))
    await screen.findByRole('table')
    const toolFilter = screen.getByLabelText('Tool') as HTMLSelectElement
    expect([...toolFilter.options].map((o) => o.textContent)).toEqual(['all tools', 'delete-file', 'weather'])
    fireEvent.change(toolFilter, { target: { value: 'delete-file' } })
    await waitFor(() => expect(api.runQueries.at(-1)).toMatchObject({ tool: 'delete-file' }))
    fireEvent.change(toolFilter, { target: { value: '' } })
    await waitFor(() => expect(api.runQueries.at(-1)).toMatchObject({ tool: undefined }))
    fireEvent.change(screen.getByLabelText('Status'), { target: { value: 'error' } })
    await waitFor(() =>
      expect(api.runQueries.at(-1)).toEqual({ tool: undefined, status: 'error', cursor: undefined, limit: 2 }),
    )
    expect(await screen.findByText('No runs match these filters.')).toBeTruthy()
  })

  it('pages with nextCursor: Older runs asks for the next page, Newer runs goes back; a new filter starts over', async () => {
    const pages: Record<string, { runs: RunSummary[]; nextCursor?: string }> = {
      first: { runs: [run(4), run(3)], nextCursor: 'c2' },
      c2: { runs: [run(2), run(1)] },
    }
    const { api } = setup((q) => pages[q.cursor ?? 'first'])
    await screen.findByText('{"city":"c4"}')
    expect(screen.queryByRole('button', { name: 'Newer runs' })).toBeNull()
    fireEvent.click(screen.getByRole('button', { name: 'Older runs' }))
    await screen.findByText('{"city":"c1"}')
    expect(api.runQueries.at(-1)).toMatchObject({ cursor: 'c2', limit: 2 })
    expect(screen.queryByRole('button', { name: 'Older runs' })).toBeNull()
    expect(screen.getByText('Page 2')).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: 'Newer runs' }))
    await screen.findByText('{"city":"c4"}')
    fireEvent.click(screen.getByRole('button', { name: 'Older runs' }))
    await screen.findByText('{"city":"c1"}')
    fireEvent.change(screen.getByLabelText('Status'), { target: { value: 'success' } })
    await waitFor(() =>
      expect(api.runQueries.at(-1)).toEqual({ tool: 'weather', status: 'success', cursor: undefined, limit: 2 }),
    )
  })

  it('marks imported runs, links a rerun to its original, and offers Export on finished runs only', async () => {
    const { api, opened } = setup(() => ({
      runs: [
        run(1, { imported: true, importedFrom: { runId: 'far-away-run', exportedAt: '2026-01-01T00:00:00.000Z' } }),
        run(2, { rerunOf: { runId: 'original-run-id', atEvent: 4 } }),
        run(3, { status: 'suspended' }),
      ],
    }))
    const exports: string[] = []
    api.exportRun = async (runId) => {
      exports.push(runId)
      return { filename: 'x.json', text: '{}' }
    }
    const table = await screen.findByRole('table')
    const [first, second, third] = within(table).getAllByRole('row').slice(1)
    expect(within(first).getByText('imported').getAttribute('title')).toContain('far-away-run')
    expect(within(second).queryByText('imported')).toBeNull()
    expect(within(second).getByText(/rerun of/).textContent).toContain('at #4')
    fireEvent.click(within(second).getByRole('link', { name: 'Open the original run original-run-id' }))
    expect(opened).toEqual([{ tool: 'weather', run: 'original-run-id', tab: 'run' }])
    expect(within(third).queryByRole('button', { name: /^Export run/ })).toBeNull()
    URL.createObjectURL = () => 'blob:x'
    URL.revokeObjectURL = () => {}
    fireEvent.click(within(first).getByRole('button', { name: `Export run ${run(1).runId}` }))
    await waitFor(() => expect(exports).toEqual([run(1).runId]))
  })

  it('compares two runs of a tool: "Compare with…" on one, then "Compare" on another opens the diff', async () => {
    const { api, opened } = setup((q) => ({
      runs: [
        run(1, { toolId: q.tool ?? 'x' }),
        run(2, { toolId: q.tool ?? 'x' }),
        run(3, { toolId: q.tool ?? 'x', status: 'running' }),
      ],
    }))
    api.catalogTools = [tool('weather'), tool('delete-file')]
    await screen.findByRole('table')
    fireEvent.change(screen.getByLabelText('Tool'), { target: { value: '' } })
    await waitFor(() => expect(api.runQueries.at(-1)).toMatchObject({ tool: undefined }))
    fireEvent.click(await screen.findByRole('button', { name: `Compare run ${run(1).runId} with…` }))
    // Only runs of the same tool compare: the list is filtered to it.
    await waitFor(() => expect(api.runQueries.at(-1)).toMatchObject({ tool: 'x' }))
    expect(screen.getByRole('status').textContent).toContain(`compare with run ${run(1).runId.slice(0, 8)}`)
    expect(screen.queryByRole('button', { name: `Compare with run ${run(1).runId}` })).toBeNull()
    expect(screen.queryByRole('button', { name: `Compare with run ${run(3).runId}` })).toBeNull()
    fireEvent.click(await screen.findByRole('button', { name: `Compare with run ${run(2).runId}` }))
    expect(opened).toEqual([{ tool: 'x', tab: 'diff', run: run(1).runId, vs: run(2).runId }])
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }))
    expect(await screen.findByRole('button', { name: `Compare run ${run(2).runId} with…` })).toBeTruthy()
  })
})
