// A literal example string for a simple regular expression (the `pattern` of a JSON Schema string), so the
// "Defaults" fill can satisfy patterns such as `^\d{4}-\d{2}$`. Handles literals, escapes, classes, groups,
// alternation (first branch) and quantifiers (their minimum, at least once for `+`); the caller checks the result.

const CLASS_EXAMPLE: Record<string, string> = { d: '0', w: 'a', s: ' ', D: 'a', W: '-', S: 'a', b: '', B: '' }

/** An example string for `pattern`, or undefined when the pattern uses something this reader does not know. */
export function patternExample(pattern: string): string | undefined {
  let i = 0
  const fail = Symbol('fail')
  const atom = (): string | typeof fail => {
    const c = pattern[i++]
    if (c === '\\') {
      const e = pattern[i++]
      if (e === undefined) return fail
      if (e in CLASS_EXAMPLE) return CLASS_EXAMPLE[e]
      if (e === 'u' || e === 'x' || e === 'p' || e === 'P' || e === 'k' || /[1-9]/.test(e)) return fail
      return ({ n: '\n', t: '\t', r: '\r' } as Record<string, string>)[e] ?? e
    }
    if (c === '[') {
      const negated = pattern[i] === '^'
      if (negated) i++
      let first: string | undefined
      while (i < pattern.length && (pattern[i] !== ']' || first === undefined)) {
        let ch = pattern[i++]
        if (ch === '\\') {
          const e = pattern[i++]
          ch = e in CLASS_EXAMPLE ? CLASS_EXAMPLE[e] || 'a' : e
        }
        first ??= ch
      }
      i++
      if (negated) return /[a-z]/.test(first ?? '') || (first ?? '') === 'a' ? '0' : 'a'
      return first ?? fail
    }
    if (c === '(') {
      if (pattern[i] === '?') {
        if (pattern[i + 1] !== ':') return fail
        i += 2
      }
      const inner = alternation()
      if (pattern[i++] !== ')') return fail
      return inner
    }
    if (c === '.') return 'a'
    if (c === '^' || c === '$') return ''
    if (c === undefined || c === ')' || c === '|' || '*+?{'.includes(c)) return fail
    return c
  }
  const quantified = (): string | typeof fail => {
    const a = atom()
    if (a === fail) return fail
    const q = pattern[i]
    let times = 1
    if (q === '*' || q === '?') {
      times = 0
      i++
    } else if (q === '+') i++
    else if (q === '{') {
      const m = /^\{(\d+)(,\d*)?\}/.exec(pattern.slice(i))
      if (!m) return fail
      times = Number(m[1])
      i += m[0].length
    }
    if (pattern[i] === '?' || pattern[i] === '+') i++ // lazy / possessive markers
    return a.repeat(times)
  }
  const sequence = (): string | typeof fail => {
    let out = ''
    while (i < pattern.length && pattern[i] !== '|' && pattern[i] !== ')') {
      const part = quantified()
      if (part === fail) return fail
      out += part
    }
    return out
  }
  const alternation = (): string | typeof fail => {
    const first = sequence()
    while (pattern[i] === '|') {
      i++
      if (sequence() === fail) return fail
    }
    return first
  }
  const result = alternation()
  if (result === fail || i < pattern.length) return undefined
  return result
}
