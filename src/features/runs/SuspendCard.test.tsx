// The suspend prompt against a fake ApiClient: the payload, resume data prefilled from resumeSchema, text that is
// not JSON never sent, resume data the server refuses (422) listed by field with the card still up, then a resume.
import { afterEach, describe, expect, it, vi } from 'vitest'
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react'
import { renderWithApi } from '../../test/renderWithApi.tsx'
import { SuspendCard } from './SuspendCard.tsx'

// Monaco needs a real browser (workers, layout): the editor stays on its plain-textarea fallback here.
vi.mock('../editor/MonacoJsonEditor.tsx', () => new Promise(() => {}))

const suspension = {
  seq: 5,
  payload: { seats: ['1A', '2C'] },
  resumeSchema: { type: 'object', properties: { seat: { type: 'string', default: '1A' } }, required: ['seat'] },
  resumeLabel: 'Pick a seat',
  views: {
    raw: { seats: ['1A', '2C'] },
    display: { value: { seats: ['1A', '2C'] } },
    transcript: { value: { seats: ['1A', '2C'] } },
  },
  pending: true,
}

afterEach(cleanup)

describe('SuspendCard', () => {
  it('shows the payload and never sends text that is not JSON', () => {
    const { api } = renderWithApi(<SuspendCard runId="r1" suspension={suspension} />)
    const card = screen.getByRole('region', { name: 'Suspended' })
    expect(card.textContent).toContain('Pick a seat')
    expect(card.textContent).toContain('"2C"')
    fireEvent.change(screen.getByLabelText('Resume data JSON'), { target: { value: '{ "seat": ' } })
    const resume = screen.getByRole('button', { name: 'Resume' }) as HTMLButtonElement
    expect(resume.disabled).toBe(true)
    expect(card.textContent).toMatch(/Invalid JSON/)
    fireEvent.click(resume)
    expect(api.controls).toEqual([])
  })

  it('lists the schema messages of refused resume data and stays up, then resumes with valid data', async () => {
    const { api } = renderWithApi(<SuspendCard runId="r1" suspension={suspension} />)
    const editor = screen.getByLabelText('Resume data JSON') as HTMLTextAreaElement
    expect(JSON.parse(editor.value)).toEqual({ seat: '1A' })
    fireEvent.change(editor, { target: { value: '{ "seat": "window" }' } })
    api.refuseNext(422, {
      error: 'Invalid resume data; the run stays suspended',
      code: 'invalid-resume-data',
      state: 'suspended',
      issues: [{ path: ['seat'], message: 'Invalid string: must match /^\\d+[A-F]$/' }],
    })
    fireEvent.click(screen.getByRole('button', { name: 'Resume' }))
    const alert = await screen.findByRole('alert')
    expect(alert.textContent).toContain('the run stays suspended')
    expect(alert.textContent).toContain('seat: Invalid string')
    expect(screen.getByRole('region', { name: 'Suspended' })).toBeTruthy()

    fireEvent.change(editor, { target: { value: '{ "seat": "2C" }' } })
    fireEvent.click(screen.getByRole('button', { name: 'Resume' }))
    await waitFor(() =>
      expect(api.controls.map((c) => c.control)).toEqual([
        { type: 'resume', resumeData: { seat: 'window' } },
        { type: 'resume', resumeData: { seat: '2C' } },
      ]),
    )
  })

  it('shows each issue of a refused resume once, though the server message lists them too', async () => {
    const { api } = renderWithApi(<SuspendCard runId="r1" suspension={suspension} />)
    api.refuseNext(422, {
      error: 'Invalid resume data for t; the run stays suspended:\n- seat: Invalid string: must match /^\\d+[A-F]$/',
      code: 'invalid-resume-data',
      state: 'suspended',
      issues: [{ path: ['seat'], message: 'Invalid string: must match /^\\d+[A-F]$/' }],
    })
    fireEvent.click(screen.getByRole('button', { name: 'Resume' }))
    const alert = await screen.findByRole('alert')
    expect(alert.textContent).toContain('Invalid resume data for t; the run stays suspended:')
    expect(alert.textContent!.split('Invalid string').length - 1).toBe(1)
    expect(screen.getAllByRole('alert')).toHaveLength(1)
  })

  it('prefills the resume data with the first choice the suspend payload offers', () => {
    const offered = { message: 'Pick a seat for Ada Lovelace on BR 192', availableSeats: ['3A', '3C', '14F'] }
    const seatSchema = {
      type: 'object',
      properties: { seat: { type: 'string', pattern: '^\\d{1,2}[A-F]$' } },
      required: ['seat'],
    }
    renderWithApi(
      <SuspendCard
        runId="r2"
        suspension={{
          ...suspension,
          payload: offered,
          resumeSchema: seatSchema,
          views: { raw: offered, display: { value: offered }, transcript: { value: offered } },
        }}
      />,
    )
    expect(JSON.parse((screen.getByLabelText('Resume data JSON') as HTMLTextAreaElement).value)).toEqual({ seat: '3A' })
  })
})
