/// <reference types="node" />
// Starts a Toolscope server for tests as a child process of the installed package (`node <pkg>/bin/toolscope.mjs
// --port 0 --no-open ...`) and reads the printed URL, so it works from any project without importing TS server code.

import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

/** The package's CLI; the same relative place from src/playwright/ and dist/playwright/. */
const BIN = fileURLToPath(new URL('../../bin/toolscope.mjs', import.meta.url))

/** Options of a Toolscope server started for tests. */
export interface ToolscopeOptions {
  /** Tool files or folders, relative to `cwd` (the bundled examples when empty). */
  paths?: string[]
  /** Working folder of the server (where relative paths and the scenario folder resolve); default process.cwd(). */
  cwd?: string
  /** Reload tools when their files change. Default false: tests want a stable catalog. */
  watch?: boolean
  /** Per-run timeout in ms. */
  timeoutMs?: number
  /** Scenario folder (default `toolscope/scenarios` under `cwd`). */
  scenariosDir?: string
  /** How long the server may take to start. Default 60 s. */
  startTimeoutMs?: number
  /** More command-line options for the server (`['--max-workers', '1']`). */
  args?: string[]
}

/** A running server; `close()` stops it and removes its temp history folder. */
export interface LaunchedToolscope {
  /** URL to open, with `?token=`. */
  url: string
  origin: string
  token: string
  close(): Promise<void>
}

/** Starts a server on a free port with a fresh history folder; rejects with the server's output when it fails. */
export async function launchToolscope(options: ToolscopeOptions = {}): Promise<LaunchedToolscope> {
  const dataDir = mkdtempSync(join(tmpdir(), 'toolscope-pw-'))
  const args = [BIN, '--port', '0', '--no-open', '--no-build', '--data-dir', dataDir]
  if (!options.watch) args.push('--no-watch')
  if (options.timeoutMs) args.push('--timeout', String(options.timeoutMs))
  if (options.scenariosDir) args.push('--scenarios', options.scenariosDir)
  args.push(...(options.args ?? []))
  args.push(...(options.paths ?? []))
  // A fixed TOOLSCOPE_TOKEN in the environment would be fine too; an empty one means "random".
  const child = spawn(process.execPath, args, { cwd: options.cwd ?? process.cwd(), stdio: ['ignore', 'pipe', 'pipe'] })
  const stop = () => stopChild(child).finally(() => rmSync(dataDir, { recursive: true, force: true }))
  try {
    const url = new URL(await printedUrl(child, options.startTimeoutMs ?? 60_000))
    return { url: url.toString(), origin: url.origin, token: url.searchParams.get('token') ?? '', close: stop }
  } catch (err) {
    await stop()
    throw err
  }
}

function printedUrl(child: ChildProcess, timeoutMs: number): Promise<string> {
  return new Promise((resolve, reject) => {
    let output = ''
    let done = false
    const timer = setTimeout(() => fail(`did not print its URL within ${timeoutMs} ms`), timeoutMs)
    const fail = (why: string) => {
      done = true
      clearTimeout(timer)
      reject(new Error(`Toolscope server ${why}.\n${output}`))
    }
    // Keep draining stdout after the URL: a full pipe would block the server.
    const read = (chunk: Buffer) => {
      if (done) return
      output += String(chunk)
      const m = /Toolscope is running: (\S+)/.exec(output)
      if (m) {
        clearTimeout(timer)
        done = true
        resolve(m[1])
      }
    }
    child.stdout?.on('data', read)
    child.stderr?.on('data', (chunk: Buffer) => {
      if (!done) output += String(chunk)
    })
    child.once('exit', (code) => done || fail(`exited with code ${code} before it was ready`))
    child.once('error', (err) => fail(`could not start: ${err.message}`))
  })
}

async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  child.kill('SIGTERM')
  const timer = setTimeout(() => child.kill('SIGKILL'), 5_000)
  await exited
  clearTimeout(timer)
}
