// The player without a browser: it starts before the first event, steps forward and back through a recorded approval
// (asked, then declined with its reason), follows with the status and views, jumps anywhere with the scrubber, and
// gives an embed snippet for this run.
import { afterEach, describe, expect, it } from 'vitest'
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react'
import type { DemoRun, RunEvent } from '../../shared/protocol.ts'
import { RunPlayer, embedSnippet } from './RunPlayer.tsx'

const views = {
  raw: { repo: 'acme/site' },
  display: { value: { repo: 'acme/site' }, passthrough: true },
  transcript: { value: { repo: 'acme/site' }, passthrough: true },
}
const events = [
  {
    seq: 0,
    at: 0,
    type: 'run-started',
    toolId: 'delete-repository',
    toolCallId: 'c',
    caller: 'agent',
    background: false,
    stepping: false,
  },
  { seq: 1, at: 1, type: 'input-available', input: { repo: 'acme/site' }, views },
  { seq: 2, at: 2, type: 'approval-requested', input: { repo: 'acme/site' }, views },
  { seq: 3, at: 5000, type: 'approval-resolved', approved: false, reason: 'still in use' },
  { seq: 4, at: 5001, type: 'run-finished', status: 'declined', durationMs: 5001 },
] as RunEvent[]
const run: DemoRun = {
  detail: {
    runId: 'r-1',
    toolId: 'delete-repository',
    status: 'declined',
    caller: 'agent',
    inputSummary: '{"repo":"acme/site"}',
    startedAt: '2026-12-01T00:00:00.000Z',
    durationMs: 5001,
    eventCount: 5,
    request: { toolId: 'delete-repository', input: { repo: 'acme/site' } },
  },
  events,
}

afterEach(cleanup)

const status = () => screen.getByRole('status', { name: 'Run status' }).textContent
const played = () => screen.getByLabelText('Events played').textContent

describe('RunPlayer', () => {
  it('steps through the approval as it was asked and answered, and back', () => {
    render(<RunPlayer run={run} />)
    expect(status()).toBe('not started')
    expect(played()).toContain('0 / 5 events')
    // The 5 s wait for the answer plays as 2 s, and the player says so.
    expect(played()).toContain('/ 2.00 s')
    expect(screen.getByText(/Waits over 2 s play as 2 s \(1 shortened\)/)).toBeTruthy()
    const forward = screen.getByRole('button', { name: 'Step forward' })
    for (let i = 0; i < 3; i++) fireEvent.click(forward)
    const approval = screen.getByRole('region', { name: 'Approval requested' })
    expect(within(approval).getByRole('status').textContent).toBe('Waiting for an answer…')
    expect(status()).toBe('awaiting approval')
    expect(screen.getByRole('region', { name: 'Raw' }).textContent).toContain('acme/site')
    fireEvent.click(forward)
    expect(within(approval).getByRole('status').textContent).toBe('Declined: still in use')
    fireEvent.keyDown(forward, { key: 'ArrowLeft' })
    expect(within(screen.getByRole('region', { name: 'Approval requested' })).getByRole('status').textContent).toBe(
      'Waiting for an answer…',
    )
  })

  it('jumps with the scrubber, and ends with the run’s status', () => {
    render(<RunPlayer run={run} />)
    fireEvent.change(screen.getByLabelText('Position'), { target: { value: '5' } })
    expect(status()).toBe('declined')
    expect(screen.getByRole('button', { name: 'Play again' })).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Step forward' }).hasAttribute('disabled')).toBe(true)
    fireEvent.change(screen.getByLabelText('Position'), { target: { value: '1' } })
    expect(status()).toBe('running')
  })

  it('embeds this run with ?embed=1, the tool and the run', () => {
    expect(embedSnippet('delete-repository', 'r-1', new URL('https://docs.example.com/demo/index.html?tool=x'))).toBe(
      '<iframe src="https://docs.example.com/demo/index.html?embed=1&amp;tool=delete-repository&amp;run=r-1" title="Toolscope: delete-repository" width="100%" height="640" style="border:0" loading="lazy"></iframe>',
    )
    expect(embedSnippet('a"b', 'r', new URL('https://x.example/'))).toContain('title="Toolscope: a&quot;b"')
  })
})
