// Paths shown to people: relative inside the working folder, unchanged outside it (never "../").
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { displayPath } from '../displayPath.ts'

describe('displayPath', () => {
  it('is relative inside the folder and unchanged outside it', () => {
    const cwd = path.resolve('/work/project')
    expect(displayPath(path.join(cwd, 'tools', 'a.ts'), cwd)).toBe(path.join('tools', 'a.ts'))
    expect(displayPath(path.resolve('/elsewhere/b.ts'), cwd)).toBe(path.resolve('/elsewhere/b.ts'))
    expect(displayPath(cwd, cwd)).toBe(cwd)
  })
})
