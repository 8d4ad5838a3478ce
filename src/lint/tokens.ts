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
