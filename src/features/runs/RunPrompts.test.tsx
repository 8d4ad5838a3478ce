// The pending prompt is brought into view when it appears (once per prompt, 'nearest' so a visible card stays put)
// and focus stays where the user was typing.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { cleanup, screen } from '@testing-library/react'
import { QueryClientProvider } from '@tanstack/react-query'
import { ApiContext } from '../../api/useApi.ts'
import { renderWithApi } from '../../test/renderWithApi.tsx'
import { initialRunState, type RunState } from '../../shared/runState.ts'
import { RunPrompts } from './RunPrompts.tsx'

const approval = {
  seq: 4,
  input: { path: '/tmp/a' },
  views: { raw: { path: '/tmp/a' }, display: { value: 'Delete /tmp/a?' }, transcript: { value: { path: '/tmp/a' } } },
  pending: true,
}
const waiting: RunState = { ...initialRunState, status: 'awaiting-approval', approval }
const running: RunState = { ...initialRunState, status: 'running' }

// jsdom has no layout, hence no scrollIntoView: a spy stands in for it.
const scrolled = vi.fn()
beforeEach(() => {
  scrolled.mockReset()
  Element.prototype.scrollIntoView = scrolled
})
afterEach(() => {
  cleanup()
  delete (Element.prototype as Partial<Element>).scrollIntoView
})

describe('RunPrompts', () => {
  it('scrolls a prompt into view when it appears, once, without taking focus', () => {
    const ui = (state: RunState) => (
      <>
        <input aria-label="typing here" />
        <RunPrompts runId="r1" state={state} />
      </>
    )
    const { api, client, rerender } = renderWithApi(ui(running))
    // rerender replaces the whole tree, providers included.
    const show = (state: RunState) =>
      rerender(
        <QueryClientProvider client={client}>
          <ApiContext.Provider value={api}>{ui(state)}</ApiContext.Provider>
        </QueryClientProvider>,
      )
    const typing = screen.getByLabelText('typing here')
    typing.focus()
    expect(scrolled).not.toHaveBeenCalled()
    show(waiting)
    expect(screen.getByRole('region', { name: 'Approval' })).toBeTruthy()
    expect(scrolled).toHaveBeenCalledTimes(1)
    expect(scrolled).toHaveBeenCalledWith({ block: 'nearest' })
    expect(document.activeElement).toBe(typing)
    // The same prompt again (a new state object, e.g. a log event) does not scroll again.
    show({ ...waiting, events: [] })
    expect(scrolled).toHaveBeenCalledTimes(1)
    // A later prompt of the same run does.
    show({ ...waiting, approval: { ...approval, seq: 9 } })
    expect(scrolled).toHaveBeenCalledTimes(2)
  })
})
