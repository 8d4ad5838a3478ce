import { describe, expect, it } from 'vitest'
import { formatDuration } from './duration.ts'

describe('formatDuration', () => {
  it('scales from milliseconds to minutes', () => {
    expect(formatDuration(0)).toBe('0.0 ms')
    expect(formatDuration(12.345)).toBe('12.3 ms')
    expect(formatDuration(999.94)).toBe('999.9 ms')
    expect(formatDuration(1234)).toBe('1.23 s')
    expect(formatDuration(59_990)).toBe('59.99 s')
    expect(formatDuration(125_000)).toBe('2 min 05 s')
    expect(formatDuration(-1)).toBe('—')
  })
})
