// The split pane's separator: ARIA value and range, keyboard steps clamped to the range, Home/End.
import { afterEach, describe, expect, it } from 'vitest'
import { useState } from 'react'
import { cleanup, fireEvent, render, screen } from '@testing-library/react'
import { clampSize, SplitPane } from './SplitPane.tsx'

afterEach(cleanup)

function Harness({ initial }: { initial: number }) {
  const [size, setSize] = useState(initial)
  return (
    <SplitPane
      label="Resize"
      firstId="left"
      size={size}
      onSize={setSize}
      min={25}
      max={70}
      first={<p>left</p>}
      second={<p>right</p>}
    />
  )
}

describe('SplitPane', () => {
  it('exposes its size as a separator value and moves by keyboard within its range', () => {
    render(<Harness initial={40} />)
    const sep = screen.getByRole('separator', { name: 'Resize' })
    expect(sep.getAttribute('aria-valuenow')).toBe('40')
    expect(sep.getAttribute('aria-valuemin')).toBe('25')
    expect(sep.getAttribute('aria-valuemax')).toBe('70')
    expect(sep.getAttribute('aria-controls')).toBe('left')
    fireEvent.keyDown(sep, { key: 'ArrowRight' })
    expect(sep.getAttribute('aria-valuenow')).toBe('42')
    fireEvent.keyDown(sep, { key: 'ArrowLeft', shiftKey: true })
    expect(sep.getAttribute('aria-valuenow')).toBe('32')
    fireEvent.keyDown(sep, { key: 'ArrowLeft', shiftKey: true })
    expect(sep.getAttribute('aria-valuenow')).toBe('25')
    fireEvent.keyDown(sep, { key: 'End' })
    expect(sep.getAttribute('aria-valuenow')).toBe('70')
    fireEvent.keyDown(sep, { key: 'ArrowRight' })
    expect(sep.getAttribute('aria-valuenow')).toBe('70')
    fireEvent.keyDown(sep, { key: 'Home' })
    expect(sep.getAttribute('aria-valuenow')).toBe('25')
  })

  it('clamps and rounds sizes', () => {
    expect(clampSize(12, 20, 80)).toBe(20)
    expect(clampSize(91, 20, 80)).toBe(80)
    expect(clampSize(33.333, 20, 80)).toBe(33.3)
  })
})
