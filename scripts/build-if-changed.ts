/**
 * `npm start` builds the SPA, and the server (scripts/build-server.ts), only when something they
 * are built from has changed since their last build. For the SPA, that is: the source (src/,
 * contract/, index.html), the build's configuration and dependencies
 * (vite.config.ts, tsconfig.json, package.json, package-lock.json) and the settings read at build
 * time (VITE_* and IDLE_LOGOFF_MINUTES). A fingerprint of all of them is kept beside the
 * dependencies after each build; a start with the same fingerprint and a built dist/ skips the
 * build and serves what is there.
 *
 * Run: npx tsx scripts/build-if-changed.ts   (npm start does)
 */
import { spawnSync } from 'node:child_process'
import { createHash } from 'node:crypto'
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { buildServerIfChanged, SERVER_BUILD } from './build-server'

/** Folders and files the SPA is built from, relative to the repository. */
export const BUILD_INPUTS = [
  'src',
  'contract',
  'index.html',
  'vite.config.ts',
  'tsconfig.json',
  'package.json',
  'package-lock.json',
] as const

/** The environment the build reads (Vite's envPrefix in vite.config.ts). */
export function buildEnvironment(env: NodeJS.ProcessEnv): [string, string][] {
  return Object.entries(env)
    .filter(
      (entry): entry is [string, string] =>
        (entry[0].startsWith('VITE_') || entry[0].startsWith('IDLE_LOGOFF_MINUTES')) &&
        entry[1] !== undefined,
    )
    .sort(([a], [b]) => a.localeCompare(b))
}

function filesUnder(root: string, relative: string): string[] {
  const full = path.join(root, relative)
  if (!existsSync(full)) return []
  if (!statSync(full).isDirectory()) return [relative]
  return readdirSync(full)
    .sort()
    .flatMap((name) => filesUnder(root, path.join(relative, name)))
}

/** One hash of every input's path and bytes, and of the build's environment. */
export function buildFingerprint(root: string, env: NodeJS.ProcessEnv): string {
  const hash = createHash('sha256')
  for (const input of BUILD_INPUTS) {
    for (const file of filesUnder(root, input)) {
      hash.update(`file ${file}\0`)
      hash.update(readFileSync(path.join(root, file)))
      hash.update('\0')
    }
  }
  for (const [name, value] of buildEnvironment(env)) hash.update(`env ${name}=${value}\0`)
  return hash.digest('hex')
}

/** Where the last build's fingerprint is kept: with other caches, never in the served folder. */
export const stampFile = (root: string) =>
  path.join(root, 'node_modules', '.cache', 'readout', 'spa-build.sha256')

/** Whether the SPA in dist/ was built from exactly these inputs. */
export function builtFrom(root: string, fingerprint: string): boolean {
  const stamp = stampFile(root)
  return (
    existsSync(path.join(root, 'dist', 'index.html')) &&
    existsSync(stamp) &&
    readFileSync(stamp, 'utf8').trim() === fingerprint
  )
}

function buildWebApp(root: string) {
  const fingerprint = buildFingerprint(root, process.env)
  if (builtFrom(root, fingerprint)) {
    console.log('The web app in dist/ is built from the current source: not building it again.')
    return
  }
  const build = spawnSync('npx', ['vite', 'build'], { cwd: root, stdio: 'inherit' })
  if (build.status !== 0) process.exit(build.status ?? 1)
  mkdirSync(path.dirname(stampFile(root)), { recursive: true })
  writeFileSync(stampFile(root), `${fingerprint}\n`)
}

async function main() {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
  buildWebApp(root)
  // The server too, into dist-server/, which npm start then runs with node (OPS-1, OPS-2).
  const built = await buildServerIfChanged(root)
  console.log(
    built
      ? `Built the server into ${SERVER_BUILD}/.`
      : `The server in ${SERVER_BUILD}/ is built from the current source: not building it again.`,
  )
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error)
    process.exit(1)
  })
}
