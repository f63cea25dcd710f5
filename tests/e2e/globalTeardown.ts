import { rmSync } from 'node:fs'

/** Removes the server's throw-away data folder once the browser tests are done. */
export default function globalTeardown() {
  const dir = process.env.READOUT_E2E_DATA
  if (dir) rmSync(dir, { recursive: true, force: true })
}
