import { describe, expect, it } from 'vitest'
import { encodeModelSegment, modelUri } from './modelUri.ts'

describe('modelUri', () => {
  const ids = [
    'Get a random image from unsplash',
    'weather',
    'a/b?c#d',
    "it's (50%) *off*",
    '{x}[y]',
    'ünïcødé 🙂',
    'a_20',
    'a ',
    '',
  ]

  it('uses only characters that are literal in a URI and in a glob', () => {
    for (const id of ids)
      expect(modelUri('input', id)).toMatch(/^inmemory:\/\/toolscope\/input\/[A-Za-z0-9._-]+\.json$/)
  })

  it('is the same after a URI decode (what the JSON worker matches against)', () => {
    for (const id of ids) expect(decodeURIComponent(modelUri('input', id))).toBe(modelUri('input', id))
  })

  it('keeps different ids apart, and plain ids readable', () => {
    expect(new Set(ids.map((id) => encodeModelSegment(id))).size).toBe(ids.length)
    expect(encodeModelSegment('get-weather.v2')).toBe('get-weather.v2')
    expect(encodeModelSegment('Get a random')).toBe('Get_20a_20random')
  })
})
