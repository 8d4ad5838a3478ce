// Input text as a model streams it: split into deltas (never inside a surrogate pair) and parsed as JSON,
// with a message that says where parsing failed.

/** Splits text into chunks of `size` UTF-16 units, extending a chunk by one rather than splitting a surrogate pair. */
export function splitChunks(text: string, size: number): string[] {
  const step = Math.max(1, Math.floor(size) || 1)
  const chunks: string[] = []
  for (let i = 0; i < text.length; ) {
    let end = Math.min(text.length, i + step)
    const last = text.charCodeAt(end - 1)
    if (end < text.length && last >= 0xd800 && last <= 0xdbff) end++
    chunks.push(text.slice(i, end))
    i = end
  }
  return chunks
}

/**
 * The deltas a run streams its input text in: the caller's exact fragments when they join to the text (a model's
 * argument deltas, empty ones left out), else chunks of `chunkSize` (default 16).
 */
export function inputFragments(text: string, stream: { chunkSize?: number; chunks?: string[] } | undefined): string[] {
  const chunks = stream?.chunks
  if (chunks && chunks.join('') === text) return chunks.filter((c) => c !== '')
  return splitChunks(text, stream?.chunkSize ?? 16)
}

/** Line and column (1-based) of a character offset. */
function locate(text: string, position: number): { line: number; column: number } {
  const before = text.slice(0, position)
  const line = before.split('\n').length
  return { line, column: position - before.lastIndexOf('\n') }
}

/**
 * Offset where JSON.parse gave up. V8 on Node 20 no longer prints a position for every error, so a small scanner
 * walks the grammar and stops at the first character that cannot continue a JSON text.
 */
export function jsonErrorOffset(text: string): number {
  let i = 0
  const ws = () => {
    while (i < text.length && ' \t\n\r'.includes(text[i])) i++
  }
  const fail = (): never => {
    throw i
  }
  const literal = (word: string) => {
    for (const ch of word) {
      if (text[i] !== ch) fail()
      i++
    }
  }
  const string = () => {
    i++
    while (i < text.length && text[i] !== '"') {
      if (text.charCodeAt(i) < 0x20) fail()
      if (text[i] === '\\') {
        i++
        if (text[i] === 'u') {
          for (let k = 0; k < 4; k++) if (!/[0-9a-fA-F]/.test(text[++i] ?? '')) fail()
        } else if (!'"\\/bfnrt'.includes(text[i] ?? 'x')) fail()
      }
      i++
    }
    if (i >= text.length) fail()
    i++
  }
  const number = () => {
    const match = /^-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?/.exec(text.slice(i))
    if (!match || match[0] === '-') fail()
    i += match![0].length
  }
  const value = (): void => {
    ws()
    const ch = text[i]
    if (ch === '{') {
      i++
      ws()
      if (text[i] === '}') return void i++
      for (;;) {
        ws()
        if (text[i] !== '"') fail()
        string()
        ws()
        if (text[i] !== ':') fail()
        i++
        value()
        ws()
        if (text[i] === ',') i++
        else if (text[i] === '}') return void i++
        else fail()
      }
    } else if (ch === '[') {
      i++
      ws()
      if (text[i] === ']') return void i++
      for (;;) {
        value()
        ws()
        if (text[i] === ',') i++
        else if (text[i] === ']') return void i++
        else fail()
      }
    } else if (ch === '"') string()
    else if (ch === 't') literal('true')
    else if (ch === 'f') literal('false')
    else if (ch === 'n') literal('null')
    else if (ch === '-' || (ch >= '0' && ch <= '9')) number()
    else fail()
  }
  try {
    value()
    ws()
    return i < text.length ? i : -1
  } catch (offset) {
    return offset as number
  }
}

/** Parsed input, or a message naming where the JSON broke. Empty text means `{}` (as the AI SDK treats it). */
export function parseInputText(
  text: string,
): { ok: true; value: unknown } | { ok: false; message: string; position: number } {
  if (text.trim() === '') return { ok: true, value: {} }
  try {
    return { ok: true, value: JSON.parse(text) }
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error)
    const found = jsonErrorOffset(text)
    const position = found < 0 ? text.length : Math.min(found, text.length)
    const { line, column } = locate(text, position)
    const where =
      position >= text.length
        ? `at the end of the input (position ${position}, line ${line}, column ${column})`
        : `at position ${position} (line ${line}, column ${column})`
    return { ok: false, position, message: `Tool input is not valid JSON: parsing failed ${where}: ${reason}` }
  }
}
