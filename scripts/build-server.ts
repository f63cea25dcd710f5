/**
 * Builds the server ahead of time (OPS-1), so that `npm start` and `npm run serve` run plain
 * JavaScript with `node`, not TypeScript through tsx: server/index.ts and everything of the
 * repository it imports (server/, contract/) bundled by esbuild into one ES module, the packages
 * in node_modules left to be imported at run time. The build folder (dist-server/ by default):
 *
 *   index.js         what `node` runs: turns source maps on, then imports server.js, so stack
 *                    frames name the TypeScript files and lines (launcher below)
 *   server.js(.map)  the bundle and its source map
 *   migrations/      a copy of server/db/migrations, found beside the bundle as the source finds
 *                    it beside server/db/client.ts (`new URL('./migrations', import.meta.url)`)
 *   build.json       the fingerprint of every file the build read (OPS-2)
 *
 * A build is written to a folder of its own and moved into place whole, so a server starting
 * meanwhile never reads half a build. With --if-changed it is skipped when build.json matches
 * the files as they are now: a start with nothing changed costs one hash of ~300 files.
 *
 * This script is TypeScript like the rest of the repository, so it runs with tsx: tsx is used to
 * build, never to serve.
 *
 * Run: npx tsx scripts/build-server.ts [--if-changed] [--out DIR]
 */
import { createHash } from 'node:crypto'
import {
  cpSync,
  existsSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { build, type Metafile } from 'esbuild'

/** The default build folder, relative to the repository (gitignored). */
export const SERVER_BUILD = 'dist-server'
export const SERVER_ENTRY = 'server/index.ts'
const MIGRATIONS = 'server/db/migrations'
/** Files that change the bundle without being imported by it. */
const BUILD_FILES = [
  'package.json',
  'package-lock.json',
  'tsconfig.json',
  'scripts/build-server.ts',
]

/**
 * dist-server/index.js. Source maps are turned on before the bundle loads, so that its stack
 * frames name the TypeScript files and lines with no flag on the command line; the packages it
 * imports are loaded first, so that only the bundle's own map is read, not the maps of hundreds
 * of package files (a tenth of a start's CPU).
 */
const launcher = (
  packages: string[],
) => `// Written by scripts/build-server.ts: the packages first, then source maps on, then the bundle.
${packages.map((name) => `import '${name}'`).join('\n')}
process.setSourceMapsEnabled(true)
await import('./server.js')
`

/** The packages the bundle imports statically, in its order (node: modules need no preload). */
function packagesOf(metafile: Metafile): string[] {
  const output = Object.values(metafile.outputs).find((entry) => entry.entryPoint === SERVER_ENTRY)
  const names = (output?.imports ?? [])
    .filter((entry) => entry.external && entry.kind === 'import-statement')
    .map((entry) => entry.path)
    .filter((name) => !name.startsWith('node:'))
  return [...new Set(names)]
}

interface Stamp {
  /** Every file the build read, relative to the repository, with its SHA-256. */
  files: Record<string, string>
}

const sha256 = (file: string) => createHash('sha256').update(readFileSync(file)).digest('hex')

function filesIn(root: string, folder: string): string[] {
  const full = path.join(root, folder)
  if (!existsSync(full)) return []
  return readdirSync(full, { withFileTypes: true })
    .sort((a, b) => a.name.localeCompare(b.name))
    .flatMap((entry) =>
      entry.isDirectory()
        ? filesIn(root, path.join(folder, entry.name))
        : [path.join(folder, entry.name)],
    )
}

/**
 * Whether the build in `outDir` was made from the files as they are now: every file it read
 * unchanged, and the migrations folder holding the same files (a new migration is a new file).
 */
export function serverBuiltFrom(root: string, outDir: string): boolean {
  const stampFile = path.join(root, outDir, 'build.json')
  if (!existsSync(path.join(root, outDir, 'server.js')) || !existsSync(stampFile)) return false
  let stamp: Stamp
  try {
    stamp = JSON.parse(readFileSync(stampFile, 'utf8')) as Stamp
  } catch {
    return false
  }
  const recorded = Object.keys(stamp.files)
  const migrations = filesIn(root, MIGRATIONS)
  if (migrations.some((file) => !(file in stamp.files))) return false
  return recorded.every((file) => {
    const full = path.join(root, file)
    return existsSync(full) && sha256(full) === stamp.files[file]
  })
}

/** Builds the server into `outDir` (relative to `root`), replacing what is there. */
export async function buildServer(root: string, outDir: string = SERVER_BUILD): Promise<void> {
  const target = path.join(root, outDir)
  const building = `${target}.building-${String(process.pid)}`
  rmSync(building, { recursive: true, force: true })
  try {
    const result = await build({
      absWorkingDir: root,
      entryPoints: [SERVER_ENTRY],
      outfile: path.join(building, 'server.js'),
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node20.19',
      // node_modules stays where npm put it: the packages' own files (PGlite's WebAssembly,
      // pino's workers) are found where they expect to be.
      packages: 'external',
      // Stack frames only: the map need not carry the sources, which are in the repository.
      sourcemap: 'linked',
      sourcesContent: false,
      metafile: true,
      logLevel: 'warning',
    })
    cpSync(path.join(root, MIGRATIONS), path.join(building, 'migrations'), { recursive: true })
    writeFileSync(path.join(building, 'index.js'), launcher(packagesOf(result.metafile)))
    const inputs = [
      ...Object.keys(result.metafile.inputs),
      ...filesIn(root, MIGRATIONS),
      ...BUILD_FILES.filter((file) => existsSync(path.join(root, file))),
    ]
    const stamp: Stamp = {
      files: Object.fromEntries(
        [...new Set(inputs)].sort().map((file) => [file, sha256(path.join(root, file))]),
      ),
    }
    writeFileSync(path.join(building, 'build.json'), `${JSON.stringify(stamp, null, 2)}\n`)
    moveIntoPlace(building, target)
  } finally {
    rmSync(building, { recursive: true, force: true })
  }
}

/**
 * Swaps the finished build in: the old one is moved aside first (a folder cannot be renamed over
 * a non-empty one), then removed. Two builds finishing together: the later one's rename fails
 * and leaves the other's, an identical build of the same files.
 */
function moveIntoPlace(building: string, target: string) {
  const old = `${target}.old-${String(process.pid)}`
  if (existsSync(target)) renameSync(target, old)
  try {
    renameSync(building, target)
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code
    if (code !== 'ENOTEMPTY' && code !== 'EEXIST') throw error
  } finally {
    rmSync(old, { recursive: true, force: true })
  }
}

/** Builds unless the build in `outDir` is current; answers whether it built. */
export async function buildServerIfChanged(
  root: string,
  outDir: string = SERVER_BUILD,
): Promise<boolean> {
  if (serverBuiltFrom(root, outDir)) return false
  await buildServer(root, outDir)
  return true
}

async function main() {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
  const args = process.argv.slice(2)
  const outAt = args.indexOf('--out')
  const outDir = outAt >= 0 ? (args[outAt + 1] ?? SERVER_BUILD) : SERVER_BUILD
  const started = performance.now()
  if (args.includes('--if-changed') && serverBuiltFrom(root, outDir)) {
    console.log(`The server in ${outDir}/ is built from the current source: not building it again.`)
    return
  }
  await buildServer(root, outDir)
  console.log(`Built the server into ${outDir}/ in ${(performance.now() - started).toFixed(0)} ms.`)
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error)
    process.exit(1)
  })
}
