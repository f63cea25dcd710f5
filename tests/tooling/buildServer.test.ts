/**
 * The server's ahead-of-time build (scripts/build-server.ts) on a small stand-in repository: it
 * runs with plain node, finds its migrations beside itself, and is built again exactly when a
 * file it was built from changed.
 */
import { spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { buildServer, buildServerIfChanged, serverBuiltFrom } from '../../scripts/build-server'

describe('the server build', () => {
  let root: string

  const write = (file: string, text: string) => {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true })
    writeFileSync(path.join(root, file), text)
  }

  beforeEach(() => {
    root = mkdtempSync(path.join(os.tmpdir(), 'readout-server-build-'))
    write('package.json', '{"type":"module"}')
    write('package-lock.json', '{"lockfileVersion":3}')
    write(
      'server/index.ts',
      "import { readdirSync } from 'node:fs'\nimport { migrationsFolder } from './db/client'\nimport { greeting } from './greeting'\nconsole.log(greeting, readdirSync(migrationsFolder).sort().join(','))\n",
    )
    write('server/greeting.ts', "export const greeting: string = 'built'\n")
    write(
      'server/db/client.ts',
      "import { fileURLToPath } from 'node:url'\nexport const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url))\n",
    )
    write('server/db/migrations/0000_init.sql', 'create table t (id int);\n')
    write('server/db/migrations/meta/_journal.json', '{"entries":[]}\n')
    write('README.md', 'not an input\n')
  })
  afterEach(() => {
    rmSync(root, { recursive: true, force: true })
  })

  it('OPS-1 the build runs with plain node and finds the migrations beside itself', async () => {
    await buildServer(root, 'out')
    const run = spawnSync(process.execPath, [path.join(root, 'out', 'index.js')], {
      encoding: 'utf8',
    })
    expect(run.stderr).toBe('')
    expect(run.stdout.trim()).toBe('built 0000_init.sql,meta')
    // Moved into place whole: no half-built or old folder is left beside it.
    expect(existsSync(path.join(root, 'out', 'build.json'))).toBe(true)
    const leftovers = spawnSync('ls', [root], { encoding: 'utf8' }).stdout
    expect(leftovers.split('\n').filter((name) => name.startsWith('out.'))).toEqual([])
  })

  it('OPS-2 is built again only when a file it was built from, a migration, the lock file or the build script changed', async () => {
    expect(await buildServerIfChanged(root, 'out')).toBe(true)
    expect(await buildServerIfChanged(root, 'out')).toBe(false)
    // A file the bundle does not read changes nothing.
    write('README.md', 'changed\n')
    write('src/unrelated.ts', 'export {}\n')
    expect(serverBuiltFrom(root, 'out')).toBe(true)

    const changes: (() => void)[] = [
      () => {
        write('server/greeting.ts', "export const greeting: string = 'rebuilt'\n")
      },
      () => {
        write('server/db/migrations/0001_more.sql', 'alter table t add column x int;\n')
      },
      () => {
        write('server/db/migrations/meta/_journal.json', '{"entries":[{"when":1}]}\n')
      },
      () => {
        write('package-lock.json', '{"lockfileVersion":3,"packages":{}}')
      },
    ]
    for (const change of changes) {
      change()
      expect(serverBuiltFrom(root, 'out')).toBe(false)
      expect(await buildServerIfChanged(root, 'out')).toBe(true)
      expect(serverBuiltFrom(root, 'out')).toBe(true)
    }
    expect(readFileSync(path.join(root, 'out', 'server.js'), 'utf8')).toContain('"rebuilt"')
    // A file it read that is gone.
    rmSync(path.join(root, 'server/greeting.ts'))
    expect(serverBuiltFrom(root, 'out')).toBe(false)
    // A build folder without its stamp is not trusted.
    rmSync(path.join(root, 'out', 'build.json'))
    expect(serverBuiltFrom(root, 'out')).toBe(false)
  })
})
