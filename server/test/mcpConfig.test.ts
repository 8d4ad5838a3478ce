// Where MCP servers come from: `--mcp` values (command lines with quotes, URLs, names), `--mcp-header`, `.mcp.json`
// in the mcpServers format with its errors named per entry, `${VAR}` expansion that names a missing variable and never
// shows a value, and the watched config file: a server added to it joins the catalog, a removed one leaves it.

import { writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterEach, describe, expect, it, vi } from 'vitest'
import {
  describeSpec,
  expandSpec,
  expandVars,
  parseMcpConfig,
  parseMcpFlag,
  specSecrets,
  splitCommandLine,
  takeMcpFlag,
  type McpServerSpec,
} from '../mcpSources/config.ts'
import { ToolHost } from '../toolHost/host.ts'
import type { CatalogEvent } from '../../src/shared/protocol.ts'
import { EVERYTHING_BIN } from './everythingServer.ts'
import { tempDir } from './helpers.ts'

describe('--mcp', () => {
  it('splits a command line as a shell does, quotes and escapes included', () => {
    expect(splitCommandLine(`node "my server.js" --name 'a b' c\\ d ""`)).toEqual([
      'node',
      'my server.js',
      '--name',
      'a b',
      'c d',
      '',
    ])
    expect(() => splitCommandLine('node "open')).toThrow(/unclosed " quote/)
  })

  it('names a server after what it runs, or the name given', () => {
    expect(parseMcpFlag('node node_modules/@modelcontextprotocol/server-everything/dist/index.js stdio')).toMatchObject(
      {
        name: 'server-everything',
        transport: 'stdio',
        command: 'node',
        args: ['node_modules/@modelcontextprotocol/server-everything/dist/index.js', 'stdio'],
      },
    )
    expect(parseMcpFlag('npx -y @modelcontextprotocol/server-everything@2026.8.31').name).toBe('server-everything')
    expect(parseMcpFlag('uvx mcp-server-fetch').name).toBe('mcp-server-fetch')
    expect(parseMcpFlag('./bin/weather-mcp --verbose').name).toBe('weather-mcp')
    expect(parseMcpFlag('http://127.0.0.1:3001/mcp')).toMatchObject({
      name: '127.0.0.1-3001',
      transport: 'http',
      url: 'http://127.0.0.1:3001/mcp',
    })
    expect(parseMcpFlag('docs=https://example.com/mcp').name).toBe('docs')
    expect(parseMcpFlag('fs=node server.js').name).toBe('fs')
  })

  it('takes headers for the URL before them, and refuses them anywhere else', () => {
    const list: McpServerSpec[] = []
    takeMcpFlag(list, '--mcp', 'https://example.com/mcp')
    takeMcpFlag(list, '--mcp-header', 'Authorization: Bearer ${API_TOKEN}')
    expect(list[0]).toMatchObject({ headers: { Authorization: 'Bearer ${API_TOKEN}' } })
    expect(() => takeMcpFlag([], '--mcp-header', 'X-A: b')).toThrow(/must follow an --mcp http/)
    expect(() => takeMcpFlag(list, '--mcp-header', 'no colon')).toThrow(/"Name: value"/)
    expect(() => parseMcpFlag('')).toThrow(/needs a command line or an http/)
  })
})

describe('.mcp.json', () => {
  it('reads stdio and http servers, and names each entry it cannot use', () => {
    const { servers, errors } = parseMcpConfig(
      JSON.stringify({
        mcpServers: {
          files: { command: 'npx', args: ['-y', 'fs-server'], env: { ROOT: '/tmp' } },
          remote: { type: 'http', url: 'https://example.com/mcp', headers: { Authorization: 'Bearer ${TOKEN}' } },
          legacy: { type: 'sse', url: 'https://example.com/sse' },
          broken: { command: 42 },
          odd: { type: 'websocket' },
          'bad name!': { command: 'x' },
        },
      }),
      '.mcp.json',
    )
    expect(servers.map((s) => [s.name, s.transport])).toEqual([
      ['files', 'stdio'],
      ['remote', 'http'],
      ['legacy', 'http'],
    ])
    expect(errors).toEqual([
      expect.stringContaining('server "legacy": the legacy SSE transport is not supported'),
      expect.stringContaining('server "broken": "command" must be a string'),
      expect.stringContaining('server "odd": unknown "type" "websocket"'),
      expect.stringContaining('server "bad name!": a name has letters'),
    ])
    expect(parseMcpConfig('{', '.mcp.json').errors[0]).toMatch(/is not JSON/)
    expect(parseMcpConfig('{}', '.mcp.json').errors[0]).toMatch(/no "mcpServers"/)
  })

  it('expands ${VAR} and ${VAR:-default} only to connect; a missing variable is named, never a value shown', () => {
    const env = { TOKEN: 'sk-planted-123', EMPTY: '' }
    expect(expandVars('Bearer ${TOKEN}', env, 'here')).toBe('Bearer sk-planted-123')
    expect(expandVars('${EMPTY:-fallback}/${NOPE:-x}', env, 'here')).toBe('fallback/x')
    expect(() => expandVars('${MISSING}', env, 'MCP server "a"')).toThrow(
      'MCP server "a" uses ${MISSING}, which is not set in the environment.',
    )
    const spec = parseMcpConfig(
      JSON.stringify({
        mcpServers: {
          r: { url: 'https://x/mcp', headers: { Authorization: 'Bearer ${TOKEN}' } },
          s: { command: 'srv', args: ['--key', '${TOKEN}'], env: { KEY: '${TOKEN}' } },
        },
      }),
      'f',
    ).servers
    expect(expandSpec(spec[0], env)).toMatchObject({ headers: { Authorization: 'Bearer sk-planted-123' } })
    expect(expandSpec(spec[1], env)).toMatchObject({
      args: ['--key', 'sk-planted-123'],
      env: { KEY: 'sk-planted-123' },
    })
    // What is shown (catalog, logs) is the configured text.
    for (const s of spec) expect(describeSpec(s)).not.toContain('sk-planted')
    expect(describeSpec(spec[1])).toBe('srv --key ${TOKEN}')
  })

  it('never shows a secret written out literally in a command line or a URL, and counts it among what files must not hold', () => {
    const stdio = parseMcpFlag(
      'node server.js --api-key sk-literal-123 --token=tok-literal-456 --port 8080 --name docs',
    )
    expect(describeSpec(stdio)).toBe('node server.js --api-key [REDACTED] --token=[REDACTED] --port 8080 --name docs')
    expect(specSecrets(stdio, {})).toEqual(expect.arrayContaining(['sk-literal-123', 'tok-literal-456']))
    const http = parseMcpFlag('https://example.com/mcp?token=qs-literal-789&region=eu')
    expect(describeSpec(http)).not.toContain('qs-literal-789')
    expect(describeSpec(http)).toContain('region=eu')
    expect(specSecrets(http, {})).toContain('qs-literal-789')
  })
})

describe('the watched .mcp.json', () => {
  let host: ToolHost | undefined
  let cleanup: (() => Promise<void>) | undefined
  afterEach(async () => {
    await host?.close()
    await cleanup?.()
  })

  it('adds a server written into it and drops one taken out, with a catalog event each time', async () => {
    const dir = await tempDir('toolscope-mcp-watch-')
    cleanup = dir.cleanup
    const file = join(dir.dir, '.mcp.json')
    await writeFile(file, JSON.stringify({ mcpServers: {} }))
    const events: CatalogEvent[] = []
    host = new ToolHost({
      paths: [],
      watch: true,
      watchDebounceMs: 20,
      sink: { onEvent: () => {}, onRunLost: () => {} },
      log: () => {},
      mcp: { servers: [], configDir: dir.dir },
    })
    host.onCatalogChange((e) => events.push(e))
    await host.ready
    expect(host.catalog.servers).toEqual([])
    await writeFile(
      file,
      JSON.stringify({ mcpServers: { everything: { command: process.execPath, args: [EVERYTHING_BIN, 'stdio'] } } }),
    )
    await vi.waitFor(
      () => expect(host!.catalog.servers).toEqual([expect.objectContaining({ name: 'everything', state: 'ready' })]),
      { timeout: 30_000, interval: 50 },
    )
    expect(host.hasTool('everything_echo')).toBe(true)
    expect(events.some((e) => e.added.includes('everything_echo'))).toBe(true)
    await writeFile(file, JSON.stringify({ mcpServers: {} }))
    await vi.waitFor(() => expect(host!.hasTool('everything_echo')).toBe(false), { timeout: 30_000, interval: 50 })
    expect(events.some((e) => e.removed.includes('everything_echo'))).toBe(true)
    expect(host.catalog.servers).toEqual([])
  }, 60_000)
})
