// Security rules of a local server that runs code (DESIGN §4): session token checked in constant time,
// Host and Origin allow-list against DNS rebinding, and the rule that a non-loopback bind needs an explicit token.

import { randomBytes, timingSafeEqual, createHash } from 'node:crypto'
import { hostname, networkInterfaces } from 'node:os'
import type { MiddlewareHandler } from 'hono'
import { apiError } from './apiError.ts'

const LOOPBACK_NAMES = ['localhost', '127.0.0.1', '[::1]', '::1']

/** True when `host` (a bind address) only accepts connections from this machine. */
export function isLoopbackHost(host: string): boolean {
  return LOOPBACK_NAMES.includes(host) || /^127\.\d+\.\d+\.\d+$/.test(host)
}

/** A fresh random session token (URL-safe). */
export function randomToken(): string {
  return randomBytes(24).toString('base64url')
}

/**
 * Picks the session token: the explicit one, else TOOLSCOPE_TOKEN, else a random one.
 * A non-loopback bind exposes the tools to the network, so it refuses to invent a token nobody chose.
 */
export function resolveToken(host: string, explicit: string | undefined, env: NodeJS.ProcessEnv = process.env): string {
  const chosen = explicit ?? (env.TOOLSCOPE_TOKEN || undefined)
  if (chosen !== undefined && chosen.length < 8)
    throw new Error('The session token must be at least 8 characters long.')
  if (chosen) return chosen
  if (!isLoopbackHost(host)) {
    throw new Error(
      `Binding to ${host} makes the tools reachable from the network: set an explicit token with --token <token> or TOOLSCOPE_TOKEN (from code: startServer's "token" option).`,
    )
  }
  return randomToken()
}

/** Compares two tokens in constant time (hashing first so lengths never leak). */
export function tokensEqual(given: string, expected: string): boolean {
  const a = createHash('sha256').update(given).digest()
  const b = createHash('sha256').update(expected).digest()
  return timingSafeEqual(a, b)
}

/** Host names (without port) a request may name for a server bound to `bindHost`. */
export function allowedHostNames(bindHost: string, extra: string[] = []): Set<string> {
  const names = new Set<string>(['localhost', '127.0.0.1', '[::1]', ...extra.map((h) => h.toLowerCase())])
  if (!isLoopbackHost(bindHost)) {
    const wildcard = bindHost === '0.0.0.0' || bindHost === '::'
    if (!wildcard) names.add(bindHost.includes(':') && !bindHost.startsWith('[') ? `[${bindHost}]` : bindHost)
    else {
      // A wildcard bind answers on every interface: accept this machine's own names and addresses.
      names.add(hostname().toLowerCase())
      for (const list of Object.values(networkInterfaces())) {
        for (const addr of list ?? []) names.add(addr.family === 'IPv6' ? `[${addr.address}]` : addr.address)
      }
    }
  }
  return names
}

/** Options of the security middleware. `getPort` is read per request: the port is only known once listening. */
export interface SecurityOptions {
  token: string
  bindHost: string
  getPort: () => number | undefined
  /** Extra host names to accept (e.g. a name configured in a reverse proxy). */
  allowedHosts?: string[]
}

/** Splits `name:port` (IPv6 in brackets) into its parts. */
function splitHost(value: string): { name: string; port?: string } {
  const m = /^(\[[^\]]+\]|[^:]+)(?::(\d+))?$/.exec(value.trim().toLowerCase())
  return m ? { name: m[1], port: m[2] } : { name: '' }
}

/** True when a Host header value names this server. */
export function hostAllowed(hostHeader: string | undefined, names: Set<string>, port: number | undefined): boolean {
  if (!hostHeader) return false
  const { name, port: given } = splitHost(hostHeader)
  if (!names.has(name)) return false
  // A port-less Host means :80; only accept it when we actually listen there.
  return port === undefined || Number(given ?? 80) === port
}

/** True when an Origin header (if any) is this server's own origin. */
export function originAllowed(origin: string | undefined, names: Set<string>, port: number | undefined): boolean {
  if (origin === undefined) return true // same-origin GETs and non-browser clients send none
  let url: URL
  try {
    url = new URL(origin)
  } catch {
    return false
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return false
  const defaultPort = url.protocol === 'https:' ? 443 : 80
  return names.has(url.hostname.toLowerCase()) && (port === undefined || Number(url.port || defaultPort) === port)
}

/** Reads the token from `Authorization: Bearer`, or from `?token=` for the two SSE GETs (EventSource cannot set headers). */
export function tokenFromRequest(req: Request): string | undefined {
  const auth = req.headers.get('authorization')
  if (auth) {
    const m = /^Bearer\s+(.+)$/i.exec(auth.trim())
    return m ? m[1] : undefined
  }
  const url = new URL(req.url)
  if (req.method === 'GET' && SSE_PATHS.test(url.pathname)) return url.searchParams.get('token') ?? undefined
  return undefined
}

/** The only two SSE streams, the only routes where `?token=` is accepted (a query token leaks into logs and history). */
const SSE_PATHS = /^\/api\/(?:runs\/[^/]+\/events|catalog\/events)$/

/** An id as echoed in an error message: clipped, so a megabyte id is not sent back whole. */
export function shownId(id: string, max = 64): string {
  return id.length <= max ? id : `${id.slice(0, max)}… (${id.length} characters)`
}

/** Host/Origin check for every route (static assets included): a rebinding page gets nothing from this server. */
export function hostGuard(options: SecurityOptions): MiddlewareHandler {
  const names = allowedHostNames(options.bindHost, options.allowedHosts)
  return async (c, next) => {
    const port = options.getPort()
    if (!hostAllowed(c.req.header('host'), names, port)) {
      return c.json(
        {
          error: `Host "${c.req.header('host') ?? ''}" is not allowed: open Toolscope through localhost or 127.0.0.1.`,
        },
        403,
      )
    }
    if (!originAllowed(c.req.header('origin'), names, port)) {
      return c.json(
        { error: `Origin "${c.req.header('origin')}" is not allowed: cross-site requests are refused.` },
        403,
      )
    }
    await next()
  }
}

/** How to pass the session token and where to find it: the body of every 401, so clients can show it as is. */
export const TOKEN_HELP =
  'Toolscope needs its session token: send the header "Authorization: Bearer <token>". The token is in the URL Toolscope ' +
  'printed when it started (after ?token=) and on its "MCP endpoint" line, or is TOOLSCOPE_TOKEN when that is set.'

/** JSON-RPC error code of a refused MCP request (the server-error range of JSON-RPC). */
export const MCP_UNAUTHORIZED = -32001

/**
 * Token check for /api and /mcp. The 401 says how to pass the token: an ApiError under /api, and under /mcp a
 * JSON-RPC error (what MCP clients read and show) with the same message.
 */
export function tokenGuard(token: string, kind: 'api' | 'mcp' = 'api'): MiddlewareHandler {
  return async (c, next) => {
    const given = tokenFromRequest(c.req.raw)
    if (given === undefined || !tokensEqual(given, token)) {
      const headers = { 'WWW-Authenticate': 'Bearer realm="toolscope"' }
      if (kind === 'mcp') {
        return c.json(
          {
            jsonrpc: '2.0',
            id: null,
            error: {
              code: MCP_UNAUTHORIZED,
              message: TOKEN_HELP,
              data: { code: 'unauthorized', header: 'Authorization: Bearer <token>' },
            },
          },
          401,
          headers,
        )
      }
      return apiError(c, 'unauthorized', TOKEN_HELP, {}, headers)
    }
    await next()
  }
}
