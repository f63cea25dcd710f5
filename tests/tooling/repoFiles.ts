/** The repository's files, for the tooling tests that read the tree as text. */
import { readdirSync, statSync } from 'node:fs'
import path from 'node:path'

export const root = path.resolve(import.meta.dirname, '../..')

/** Every file under a folder of the repository whose name matches, as absolute paths. */
export function filesUnder(folder: string, pattern: RegExp): string[] {
  const found: string[] = []
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const full = path.join(dir, name)
      if (statSync(full).isDirectory()) walk(full)
      else if (pattern.test(name)) found.push(full)
    }
  }
  walk(path.join(root, folder))
  return found
}
