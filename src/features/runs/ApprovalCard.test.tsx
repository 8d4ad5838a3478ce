// The approval prompt against a fake ApiClient: both audiences' views, Approve and Decline (with its reason) sent
// as RunControls, and a refusal shown with the server's message.
import { afterEach, describe, expect, it } from 'vitest'
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react'
import { renderWithApi } from '../../test/renderWithApi.tsx'
import { ApprovalCard } from './ApprovalCard.tsx'

const approval = {
  seq: 4,
  input: { path: '/tmp/a' },
  views: { raw: { path: '/tmp/a' }, display: { value: 'Delete /tmp/a?' }, transcript: { value: { redacted: true } } },
  pending: true,
}

afterEach(cleanup)

describe('ApprovalCard', () => {
  it('shows the display and transcript views and approves', async () => {
    const { api } = renderWithApi(<ApprovalCard runId="r1" approval={approval} />)
    expect(screen.getByRole('region', { name: 'Approval' }).textContent).toContain('Delete /tmp/a?')
    expect(screen.getByRole('region', { name: 'Approval' }).textContent).toContain('"redacted": true')
    fireEvent.click(screen.getByRole('button', { name: 'Approve' }))
    await waitFor(() => expect(api.controls).toEqual([{ runId: 'r1', control: { type: 'approve' } }]))
  })

  it('declines with the typed reason', async () => {
    const { api } = renderWithApi(<ApprovalCard runId="r1" approval={approval} />)
    fireEvent.change(screen.getByLabelText('Reason (optional)'), { target: { value: 'too risky' } })
    fireEvent.click(screen.getByRole('button', { name: 'Decline' }))
    await waitFor(() =>
      expect(api.controls).toEqual([{ runId: 'r1', control: { type: 'decline', reason: 'too risky' } }]),
    )
  })

  it('shows a refused control as an alert with the server message', async () => {
    const { api } = renderWithApi(<ApprovalCard runId="r1" approval={approval} />)
    api.refuseNext(409, { error: 'Cannot approve: run c1 is aborted', code: 'invalid-state', state: 'aborted' })
    fireEvent.click(screen.getByRole('button', { name: 'Approve' }))
    expect((await screen.findByRole('alert')).textContent).toContain('Cannot approve: run c1 is aborted')
  })
})
