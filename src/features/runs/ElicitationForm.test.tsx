// The elicitation form against a fake ApiClient: fields generated from the requested schema (text, number, enum,
// boolean, defaults, titled and multiple choices, formats), Accept sending the typed content (a cleared field left
// out), Decline and Cancel sending their action alone.
import { afterEach, describe, expect, it } from 'vitest'
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react'
import { renderWithApi } from '../../test/renderWithApi.tsx'
import { ElicitationForm } from './ElicitationForm.tsx'
import { choicesOf } from './ElicitationFields.tsx'

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
      expect(api.controls).toEqual([
        {
          runId: 'r1',
          control: {
            type: 'respond',
            action: 'accept',
            content: { city: 'Taipei', floors: 3, speed: 'express', gift: true },
          },
        },
      ]),
    )
  })

  it('declines and cancels without content', async () => {
    const { api } = renderWithApi(<ElicitationForm runId="r1" elicitation={elicitation} />)
    fireEvent.click(screen.getByRole('button', { name: 'Decline' }))
    await waitFor(() => expect(api.controls).toHaveLength(1))
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }))
    await waitFor(() =>
      expect(api.controls.map((c) => c.control)).toEqual([
        { type: 'respond', action: 'decline' },
        { type: 'respond', action: 'cancel' },
      ]),
    )
  })
})

describe('ElicitationForm choices and formats', () => {
  const choices = {
    ...elicitation,
    request: {
      message: 'Tell us more',
      requestedSchema: {
        type: 'object',
        properties: {
          hero: {
            type: 'string',
            title: 'Hero',
            oneOf: [
              { const: 'hero-1', title: 'Superman' },
              { const: 'hero-2', title: 'Wonder Woman' },
            ],
            default: 'hero-1',
          },
          pet: { type: 'string', title: 'Pet', enum: ['pet-1', 'pet-2'], enumNames: ['Cats', 'Dogs'] },
          fish: {
            type: 'array',
            title: 'Fish',
            items: {
              anyOf: [
                { const: 'fish-1', title: 'Tuna' },
                { const: 'fish-2', title: 'Salmon' },
              ],
            },
            default: ['fish-1'],
          },
          tools: { type: 'array', title: 'Instruments', items: { type: 'string', enum: ['Guitar', 'Piano'] } },
          email: { type: 'string', title: 'Email', format: 'email' },
          rate: { type: 'number', title: 'Rate', default: 3.14 },
        },
      },
    },
  }

  it('offers titled options and checkboxes, sends the values, and leaves a cleared field out', async () => {
    const { api } = renderWithApi(<ElicitationForm runId="r1" elicitation={choices} />)
    const hero = screen.getByLabelText(/Hero/) as HTMLSelectElement
    expect([...hero.options].map((o) => o.text)).toEqual(['—', 'Superman', 'Wonder Woman'])
    fireEvent.change(hero, { target: { value: 'hero-2' } })
    fireEvent.change(screen.getByLabelText(/Pet/), { target: { value: 'pet-2' } })
    expect((screen.getByLabelText('Tuna') as HTMLInputElement).checked).toBe(true)
    fireEvent.click(screen.getByLabelText('Tuna'))
    fireEvent.click(screen.getByLabelText('Piano'))
    expect(screen.getByLabelText(/Email/).getAttribute('type')).toBe('email')
    fireEvent.change(screen.getByLabelText(/Rate/), { target: { value: '' } })
    fireEvent.click(screen.getByRole('button', { name: 'Accept' }))
    await waitFor(() => expect(api.controls).toHaveLength(1))
    expect(api.controls[0].control).toEqual({
      type: 'respond',
      action: 'accept',
      content: { hero: 'hero-2', pet: 'pet-2', tools: ['Piano'] },
    })
  })

  it('reads the options of enum, enumNames, oneOf and anyOf', () => {
    expect(choicesOf({ enum: ['a', 'b'], enumNames: ['A'] })).toEqual([
      { value: 'a', label: 'A' },
      { value: 'b', label: 'b' },
    ])
    expect(choicesOf({ anyOf: [{ const: 1 }, { title: 'no const' }] })).toEqual([{ value: '1', label: '1' }])
    expect(choicesOf({ type: 'string' })).toBeUndefined()
    expect(choicesOf(undefined)).toBeUndefined()
  })
})
