/**
 * The compiled server (scripts/build-server.ts) for a test that starts it as a process, as users
 * run it: built once per test file into a folder of its own in the repository (so that its
 * packages resolve from node_modules), removed when the file is done. A build takes about half a
 * second; a folder per file means no test ever starts a build another file is replacing.
 */
import { randomBytes } from 'node:crypto'
import { rmSync } from 'node:fs'
import path from 'node:path'
import { buildServer } from '../../scripts/build-server'

export interface BuiltServer {
  /** The build folder, relative to the repository. */
  outDir: string
  /** What `node` runs. */
  entry: string
  remove(): void
}

export async function buildServerForTest(): Promise<BuiltServer> {
  const root = process.cwd()
  const outDir = `dist-server.test-${randomBytes(4).toString('hex')}`
  await buildServer(root, outDir)
  return {
    outDir,
    entry: path.join(root, outDir, 'index.js'),
    remove() {
      rmSync(path.join(root, outDir), { recursive: true, force: true })
    },
  }
}
