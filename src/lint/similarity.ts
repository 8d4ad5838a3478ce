// Finds tools in one catalog whose descriptions are the same or nearly so (token Jaccard similarity), which leaves a
// model unable to tell them apart. Uses the prefix-filtering all-pairs method, so 1,000 tools stay fast.

import type { ToolDetail } from '../shared/protocol.ts'
import { findingOf } from './finding.ts'
import type { Finding, RuleMeta } from './types.ts'

/** Two tools whose descriptions (nearly) match leave a model unable to choose between them. */
export const DUPLICATE_DESCRIPTION: RuleMeta = {
  id: 'duplicate-description',
  defaultSeverity: 'warning',
  summary: 'Tool descriptions in one catalog are distinct',
}

/** Default similarity from which two descriptions count as near-duplicates. */
export const DEFAULT_SIMILARITY_THRESHOLD = 0.9

/** The distinct lower-case word tokens of a text (letters and digits of any script). */
export function descriptionTokens(text: string): Set<string> {
  return new Set(text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [])
}

/** Jaccard similarity of two token sets: shared tokens over all tokens (1 for two empty sets). */
export function jaccard(a: ReadonlySet<string>, b: ReadonlySet<string>): number {
  if (a.size === 0 && b.size === 0) return 1
  let shared = 0
  const [small, large] = a.size <= b.size ? [a, b] : [b, a]
  for (const token of small) if (large.has(token)) shared += 1
  return shared / (a.size + b.size - shared)
}

/** One near-duplicate pair, by index into the tool list. */
export interface SimilarPair {
  a: number
  b: number
  similarity: number
}

/** Every pair of token sets with similarity ≥ `threshold` (empty sets are skipped). */
export function similarPairs(
  sets: ReadonlyArray<ReadonlySet<string>>,
  threshold = DEFAULT_SIMILARITY_THRESHOLD,
): SimilarPair[] {
  const frequency = new Map<string, number>()
  for (const set of sets) for (const token of set) frequency.set(token, (frequency.get(token) ?? 0) + 1)
  // Rare tokens first (ties by text), so prefixes hold the tokens that narrow the candidates most.
  const rareFirst = (x: string, y: string): number => {
    const byFrequency = (frequency.get(x) ?? 0) - (frequency.get(y) ?? 0)
    if (byFrequency !== 0) return byFrequency
    if (x < y) return -1
    return x > y ? 1 : 0
  }
  const order = sets
    .map((set, index) => ({ index, tokens: [...set].sort(rareFirst) }))
    .filter((entry) => entry.tokens.length > 0)
  order.sort((x, y) => x.tokens.length - y.tokens.length)
  const index = new Map<string, number[]>()
  const pairs: SimilarPair[] = []
  for (const entry of order) {
    const size = entry.tokens.length
    const prefix = size - Math.ceil(threshold * size) + 1
    const candidates = new Set<number>()
    for (const token of entry.tokens.slice(0, prefix)) {
      for (const other of index.get(token) ?? []) if (sets[other].size >= threshold * size) candidates.add(other)
    }
    for (const other of candidates) {
      const similarity = jaccard(sets[entry.index], sets[other])
      if (similarity >= threshold) pairs.push({ a: other, b: entry.index, similarity })
    }
    for (const token of entry.tokens.slice(0, prefix)) {
      const list = index.get(token)
      if (list) list.push(entry.index)
      else index.set(token, [entry.index])
    }
  }
  return pairs
}

/** The duplicate-description findings of a catalog, by tool index. */
export function duplicateDescriptions(
  tools: readonly ToolDetail[],
  threshold = DEFAULT_SIMILARITY_THRESHOLD,
): Map<number, Finding[]> {
  const sets = tools.map((tool) => descriptionTokens(tool.description))
  const similar = new Map<number, SimilarPair[]>()
  for (const pair of similarPairs(sets, threshold)) {
    for (const side of [pair.a, pair.b]) {
      const list = similar.get(side)
      if (list) list.push(pair)
      else similar.set(side, [pair])
    }
  }
  const findings = new Map<number, Finding[]>()
  for (const [toolIndex, pairs] of similar) {
    const others = pairs.map((pair) => {
      const other = pair.a === toolIndex ? pair.b : pair.a
      const how = pair.similarity === 1 ? 'the same as' : `${Math.round(pair.similarity * 100)}% like`
      return `${how} "${tools[other].id}"`
    })
    const message = `The description is ${others.join(', ')}, so a model cannot tell these tools apart. Say what is different about this one: its inputs, its scope, when to use it instead.`
    findings.set(toolIndex, [findingOf(DUPLICATE_DESCRIPTION, message, { path: '/description' })])
  }
  return findings
}
