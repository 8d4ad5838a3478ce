// Run while the open run waits for a person, against a fake ApiClient: a dialog asks first; Abandon aborts the
// waiting run through the control API before the new run starts, Keep starts it and leaves the other
// live, Cancel does nothing. A run that is not waiting starts at once.
import { afterEach, describe, expect, it } from 'vitest'
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react'
import { initialRunState, type RunState } from '../../shared/runState.ts'
import { renderWithApi } from '../../test/renderWithApi.tsx'
import { useStartRun } from './useStartRun.ts'
import { WaitingRunDialog } from './WaitingRunDialog.tsx'

const body = { toolId: 't', input: { a: 1 } }

function Harness({ state, started }: { state: RunState; started: string[] }) {
  const s = useStartRun('r1', state, (id) => started.push(id))
  return (
    <>
      <button onClick={() => s.request(body)}>Run</button>
      {s.held && (
        <WaitingRunDialog
          status={state.status}
          busy={s.busy}
          error={s.abandonError}
          onAbandon={s.abandonAndRun}
          onKeep={s.keep}
          onCancel={s.cancel}
        />
      )}
    </>
  )
}

const waiting: RunState = { ...initialRunState, status: 'awaiting-approval' }

function setup(state: RunState) {
  const started: string[] = []
  const view = renderWithApi(<Harness state={state} started={started} />)
  fireEvent.click(screen.getByRole('button', { name: 'Run' }))
  return { ...view, started }
}

afterEach(cleanup)

describe('Run while the open run is waiting', () => {
  it('starts at once when the open run is not waiting', async () => {
    const { api, started } = setup({ ...initialRunState, status: 'success' })
    await waitFor(() => expect(started).toEqual(['new-1']))
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(api.controls).toEqual([])
  })

  it('asks first, in a dialog whose focus is on Keep; Keep leaves the waiting run alone and starts the new one', async () => {
    const { api, started } = setup(waiting)
    const dialog = screen.getByRole('dialog', { name: 'The open run is still waiting' })
    expect(dialog.textContent).toContain('awaiting approval')
    expect(api.started).toEqual([])
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Keep it and run' }))
    fireEvent.click(screen.getByRole('button', { name: 'Keep it and run' }))
    await waitFor(() => expect(started).toEqual(['new-1']))
    expect(api.controls).toEqual([])
    expect(screen.queryByRole('dialog')).toBeNull()
  })

  it('Escape closes the dialog and starts nothing', async () => {
    const { api, started } = setup(waiting)
    fireEvent.keyDown(screen.getByRole('dialog', { name: 'The open run is still waiting' }), { key: 'Escape' })
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(started).toEqual([])
    expect(api.started).toEqual([])
    expect(api.controls).toEqual([])
  })

  it('Abandon aborts the waiting run through the control API, then starts the new one', async () => {
    const { api, started } = setup(waiting)
    fireEvent.click(screen.getByRole('button', { name: 'Abandon it and run' }))
    await waitFor(() => expect(started).toEqual(['new-1']))
    expect(api.controls).toEqual([{ runId: 'r1', control: { type: 'abort', reason: 'Abandoned for a new run' } }])
    expect(screen.queryByRole('dialog')).toBeNull()
  })

  it('Abandon still starts the new run when the waiting run ended meanwhile (invalid-state)', async () => {
    const { api, started } = setup(waiting)
    api.refuseNext(409, { error: 'The run has finished', code: 'invalid-state', state: 'success' })
    fireEvent.click(screen.getByRole('button', { name: 'Abandon it and run' }))
    await waitFor(() => expect(started).toEqual(['new-1']))
  })

  it('a failed abort is said in the dialog and starts nothing', async () => {
    const { api } = setup(waiting)
    api.refuseNext(500, { error: 'Internal error: boom', code: 'internal' })
    fireEvent.click(screen.getByRole('button', { name: 'Abandon it and run' }))
    const alert = await screen.findByRole('alert')
    expect(alert.textContent).toContain('Internal error: boom')
    expect(screen.getByRole('dialog')).toBeTruthy()
    expect(api.started).toEqual([])
  })

  it('Cancel closes the dialog and starts nothing', () => {
    const { api } = setup(waiting)
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }))
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(api.started).toEqual([])
    expect(api.controls).toEqual([])
  })
})
