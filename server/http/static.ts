// Serves the built SPA (dist/app): public static files, index.html for other GETs of page paths (client-side routes);
// a missing file (a name with an extension, anything under /.well-known/) is a 404, so clients probing for
// OAuth metadata never get the SPA page instead. `/favicon.ico` (what MCP clients and browsers probe) answers with
// the app's real icon, favicon.svg, or a 404 when there is none.
// Paths are resolved inside the app folder only; index.html is never cached and never leaks its ?token= as a referrer.

import { readFile, stat } from 'node:fs/promises'
import { extname, join, resolve, sep } from 'node:path'
import type { Context } from 'hono'

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.map': 'application/json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
}

const SECURITY_HEADERS = {
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
  'X-Frame-Options': 'DENY',
}

async function fileIfExists(path: string): Promise<string | undefined> {
  const info = await stat(path).catch(() => undefined)
  return info?.isFile() ? path : undefined
}

/** Answers a GET for the SPA from `appDir`. */
export async function serveApp(c: Context, appDir: string): Promise<Response> {
  const root = resolve(appDir)
  const index = join(root, 'index.html')
  if (!(await fileIfExists(index))) {
    return c.text(
      'The Toolscope UI is not built: run `npm run build:app` (the API under /api and /mcp works without it).',
      404,
    )
  }
  let pathname: string
  try {
    pathname = decodeURIComponent(new URL(c.req.url).pathname)
  } catch {
    return c.text('Bad path', 400)
  }
  const candidate = resolve(root, `.${pathname}`)
  const inside = candidate === root || candidate.startsWith(root + sep)
  const found =
    inside && pathname !== '/'
      ? ((await fileIfExists(candidate)) ??
        (pathname === '/favicon.ico' ? await fileIfExists(join(root, 'favicon.svg')) : undefined))
      : undefined
  if (!found && (pathname.startsWith('/.well-known/') || /\.[^/]*$/.test(pathname)))
    return c.text(`Not found: ${pathname.slice(0, 200)}`, 404, SECURITY_HEADERS)
  const file = found || index
  const body = await readFile(file)
  const isIndex = file === index
  return c.body(body, 200, {
    'Content-Type': TYPES[extname(file)] ?? 'application/octet-stream',
    'Cache-Control': isIndex
      ? 'no-store'
      : pathname.startsWith('/assets/')
        ? 'public, max-age=31536000, immutable'
        : 'no-cache',
    ...SECURITY_HEADERS,
  })
}
