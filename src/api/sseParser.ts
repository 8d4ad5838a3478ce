// Incremental parser of a text/event-stream body (WHATWG rules: blank line ends a frame, `:` lines are comments).
// Kept pure so it is unit-tested without a browser; the fetch-based reader in sse.ts feeds it decoded chunks.

/** One dispatched SSE frame. */
export interface SseFrame {
  event: string
  data: string
  id?: string
}

/** Stateful parser: `push(text)` returns the frames completed by that text. */
export function createSseParser() {
  let buffer = ''
  let event = ''
  let data: string[] = []
  let id: string | undefined
  return {
    push(text: string): SseFrame[] {
      buffer += text
      const frames: SseFrame[] = []
      let nl: number
      while ((nl = buffer.search(/\r\n|\r|\n/)) >= 0) {
        const line = buffer.slice(0, nl)
        buffer = buffer.slice(nl + (buffer.startsWith('\r\n', nl) ? 2 : 1))
        if (line === '') {
          if (data.length > 0) frames.push({ event: event || 'message', data: data.join('\n'), id })
          event = ''
          data = []
          continue
        }
        if (line.startsWith(':')) continue
        const colon = line.indexOf(':')
        const field = colon < 0 ? line : line.slice(0, colon)
        let value = colon < 0 ? '' : line.slice(colon + 1)
        if (value.startsWith(' ')) value = value.slice(1)
        if (field === 'event') event = value
        else if (field === 'data') data.push(value)
        else if (field === 'id') id = value
      }
      return frames
    },
  }
}
