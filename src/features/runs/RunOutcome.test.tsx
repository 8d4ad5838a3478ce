// The end of a run in words: a validation error names each issue once (the message's own issue lines are not
// repeated under the list), and what the message says after them (the provided arguments) is kept.
import { afterEach, describe, expect, it } from 'vitest'
import { cleanup, render, screen } from '@testing-library/react'
import { initialRunState, type RunState } from '../../shared/runState.ts'
import { RunOutcome } from './RunOutcome.tsx'
import { errorParts } from './errorParts.ts'

afterEach(cleanup)

const message = 'Tool input validation failed for t. Please fix the following errors and try again:\n- path: Required\n- mode: Invalid option\n\nProvided arguments: {}'

describe('RunOutcome', () => {
  it('lists each validation issue once and keeps the text after them', () => {
    const state: RunState = { ...initialRunState, status: 'error', error: { message, validationErrors: [{ path: ['path'], message: 'Required' }, { path: ['mode'], message: 'Invalid option' }] } } as RunState
    render(<RunOutcome state={state} />)
    const alert = screen.getByRole('alert', { name: 'Run error' })
    expect(alert.textContent).toContain('Tool input validation failed for t. Please fix the following errors and try again:')
    expect(alert.textContent!.split('Required').length - 1).toBe(1)
    expect(alert.textContent!.split('Invalid option').length - 1).toBe(1)
    expect(alert.textContent).toContain('Provided arguments: {}')
    expect(screen.getAllByRole('listitem').map((li) => li.textContent)).toEqual(['path: Required', 'mode: Invalid option'])
  })

  it('shows a message without issues whole', () => {
    expect(errorParts('boom\nsecond line', false)).toEqual({ headline: 'boom\nsecond line' })
    expect(errorParts('head:\n- a: b', true)).toEqual({ headline: 'head:' })
  })
})
