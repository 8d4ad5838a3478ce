// The official reference MCP server (@modelcontextprotocol/server-everything) as a test partner: its stdio command
// line for `--mcp`, and its Streamable HTTP mode started on a free port for the length of a test file.

import { spawn, type ChildProcess } from 'node:child_process'
import { createServer } from 'node:net'
import { fileURLToPath } from 'node:url'
import { parseMcpFlag, type McpServerSpec } from '../mcpSources/config.ts'

/** The server's entry point in node_modules. */
export const EVERYTHING_BIN = fileURLToPath(
  new URL('../../node_modules/@modelcontextprotocol/server-everything/dist/index.js', import.meta.url),
)

/** `--mcp` for the stdio server, named `name`. */
export const everythingStdio = (name = 'everything'): McpServerSpec =>
  parseMcpFlag(`${name}=${JSON.stringify(process.execPath)} ${JSON.stringify(EVERYTHING_BIN)} stdio`)

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number }
      server.close(() => resolve(port))
    })
  })
}

/** Starts the server in Streamable HTTP mode; resolves once it listens. */
export async function startEverythingHttp(): Promise<{ url: string; stop: () => Promise<void> }> {
  const port = await freePort()
  const child: ChildProcess = spawn(process.execPath, [EVERYTHING_BIN, 'streamableHttp'], {
    env: { ...process.env, PORT: String(port) },
    stdio: ['ignore', 'ignore', 'pipe'],
  })
  await new Promise<void>((resolve, reject) => {
    let seen = ''
    child.stderr!.on('data', (chunk: Buffer) => {
      seen += chunk.toString()
      if (seen.includes('listening on port')) resolve()
    })
    child.once('exit', (code) => reject(new Error(`server-everything exited (${code}) before listening: ${seen}`)))
  })
  return {
    url: `http://127.0.0.1:${port}/mcp`,
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve()
        child.once('exit', () => resolve())
        child.kill()
      }),
  }
}
