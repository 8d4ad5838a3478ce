// The run status pill of the run controls takes its tone from the one status presentation: a run that was interrupted
// or expired is shown as ended (amber), not in the colour of a running run; a queued run and no run read as such.
import { afterEach, describe, expect, it } from 'vitest'
import { cleanup, render, screen } from '@testing-library/react'
import { toneClasses } from '../../components/ui/Badge.tsx'
import { initialRunState, type RunState } from '../../shared/runState.ts'
import { RunControls } from './RunControls.tsx'

afterEach(cleanup)

const noop = () => {}
function show(status: RunState['status'], over: { hasRun?: boolean; queuePosition?: number } = {}) {
  const state: RunState = { ...initialRunState, status, finished: status !== 'idle' && status !== 'running' }
  render(
    <RunControls
      state={state}
      hasRun={over.hasRun ?? true}
      starting={false}
      queuePosition={over.queuePosition}
      onRun={noop}
      onStep={noop}
      onContinue={noop}
      onAbort={noop}
    />,
  )
  const element = screen.getByRole('status', { name: 'Run status' })
  // The pill is the status element or the one element inside it.
  const pill = (element.firstElementChild as HTMLElement | null) ?? element
  return { text: element.textContent, className: pill.className }
}

describe('RunControls status', () => {
  it('shows interrupted and expired runs in an end tone, not the running one', () => {
    for (const status of ['interrupted', 'expired'] as const) {
      const { text, className } = show(status)
      expect(text).toBe(status)
      expect(className).toContain(toneClasses('warn'))
      expect(className).not.toContain(toneClasses('info'))
      cleanup()
    }
    expect(show('running').className).toContain(toneClasses('info'))
  })

  it('reads each end, a queued run and no run in their own words and tones', () => {
    const cases = [
      [{ status: 'success' }, 'success', 'ok'],
      [{ status: 'error' }, 'error', 'danger'],
      [{ status: 'declined' }, 'declined', 'warn'],
      [{ status: 'aborted' }, 'aborted', 'neutral'],
      [{ status: 'awaiting-approval' }, 'awaiting approval', 'info'],
      [{ status: 'idle', queuePosition: 2 }, 'queued', 'neutral'],
      [{ status: 'idle', hasRun: false }, 'idle', 'muted'],
    ] as const
    for (const [given, text, tone] of cases) {
      const { status, ...over } = given as { status: RunState['status']; hasRun?: boolean; queuePosition?: number }
      const shown = show(status, over)
      expect([shown.text, shown.className.includes(toneClasses(tone))]).toEqual([text, true])
      cleanup()
    }
  })
})
