// Where MCP servers come from: `--mcp` flags (a command line for stdio, or an http(s) URL for Streamable HTTP) and the
// project's `.mcp.json` (the `mcpServers` format of Claude Code, Cursor and VS Code). `${VAR}` references stay
// unexpanded in the spec (so nothing read from the environment is stored or shown) and are expanded only to connect.

import { readFile } from 'node:fs/promises'
import { basename, extname, resolve } from 'node:path'
import { isSecretKey, isSecretQueryName, redactUrl, REDACTED, secretArgs } from '../../src/runtime/index.ts'

/** One MCP server to connect to, as configured (references not yet expanded). */
export type McpServerSpec =
  | {
      name: string
      transport: 'stdio'
      command: string
      args: string[]
      env?: Record<string, string>
      cwd?: string
      origin: string
    }
  | { name: string; transport: 'http'; url: string; headers?: Record<string, string>; origin: string }

/** The config file read at start and watched. */
export const MCP_CONFIG_FILE = '.mcp.json'

const NAME = /^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$/
/** Launchers whose first script argument names the server better than the launcher does. */
const LAUNCHERS = new Set([
  'node',
  'npx',
  'tsx',
  'bun',
  'deno',
  'python',
  'python3',
  'uv',
  'uvx',
  'pipx',
  'go',
  'cargo',
  'docker',
  'pnpm',
  'yarn',
  'dlx',
])

/** Splits a command line as a POSIX shell would for words: quotes and backslashes, no expansion. */
export function splitCommandLine(line: string): string[] {
  const words: string[] = []
  let word = ''
  let inWord = false
  let quote: '"' | "'" | undefined
  for (let i = 0; i < line.length; i++) {
    const c = line[i]
    if (quote) {
      if (c === quote) quote = undefined
      else if (c === '\\' && quote === '"' && i + 1 < line.length) word += line[++i]
      else word += c
    } else if (c === '"' || c === "'") {
      quote = c
      inWord = true
    } else if (c === '\\' && i + 1 < line.length) {
      word += line[++i]
      inWord = true
    } else if (/\s/.test(c)) {
      if (inWord) words.push(word)
      word = ''
      inWord = false
    } else {
      word += c
      inWord = true
    }
  }
  if (quote) throw new Error(`unclosed ${quote} quote in "${line}"`)
  if (inWord) words.push(word)
  return words
}

/** A readable server name from a command: the script or package a launcher runs, else the command itself. */
function nameOfCommand(command: string, args: string[]): string {
  const script = LAUNCHERS.has(basename(command))
    ? args.find((a) => !a.startsWith('-') && !['run', 'exec', 'x', 'dlx'].includes(a))
    : undefined
  const base = basename(script ?? command).replace(/@[^/@]*$/, '')
  const stem = base.slice(0, base.length - extname(base).length) || base
  const name = (stem === 'index' || stem === 'main') && script ? basename(resolve(script, '..', '..')) : stem
  return name.replace(/[^A-Za-z0-9_.-]/g, '-').replace(/^[^A-Za-z0-9]+/, '') || 'mcp'
}

function nameOfUrl(url: URL): string {
  return `${url.hostname}${url.port ? `-${url.port}` : ''}`.replace(/[^A-Za-z0-9_.-]/g, '-')
}

/**
 * One `--mcp` value: `[name=]<command line>` for a stdio server, `[name=]http(s)://…` for Streamable HTTP. `headers`
 * come from `--mcp-header "Name: value"` flags given after it.
 */
export function parseMcpFlag(value: string, headers: Record<string, string> = {}): McpServerSpec {
  const named = /^([A-Za-z0-9][A-Za-z0-9_.-]{0,63})=(?!\/)/.exec(value)
  const rest = (named ? value.slice(named[0].length) : value).trim()
  if (!rest) throw new Error('--mcp needs a command line or an http(s) URL')
  const origin = '--mcp'
  if (/^https?:\/\//i.test(rest)) {
    let url: URL
    try {
      url = new URL(rest)
    } catch {
      throw new Error(`--mcp: "${rest}" is not a URL`)
    }
    return {
      name: named?.[1] ?? nameOfUrl(url),
      transport: 'http',
      url: rest,
      ...(Object.keys(headers).length ? { headers } : {}),
      origin,
    }
  }
  if (Object.keys(headers).length) throw new Error('--mcp-header applies to an http(s) server, not to a command')
  const [command, ...args] = splitCommandLine(rest)
  return { name: named?.[1] ?? nameOfCommand(command, args), transport: 'stdio', command, args, origin }
}

/** `--mcp-header "Name: value"`: one HTTP header for the `--mcp` URL before it. */
export function parseHeaderFlag(value: string): [string, string] {
  const colon = value.indexOf(':')
  const name = colon > 0 ? value.slice(0, colon).trim() : ''
  if (!/^[A-Za-z0-9!#$%&'*+.^_`|~-]+$/.test(name)) throw new Error(`--mcp-header must be "Name: value", got "${value}"`)
  return [name, value.slice(colon + 1).trim()]
}

/** One `--mcp` or `--mcp-header` flag of a command, added to `list` (a header goes to the `--mcp` URL before it). */
export function takeMcpFlag(list: McpServerSpec[], flag: '--mcp' | '--mcp-header', value: string): void {
  if (flag === '--mcp') return void list.push(parseMcpFlag(value))
  const last = list.at(-1)
  if (!last || last.transport !== 'http') throw new Error('--mcp-header must follow an --mcp http(s) URL')
  const [name, headerValue] = parseHeaderFlag(value)
  last.headers = { ...last.headers, [name]: headerValue }
}

/** The usage lines of the MCP flags, shared by every command that loads tools. */
export const MCP_USAGE = `  --mcp <server>    an MCP server's tools join the catalog: "[name=]<command line>" (stdio) or
                    "[name=]http(s)://host/mcp" (Streamable HTTP); repeatable. .mcp.json in the working
                    folder adds its "mcpServers" too. With MCP servers and no path, no example tools load.
  --mcp-header <h>  "Name: value" header for the --mcp URL before it (a ${'$'}{VAR} in it is read from the environment)`

const isRecordOfStrings = (v: unknown): v is Record<string, string> =>
  !!v && typeof v === 'object' && !Array.isArray(v) && Object.values(v).every((x) => typeof x === 'string')

/** The servers of a `.mcp.json` text; each entry that cannot be used is named in `errors`, the others still load. */
export function parseMcpConfig(text: string, file: string): { servers: McpServerSpec[]; errors: string[] } {
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch (err) {
    return { servers: [], errors: [`${file} is not JSON: ${(err as Error).message}`] }
  }
  const entries = (json as { mcpServers?: unknown } | null)?.mcpServers
  if (!entries || typeof entries !== 'object' || Array.isArray(entries))
    return { servers: [], errors: [`${file} has no "mcpServers" object.`] }
  const servers: McpServerSpec[] = []
  const errors: string[] = []
  for (const [name, raw] of Object.entries(entries as Record<string, unknown>)) {
    const where = `${file}: server "${name}"`
    const entry = (raw ?? {}) as Record<string, unknown>
    if (!NAME.test(name)) {
      errors.push(`${where}: a name has letters, digits, ".", "-" or "_" (at most 64).`)
      continue
    }
    const type = entry.type ?? (entry.url !== undefined ? 'http' : 'stdio')
    if (type === 'http' || type === 'streamable-http' || type === 'sse') {
      if (type === 'sse')
        errors.push(`${where}: the legacy SSE transport is not supported; it is tried as Streamable HTTP.`)
      if (typeof entry.url !== 'string') errors.push(`${where}: "url" must be a string.`)
      else if (entry.headers !== undefined && !isRecordOfStrings(entry.headers))
        errors.push(`${where}: "headers" must map names to strings.`)
      else
        servers.push({
          name,
          transport: 'http',
          url: entry.url,
          ...(entry.headers ? { headers: entry.headers as Record<string, string> } : {}),
          origin: file,
        })
    } else if (type === 'stdio') {
      if (typeof entry.command !== 'string' || !entry.command) errors.push(`${where}: "command" must be a string.`)
      else if (
        entry.args !== undefined &&
        !(Array.isArray(entry.args) && entry.args.every((a) => typeof a === 'string'))
      )
        errors.push(`${where}: "args" must be an array of strings.`)
      else if (entry.env !== undefined && !isRecordOfStrings(entry.env))
        errors.push(`${where}: "env" must map names to strings.`)
      else if (entry.cwd !== undefined && typeof entry.cwd !== 'string')
        errors.push(`${where}: "cwd" must be a string.`)
      else {
        servers.push({
          name,
          transport: 'stdio',
          command: entry.command,
          args: (entry.args as string[] | undefined) ?? [],
          ...(entry.env ? { env: entry.env as Record<string, string> } : {}),
          ...(typeof entry.cwd === 'string' ? { cwd: entry.cwd } : {}),
          origin: file,
        })
      }
    } else errors.push(`${where}: unknown "type" ${JSON.stringify(type)} (stdio or http).`)
  }
  return { servers, errors }
}

/** Reads `.mcp.json` in `dir`; no file is no servers (not an error). */
export async function readMcpConfig(dir: string): Promise<{ servers: McpServerSpec[]; errors: string[] }> {
  let text: string
  try {
    text = await readFile(resolve(dir, MCP_CONFIG_FILE), 'utf8')
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return { servers: [], errors: [] }
    return { servers: [], errors: [`${MCP_CONFIG_FILE} could not be read: ${(err as Error).message}`] }
  }
  return parseMcpConfig(text, MCP_CONFIG_FILE)
}

/**
 * Expands `${VAR}` and `${VAR:-default}` from `env`. A reference to an unset variable without a default is an error
 * naming the variable (never its value): a server must not start with an empty token.
 */
export function expandVars(text: string, env: NodeJS.ProcessEnv, where: string): string {
  return text.replace(
    /\$\{([A-Za-z_][A-Za-z0-9_]*)(?::-([^}]*))?\}/g,
    (_, name: string, fallback: string | undefined) => {
      const value = env[name]
      if (value !== undefined && value !== '') return value
      if (fallback !== undefined) return fallback
      throw new Error(`${where} uses \${${name}}, which is not set in the environment.`)
    },
  )
}

const expandAll = (record: Record<string, string> | undefined, env: NodeJS.ProcessEnv, where: string) =>
  record ? Object.fromEntries(Object.entries(record).map(([k, v]) => [k, expandVars(v, env, where)])) : undefined

/** The spec with every reference expanded: used to connect, never stored or shown. */
export function expandSpec(spec: McpServerSpec, env: NodeJS.ProcessEnv = process.env): McpServerSpec {
  const where = `MCP server "${spec.name}"`
  if (spec.transport === 'http')
    return { ...spec, url: expandVars(spec.url, env, where), headers: expandAll(spec.headers, env, where) }
  return {
    ...spec,
    command: expandVars(spec.command, env, where),
    args: spec.args.map((a) => expandVars(a, env, where)),
    env: expandAll(spec.env, env, where),
    cwd: spec.cwd && expandVars(spec.cwd, env, where),
  }
}

const REFERENCE = /\$\{([A-Za-z_][A-Za-z0-9_]*)(?::-[^}]*)?\}/g

/** The values of a URL's secret-looking query parameters (`?token=…`). */
function urlSecrets(url: string): string[] {
  try {
    return [...new URL(url).searchParams].filter(([k]) => isSecretQueryName(k)).map(([, v]) => v)
  } catch {
    return []
  }
}

/**
 * What a spec keeps out of sight, as it stands here: the value of every `${VAR}` it names, every header value and every
 * secret-looking env entry, expanded. A published file must hold none of them (`toolscope build` redacts them).
 */
export function specSecrets(spec: McpServerSpec, env: NodeJS.ProcessEnv = process.env): string[] {
  const texts =
    spec.transport === 'http'
      ? [spec.url, ...Object.values(spec.headers ?? {})]
      : [spec.command, ...spec.args, ...Object.values(spec.env ?? {}), spec.cwd ?? '']
  const referenced = texts.flatMap((t) => [...t.matchAll(REFERENCE)].map((m) => env[m[1]!] ?? ''))
  const expand = (v: string) => {
    try {
      return expandVars(v, env, spec.name)
    } catch {
      return ''
    }
  }
  const hidden =
    spec.transport === 'http'
      ? [...Object.values(spec.headers ?? {}), ...urlSecrets(spec.url)]
      : [
          ...Object.entries(spec.env ?? {})
            .filter(([k]) => isSecretKey(k))
            .map(([, v]) => v),
          ...secretArgs(spec.args).map((s) => s.value),
        ]
  // A credential after its scheme (`Bearer …`) is a secret on its own too.
  const values = hidden.map(expand).flatMap((v) => [v, v.replace(/^[A-Za-z-]+ +/, '')])
  return [...new Set([...referenced, ...values])].filter(Boolean)
}

/**
 * How a server is shown (catalog, demo sites): its command or URL as configured, without header and env values, and
 * with a secret written out literally (after a secret-looking flag, in a secret-looking query parameter) redacted.
 */
export function describeSpec(spec: McpServerSpec): string {
  if (spec.transport === 'http') return redactUrl(spec.url)
  const args = [...spec.args]
  for (const { index, prefix } of secretArgs(spec.args)) args[index] = `${prefix}${REDACTED}`
  return [spec.command, ...args].map((w) => (/\s/.test(w) ? JSON.stringify(w) : w)).join(' ')
}
