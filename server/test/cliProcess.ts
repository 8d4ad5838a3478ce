// For tests of the real `toolscope` binary: its path, the URL a serving binary prints, and the local JSON API that the
// network tests of `toolscope call` and `toolscope test` record from and then replay without.

import { spawn, type ChildProcess } from 'node:child_process'
import { once } from 'node:events'
import { createServer } from 'node:http'
import { fileURLToPath } from 'node:url'

/** The binary of this checkout. */
export const BIN = fileURLToPath(new URL('../../bin/toolscope.mjs', import.meta.url))

/** Runs the binary to its end in `cwd`; resolves to its exit code and output. */
export function runCli(
  args: string[],
  options: { cwd: string; env?: NodeJS.ProcessEnv },
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BIN, ...args], {
      cwd: options.cwd,
      env: options.env ?? process.env,
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let stdout = ''
    let stderr = ''
    child.stdout.on('data', (d) => (stdout += d))
    child.stderr.on('data', (d) => (stderr += d))
    child.on('error', reject)
    child.on('close', (code) => resolve({ code, stdout, stderr }))
  })
}

/**
 * The URL a serving binary prints (`Toolscope is running: <url>`), or undefined when it exits first, and its output so
 * far. Its stdout is read on to the end (not up to the URL only): the server logs more lines after it, which must not
 * hit a closed pipe.
 */
export async function servedUrl(child: ChildProcess): Promise<{ url: URL | undefined; output: string }> {
  let output = ''
  const url = await new Promise<URL | undefined>((resolve) => {
    child.stdout!.on('data', (chunk) => {
      output += String(chunk)
      const m = /Toolscope is running: (\S+)/.exec(output)
      if (m) resolve(new URL(m[1]!))
    })
    child.once('exit', () => resolve(undefined))
  })
  return { url, output }
}

/** A local API on 127.0.0.1 that answers every request with `{ "items": ["a", "b"] }`. */
export interface ItemsApi {
  /** `http://127.0.0.1:<port>` */
  base: string
  /** Requests answered so far. */
  hits(): number
  /** Stops it (once it is closed, a request fails: what a replay must never make). */
  close(): Promise<void>
}

export async function startItemsApi(): Promise<ItemsApi> {
  let hits = 0
  const api = createServer((_req, res) => {
    hits++
    res.setHeader('content-type', 'application/json')
    res.end(JSON.stringify({ items: ['a', 'b'] }))
  })
  api.listen(0, '127.0.0.1')
  await once(api, 'listening')
  return {
    base: `http://127.0.0.1:${(api.address() as { port: number }).port}`,
    hits: () => hits,
    async close() {
      if (!api.listening) return
      api.close()
      await once(api, 'close')
    },
  }
}
