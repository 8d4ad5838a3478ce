// Unit tests of the SSE frame parser: split chunks, comments, multi-line data, ids and CRLF.
import { describe, expect, it } from 'vitest'
import { createSseParser } from './sseParser.ts'

describe('createSseParser', () => {
  it('parses frames split across chunks', () => {
    const p = createSseParser()
    expect(p.push(': hello\n\nevent: log\nid: 3\nda')).toEqual([])
    expect(p.push('ta: {"a":1}\n\n')).toEqual([{ event: 'log', id: '3', data: '{"a":1}' }])
  })

  it('joins multi-line data, defaults the event name and handles CRLF', () => {
    const p = createSseParser()
    expect(p.push('data: a\r\ndata: b\r\n\r\n')).toEqual([{ event: 'message', data: 'a\nb', id: undefined }])
  })

  it('keeps the last id across frames and returns several frames from one chunk', () => {
    const p = createSseParser()
    const frames = p.push('id: 1\nevent: x\ndata: 1\n\nevent: y\ndata: 2\n\n')
    expect(frames.map((f) => [f.event, f.id])).toEqual([
      ['x', '1'],
      ['y', '1'],
    ])
  })
})
