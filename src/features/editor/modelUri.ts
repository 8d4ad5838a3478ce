// Monaco model URIs for the JSON editors. The JSON worker matches schemas by turning `fileMatch` into a glob
// and testing it against the model's *decoded* URI, so an id with spaces, `%`, `*`, `?` or `{` never matched
// (no completion). Every character outside [A-Za-z0-9.-] becomes `_XX` (UTF-8 hex): safe, and one id → one URI.

const SAFE = /[A-Za-z0-9.-]/

/** Encodes `id` as a URI path segment made only of characters that mean the same in a URI and in a glob. */
export function encodeModelSegment(id: string): string {
  let out = ''
  for (const ch of id) {
    if (SAFE.test(ch)) out += ch
    else for (const byte of new TextEncoder().encode(ch)) out += `_${byte.toString(16).toUpperCase().padStart(2, '0')}`
  }
  return out || '_'
}

/** Model URI of an editor of `kind` (input, request-context, resume…) for the tool or run `id`. */
export function modelUri(kind: string, id: string): string {
  return `inmemory://toolscope/${encodeModelSegment(kind)}/${encodeModelSegment(id)}.json`
}
