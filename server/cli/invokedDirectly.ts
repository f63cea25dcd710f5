/** Whether the module at `moduleUrl` is the script node was asked to run (not an import). */
import { realpathSync } from 'node:fs'
import { fileURLToPath } from 'node:url'

export function invokedDirectly(moduleUrl: string): boolean {
  const script = process.argv[1]
  if (script === undefined) return false
  try {
    return realpathSync(script) === realpathSync(fileURLToPath(moduleUrl))
  } catch {
    return false
  }
}
