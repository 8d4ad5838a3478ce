// The elicitation prompt in MCP URL mode against a fake ApiClient: the message and the URL as a link opened in a new
// tab without an opener or referrer, no form fields, Accept sending no content, Decline and Cancel their action
// alone, and a URL that is not a web address never made a link.
import { afterEach, describe, expect, it } from 'vitest'
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react'
import { renderWithApi } from '../../test/renderWithApi.tsx'
import { ElicitationForm } from './ElicitationForm.tsx'
import { webUrlOf } from './UrlElicitation.tsx'

const urlElicitation = (url: string) => ({
  seq: 4,
  pending: true,
  request: {
    message: 'Sign in to continue',
    requestedSchema: { type: 'object', properties: {} },
    mode: 'url' as const,
    url,
  },
})

afterEach(cleanup)

describe('ElicitationForm in URL mode', () => {
  it('shows the message and the URL as a new-tab link, with no fields', () => {
    renderWithApi(
      <ElicitationForm runId="r1" elicitation={urlElicitation('https://auth.example.com/login?state=a b')} />,
    )
    const form = screen.getByRole('form', { name: 'Elicitation' })
    expect(form.textContent).toContain('Sign in to continue')
    expect(form.textContent).toContain('auth.example.com')
    const link = screen.getByRole('link', { name: 'https://auth.example.com/login?state=a b' })
    expect(link.getAttribute('href')).toBe('https://auth.example.com/login?state=a%20b')
    expect(link.getAttribute('target')).toBe('_blank')
    expect(link.getAttribute('rel')).toBe('noopener noreferrer')
    expect(form.querySelectorAll('input, select, textarea')).toHaveLength(0)
  })

  it('accepts without content once the page was opened', async () => {
    const { api } = renderWithApi(
      <ElicitationForm runId="r1" elicitation={urlElicitation('https://example.com/pay')} />,
    )
    fireEvent.click(screen.getByRole('button', { name: 'I opened it, continue' }))
    await waitFor(() => expect(api.controls).toEqual([{ runId: 'r1', control: { type: 'respond', action: 'accept' } }]))
  })

  it('declines and cancels with their action alone', async () => {
    const { api } = renderWithApi(
      <ElicitationForm runId="r1" elicitation={urlElicitation('https://example.com/pay')} />,
    )
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

  it('never links a URL that is not a web address', () => {
    renderWithApi(<ElicitationForm runId="r1" elicitation={urlElicitation('javascript:alert(1)')} />)
    expect(screen.queryByRole('link')).toBeNull()
    expect(screen.getByRole('form', { name: 'Elicitation' }).textContent).toContain('not a web address')
    expect(screen.getByRole('button', { name: 'Decline' })).toBeTruthy()
  })
})

describe('webUrlOf', () => {
  it('keeps http and https URLs only', () => {
    expect(webUrlOf('http://localhost:3000/x')?.host).toBe('localhost:3000')
    expect(webUrlOf('https://example.com')?.href).toBe('https://example.com/')
    expect(webUrlOf('data:text/html,hi')).toBeUndefined()
    expect(webUrlOf('not a url')).toBeUndefined()
    expect(webUrlOf(undefined)).toBeUndefined()
  })
})
