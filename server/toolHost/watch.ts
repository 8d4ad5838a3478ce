// Watches the user's tool paths with chokidar and calls back (debounced) when a module is added, changed or removed.

import { watch } from 'chokidar'
import { basename } from 'node:path'
import { isSkippedDir, isToolModuleName } from './files.ts'

/** Starts watching; returns a function that stops it. */
export function watchPaths(
  paths: string[],
  onChange: () => void,
  debounceMs: number,
  log: (line: string) => void,
): () => Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined
  const watcher = watch(paths, {
    ignoreInitial: true,
    ignored: (path, stats) => {
      const name = basename(path)
      if (stats?.isDirectory()) return isSkippedDir(name) && !paths.includes(path)
      // Any JS/TS file may be a dependency of a tool module, so tests/specs are ignored but other modules count.
      return stats?.isFile() === true && !isToolModuleName(name) && !/\.json$/.test(name)
    },
  })
  const trigger = () => {
    if (timer) clearTimeout(timer)
    timer = setTimeout(onChange, debounceMs)
  }
  watcher.on('all', trigger)
  watcher.on('error', (err) => log(`File watcher error: ${(err as Error).message}`))
  return async () => {
    if (timer) clearTimeout(timer)
    await watcher.close()
  }
}
