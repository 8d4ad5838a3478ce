// Splits an error message that carries its own issue lines (Mastra's "…try again:\n- path: message\n\nProvided
// arguments: …", and the resume refusal) for display beside the structured issues, so each issue is shown once:
// the first line, then the list, then what followed the issue block.

/** The message's headline and the paragraphs after its issue lines; the whole message when there are no issues. */
export function errorParts(message: string, hasIssues: boolean): { headline: string; after?: string } {
  if (!hasIssues) return { headline: message }
  const [headline] = message.split('\n', 1)
  const gap = message.indexOf('\n\n')
  const after = gap >= 0 ? message.slice(gap + 2).trim() : ''
  return after ? { headline, after } : { headline }
}
