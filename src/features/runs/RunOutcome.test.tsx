// The end of a run in words: a validation error names each issue once (the message's own issue lines are not
// repeated under the list), and what the message says after them (the provided arguments) is kept.
import { afterEach, describe, expect, it } from 'vitest'
import { cleanup, render, screen } from '@testing-library/react'
import { initialRunState, type RunState } from '../../shared/runState.ts'
import { RunOutcome } from './RunOutcome.tsx'
import { errorParts } from './errorParts.ts'

afterEach(cleanup)

const message =
  'Tool input validation failed for t. Please fix the following errors and try again:\n- path: Required\n- mode: Invalid option\n\nProvided arguments: {}'

describe('RunOutcome', () => {
  it('lists each validation issue once and keeps the text after them', () => {
    const state: RunState = {
      ...initialRunState,
      status: 'error',
      error: {
        message,
        validationErrors: [
          { path: ['path'], message: 'Required' },
          { path: ['mode'], message: 'Invalid option' },
        ],
      },
    } as RunState
    render(<RunOutcome state={state} />)
    const alert = screen.getByRole('alert', { name: 'Run error' })
    expect(alert.textContent).toContain(
      'Tool input validation failed for t. Please fix the following errors and try again:',
    )
    expect(alert.textContent!.split('Required').length - 1).toBe(1)
    expect(alert.textContent!.split('Invalid option').length - 1).toBe(1)
    expect(alert.textContent).toContain('Provided arguments: {}')
    expect(screen.getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'path: Required',
      'mode: Invalid option',
    ])
  })

  it('shows the cause chain as lines and the stack folded away', () => {
    const error = {
      message: 'fetch failed',
      stack: 'Error: fetch failed\n    at execute (tools/failures.ts:12:11)',
      causes: [
        { name: 'Error', message: 'getaddrinfo ENOTFOUND api.example.com', code: 'ENOTFOUND' },
        { name: 'TypeError', message: 'inner' },
      ],
    }
    render(<RunOutcome state={{ ...initialRunState, status: 'error', error } as RunState} />)
    const causes = screen.getByRole('list', { name: 'Caused by' })
    expect([...causes.querySelectorAll('li')].map((li) => li.textContent)).toEqual([
      'caused by getaddrinfo ENOTFOUND api.example.comENOTFOUND',
      'caused by TypeError: inner',
    ])
    const stack = screen.getByLabelText('Stack trace')
    expect(stack.textContent).toContain('tools/failures.ts:12:11')
    expect(stack.closest('details')!.open).toBe(false)
  })

  it('shows a message without issues whole', () => {
    expect(errorParts('boom\nsecond line', false)).toEqual({ headline: 'boom\nsecond line' })
    expect(errorParts('head:\n- a: b', true)).toEqual({ headline: 'head:' })
  })
})
