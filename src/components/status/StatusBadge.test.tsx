// A status pill reads as its label alone (the icon is decorative), in its status' tone; the player's own text replaces
// the label but keeps the look.
import { afterEach, describe, expect, it } from 'vitest'
import { cleanup, render } from '@testing-library/react'
import { toneClasses } from '../ui/Badge.tsx'
import { StatusBadge } from './StatusBadge.tsx'

afterEach(cleanup)

describe('StatusBadge', () => {
  it('shows the label with a hidden icon, in the tone of the status', () => {
    const { container } = render(<StatusBadge status="awaiting-approval" />)
    expect(container.textContent).toBe('awaiting approval')
    expect(container.querySelector('svg')?.getAttribute('aria-hidden')).toBe('true')
    expect((container.firstElementChild as HTMLElement).className).toContain(toneClasses('info'))
  })

  it('takes a label of its own, and a larger pill, without changing the tone', () => {
    const { container } = render(<StatusBadge status="expired" label="not started" large />)
    expect(container.textContent).toBe('not started')
    expect((container.firstElementChild as HTMLElement).className).toContain(toneClasses('warn'))
    expect(container.querySelector('[data-status="expired"] svg')).not.toBeNull()
  })
})
