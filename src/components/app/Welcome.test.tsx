// The first page of the app: a recorded (read-only) demo speaks of playing recorded runs, never of editing input or
// Ctrl+Enter to run; the live app keeps its editing and run shortcuts.
import { afterEach, describe, expect, it } from 'vitest'
import { cleanup, screen } from '@testing-library/react'
import { createFakeApi } from '../../test/fakeApi.ts'
import { renderWithApi } from '../../test/renderWithApi.tsx'
import { App } from '../../App.tsx'

afterEach(cleanup)

describe('Welcome', () => {
  it('uses demo wording in a recorded demo', async () => {
    const api = Object.assign(createFakeApi(), { recorded: true })
    renderWithApi(<App />, api)
    const main = await screen.findByRole('main')
    expect(main.textContent).toContain('This is a recorded demo')
    expect(main.textContent).not.toMatch(/edit its input|Ctrl/)
  })

  it('keeps the editing wording and the run shortcut in the live app', async () => {
    renderWithApi(<App />)
    const main = await screen.findByRole('main')
    expect(main.textContent).toContain('edit its input')
    expect(main.textContent).toContain('Ctrl')
  })
})
