// Line coverage of tools' own source files as lcov text, the format CI coverage services read: per file `SF:`, one
// `DA:line,count` per executable line, `LF` (lines found) and `LH` (lines hit), `end_of_record`. Pure; the counts come
// from the tool host's workers (server/toolHost/v8Coverage.ts), merged across workers and runs here.

/** Executions of each executable line of one source file (1-based line numbers of the TypeScript source). */
export interface FileCoverage {
  file: string
  lines: Record<number, number>
}

/** Coverage of the same files from several workers or runs, summed line by line (files sorted by path). */
export function mergeCoverage(...parts: FileCoverage[][]): FileCoverage[] {
  const byFile = new Map<string, Record<number, number>>()
  for (const part of parts) {
    for (const { file, lines } of part) {
      const into = byFile.get(file) ?? {}
      for (const [line, count] of Object.entries(lines)) into[Number(line)] = (into[Number(line)] ?? 0) + count
      byFile.set(file, into)
    }
  }
  return [...byFile.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([file, lines]) => ({ file, lines }))
}

/** The lcov text of `files`, lines in order. */
export function toLcov(files: FileCoverage[]): string {
  return files
    .map(({ file, lines }) => {
      const entries = Object.entries(lines)
        .map(([line, count]) => [Number(line), count] as const)
        .sort(([a], [b]) => a - b)
      const hit = entries.filter(([, count]) => count > 0).length
      return [
        'TN:',
        `SF:${file}`,
        ...entries.map(([line, count]) => `DA:${line},${count}`),
        `LF:${entries.length}`,
        `LH:${hit}`,
        'end_of_record',
      ].join('\n')
    })
    .map((record) => `${record}\n`)
    .join('')
}
