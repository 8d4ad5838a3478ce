// Token counting for the model's view of a tool. The counter is pluggable: the built-in one estimates (characters / 4)
// and says so; a real tokenizer (gpt-tokenizer, js-tiktoken, a Claude tokenizer) can be passed in its place.

/** Counts the tokens of a text for one provider's tokenizer. `estimate` is true when the count is an approximation. */
export interface TokenCounter {
  /** The provider whose tokenizer this follows, or `any`. */
  provider: string
  /** The encoding's name (`o200k_base`, `cl100k_base`) or how the estimate is made. */
  encoding: string
  estimate: boolean
  count(text: string): number
}

/** Characters per token of the estimate: OpenAI's rule of thumb for English text ("one token ≈ 4 characters"). */
export const CHARS_PER_TOKEN = 4

/** An estimating counter: ceil(characters / 4). Good for budgets and comparisons, not for billing. */
export function estimateTokenCounter(provider = 'any'): TokenCounter {
  return {
    provider,
    encoding: `chars/${CHARS_PER_TOKEN}`,
    estimate: true,
    count: (text) => Math.ceil(text.length / CHARS_PER_TOKEN),
  }
}

/** The text a token count is taken of: a provider definition as compact JSON. */
export function definitionText(definition: unknown): string {
  return JSON.stringify(definition) ?? ''
}

/**
 * Longest text counted in full. Past it the tokens of this prefix are scaled to the whole length and the count is an
 * estimate: counting runs on the server's event loop (and in `toolscope lint`), and a tokenizer costs up to a few
 * microseconds per character.
 */
export const MAX_EXACT_TOKEN_CHARS = 32_768

/**
 * Longest piece handed to a tokenizer at once. BPE merging is quadratic in the length of one unbroken run of
 * characters (a megabyte of `x`, or of spaces, took minutes), so text is cut into pieces: before a word when there is
 * a word boundary (where the tokenizers split anyway, so ordinary text counts the same), else mid-run.
 */
export const MAX_TOKEN_PIECE_CHARS = 2_048

const isSpace = (code: number) => code === 0x20 || code === 0x0a || code === 0x0d || code === 0x09

/** The end of the piece that starts at `start`: a word boundary in its second half if any, else the length cap. */
function pieceEnd(text: string, start: number): number {
  const end = start + MAX_TOKEN_PIECE_CHARS
  if (end >= text.length) return text.length
  for (let i = end; i > start + MAX_TOKEN_PIECE_CHARS / 2; i--) {
    // A single space between two non-spaces: the tokenizers start a word there (` word`), so nothing merges across.
    if (text.charCodeAt(i) === 0x20 && !isSpace(text.charCodeAt(i - 1)) && !isSpace(text.charCodeAt(i + 1))) return i
  }
  // Never between the two halves of a surrogate pair.
  const code = text.charCodeAt(end - 1)
  return code >= 0xd800 && code <= 0xdbff ? end - 1 : end
}

/** `counter.count` over pieces of at most MAX_TOKEN_PIECE_CHARS (linear in the text's length). */
function countInPieces(counter: TokenCounter, text: string): number {
  if (text.length <= MAX_TOKEN_PIECE_CHARS) return counter.count(text)
  let total = 0
  for (let start = 0; start < text.length; ) {
    const end = pieceEnd(text, start)
    total += counter.count(text.slice(start, end))
    start = end
  }
  return total
}

/** A bounded token count: `sampledChars` is set when only that prefix was counted and the rest scaled (an estimate). */
export interface BoundedTokenCount {
  count: number
  estimate: boolean
  sampledChars?: number
}

/** Counts `text` in time linear in its length, counting at most MAX_EXACT_TOKEN_CHARS of it (see BoundedTokenCount). */
export function countTokensBounded(counter: TokenCounter, text: string): BoundedTokenCount {
  if (text.length <= MAX_EXACT_TOKEN_CHARS) return { count: countInPieces(counter, text), estimate: counter.estimate }
  const prefix = text.slice(0, pieceEnd(text, MAX_EXACT_TOKEN_CHARS - MAX_TOKEN_PIECE_CHARS))
  const count = Math.round((countInPieces(counter, prefix) * text.length) / prefix.length)
  return { count, estimate: true, sampledChars: prefix.length }
}
