/**
 * The built SPA: files from its folder, and index.html for any other GET (client-side routes
 * such as /login), the way a hospital's web server would be set up for a single-page app.
 */
import { existsSync } from 'node:fs'
import { readFile, stat } from 'node:fs/promises'
import type { IncomingMessage, ServerResponse } from 'node:http'
import path from 'node:path'

const TYPES: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.map': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.ico': 'image/x-icon',
  '.webp': 'image/webp',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
  '.wasm': 'application/wasm',
  '.wav': 'audio/wav',
}

export function assertBuilt(root: string): void {
  if (!existsSync(path.join(root, 'index.html'))) {
    throw new Error(
      `${root}/index.html is missing: build the SPA first (npx vite build --outDir ${root} --emptyOutDir)`,
    )
  }
}

async function fileAt(root: string, urlPath: string): Promise<string | null> {
  let decoded: string
  try {
    decoded = decodeURIComponent(urlPath)
  } catch {
    return null
  }
  const file = path.resolve(root, `.${path.posix.normalize(decoded)}`)
  if (file !== root && !file.startsWith(root + path.sep)) return null
  try {
    return (await stat(file)).isFile() ? file : null
  } catch {
    return null
  }
}

/** Serves GET and HEAD from `root` (an absolute path); other methods get 405. */
export async function serveStatic(
  root: string,
  req: IncomingMessage,
  res: ServerResponse,
  urlPath: string,
): Promise<void> {
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    res.writeHead(405, { allow: 'GET, HEAD', 'content-type': 'text/plain' })
    res.end('Method Not Allowed')
    return
  }
  const found = await fileAt(root, urlPath)
  const file = found ?? path.join(root, 'index.html')
  const body = await readFile(file)
  const hashed = found !== null && urlPath.startsWith('/assets/')
  res.writeHead(200, {
    'content-type': TYPES[path.extname(file).toLowerCase()] ?? 'application/octet-stream',
    'content-length': body.length,
    'cache-control': hashed ? 'public, max-age=31536000, immutable' : 'no-cache',
  })
  res.end(req.method === 'HEAD' ? undefined : body)
}
