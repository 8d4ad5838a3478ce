// The elicitation form against a fake ApiClient: fields generated from the requested schema (text, number, enum,
// boolean, defaults), Accept sending the typed content, Decline and Cancel sending their action alone.
import { afterEach, describe, expect, it } from 'vitest'
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react'
import { renderWithApi } from '../../test/renderWithApi.tsx'
import { ElicitationForm } from './ElicitationForm.tsx'

const elicitation = {
  seq: 6,
  pending: true,
  request: {
    message: 'Where should it ship?',
    requestedSchema: {
      type: 'object',
      properties: {
        city: { type: 'string', title: 'City' },
        floors: { type: 'integer', title: 'Floors', default: 1 },
        speed: { type: 'string', title: 'Speed', enum: ['standard', 'express'] },
        gift: { type: 'boolean', title: 'Gift wrap' },
      },
      required: ['city'],
    },
  },
}

afterEach(cleanup)

describe('ElicitationForm', () => {
  it('sends the typed answer with Accept', async () => {
    const { api } = renderWithApi(<ElicitationForm runId="r1" elicitation={elicitation} />)
    expect(screen.getByRole('form', { name: 'Elicitation' }).textContent).toContain('Where should it ship?')
    fireEvent.change(screen.getByLabelText(/City/), { target: { value: 'Taipei' } })
    fireEvent.change(screen.getByLabelText(/Floors/), { target: { value: '3' } })
    fireEvent.change(screen.getByLabelText(/Speed/), { target: { value: 'express' } })
    fireEvent.click(screen.getByLabelText(/Gift wrap/))
    fireEvent.click(screen.getByRole('button', { name: 'Accept' }))
    await waitFor(() =>
      expect(api.controls).toEqual([{ runId: 'r1', control: { type: 'respond', action: 'accept', content: { city: 'Taipei', floors: 3, speed: 'express', gift: true } } }]),
    )
  })

  it('declines and cancels without content', async () => {
    const { api } = renderWithApi(<ElicitationForm runId="r1" elicitation={elicitation} />)
    fireEvent.click(screen.getByRole('button', { name: 'Decline' }))
    await waitFor(() => expect(api.controls).toHaveLength(1))
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }))
    await waitFor(() => expect(api.controls.map((c) => c.control)).toEqual([{ type: 'respond', action: 'decline' }, { type: 'respond', action: 'cancel' }]))
  })
})
