// The toolscope binary starts itself again with its memory settings where Node can replace a process's image
// (process.execve: Node 22.15+, 23.11+): the same pid, with a 1 MiB young generation, V8's --optimize-for-size, `gc` exposed and glibc's malloc tuned. On Node 20 it
// runs as started. Read from /proc (Linux), on every Node of test:platforms.

import { spawn } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { expect, it } from 'vitest'
import { FIXTURES, tempDir } from './helpers.ts'

const BIN = fileURLToPath(new URL('../../bin/toolscope.mjs', import.meta.url))
const canExec = typeof (process as { execve?: unknown }).execve === 'function'

it(`${canExec ? 'restarts itself with its memory settings' : 'runs as started'} on Node ${process.versions.node}`, async () => {
  const t = await tempDir()
  const env = { ...process.env }
  delete env.MALLOC_ARENA_MAX
  delete env.MALLOC_MMAP_THRESHOLD_
  const child = spawn(
    process.execPath,
    [BIN, join(FIXTURES, 'basic.ts'), '--port', '0', '--no-open', '--no-watch', '--data-dir', t.dir],
    { stdio: ['ignore', 'pipe', 'inherit'], env },
  )
  try {
    let out = ''
    for await (const chunk of child.stdout) {
      out += String(chunk)
      if (out.includes('Toolscope is running')) break
    }
    expect(out).toContain('Toolscope is running')
    const argv = readFileSync(`/proc/${child.pid}/cmdline`, 'utf8').split('\0')
    const environ = readFileSync(`/proc/${child.pid}/environ`, 'utf8').split('\0')
    if (canExec) {
      expect(argv).toEqual(expect.arrayContaining(['--max-semi-space-size=1', '--optimize-for-size', '--expose-gc']))
      expect(environ).toEqual(expect.arrayContaining(['MALLOC_ARENA_MAX=2', 'MALLOC_MMAP_THRESHOLD_=131072']))
    } else {
      expect(argv).not.toContain('--expose-gc')
      expect(argv).not.toContain('--optimize-for-size')
      expect(environ).not.toContain('MALLOC_ARENA_MAX=2')
    }
  } finally {
    child.kill('SIGKILL')
    await t.cleanup()
  }
}, 60_000)
