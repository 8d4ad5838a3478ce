// Unit tests of tool search and badges.
import { describe, expect, it } from 'vitest'
import type { ToolSummary } from '../../shared/protocol.ts'
import { filterTools, toolBadges } from './toolFilter.ts'

const flags = {
  requiresApproval: false,
  canSuspend: false,
  background: false,
  strict: false,
  hasTransform: false,
  hasModelOutput: false,
  hooks: [],
} as ToolSummary['flags']
const tool = (id: string, description: string, extra: Partial<ToolSummary> = {}): ToolSummary => ({
  id,
  description,
  kind: 'toolscope',
  file: 'x.ts',
  flags,
  ...extra,
})

describe('filterTools', () => {
  const tools = [
    tool('get-weather', 'Weather for a city'),
    tool('send-email', 'Sends mail', { title: 'Email' }),
    tool('delete-user', 'Removes a user', { group: 'admin' }),
  ]
  it('returns everything for an empty query', () => {
    expect(filterTools(tools, '  ')).toHaveLength(3)
  })
  it('matches id, title, group and description, all words, case-insensitively', () => {
    expect(filterTools(tools, 'WEATHER').map((t) => t.id)).toEqual(['get-weather'])
    expect(filterTools(tools, 'email').map((t) => t.id)).toEqual(['send-email'])
    expect(filterTools(tools, 'admin user').map((t) => t.id)).toEqual(['delete-user'])
    expect(filterTools(tools, 'admin weather')).toEqual([])
  })
})

describe('toolBadges', () => {
  it('lists the flags a person picks tools by', () => {
    const labels = toolBadges({
      ...flags,
      readOnly: true,
      destructive: true,
      idempotent: true,
      openWorld: true,
      requiresApproval: true,
      canSuspend: true,
      background: true,
    }).map((b) => b.label)
    expect(labels).toEqual([
      'read-only',
      'destructive',
      'idempotent',
      'open-world',
      'needs approval',
      'can suspend',
      'background',
    ])
    expect(toolBadges({ ...flags, requiresApproval: 'dynamic' }).map((b) => b.label)).toEqual(['may need approval'])
    expect(toolBadges(flags)).toEqual([])
    expect(toolBadges(flags, ['OpenAI (strict)'])).toEqual([{ label: 'refused by OpenAI (strict)', tone: 'danger' }])
    expect(toolBadges(flags, ['OpenAI (strict)', 'Google Gemini']).map((b) => b.label)).toEqual([
      'refused by 2 providers',
    ])
  })
})
