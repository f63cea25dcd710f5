/**
 * `npm start` rebuilds the SPA only when what it is built from changed (scripts/build-if-changed.ts):
 * the fingerprint moves with every source file, build file and build-time setting, and only then.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { buildFingerprint, builtFrom, stampFile } from '../../scripts/build-if-changed'

describe('the start-up build', () => {
  let root: string

  const write = (file: string, text: string) => {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true })
    writeFileSync(path.join(root, file), text)
  }

  beforeEach(() => {
    root = mkdtempSync(path.join(os.tmpdir(), 'readout-build-'))
    write('src/main.tsx', 'render()')
    write('contract/index.ts', 'export {}')
    write('index.html', '<div id="root"></div>')
    write('package.json', '{}')
  })
  afterEach(() => {
    rmSync(root, { recursive: true, force: true })
  })

  it('the same inputs give the same fingerprint; settings the build does not read change nothing', () => {
    const first = buildFingerprint(root, { PATH: '/usr/bin' })
    expect(buildFingerprint(root, { PATH: '/bin', HOST: '0.0.0.0', PORT: '9000' })).toBe(first)
    write('server/index.ts', 'listen()')
    write('README.md', 'changed')
    expect(buildFingerprint(root, {})).toBe(first)
  })

  it('a changed, added or removed source file, a build file or a build-time setting changes it', () => {
    const changes: (() => void)[] = [
      () => {
        write('src/main.tsx', 'render(app)')
      },
      () => {
        write('src/features/new.ts', 'export {}')
      },
      () => {
        rmSync(path.join(root, 'src/features/new.ts'))
      },
      () => {
        write('package-lock.json', '{"lockfileVersion":3}')
      },
      () => {
        write('vite.config.ts', 'export default {}')
      },
    ]
    for (const change of changes) {
      const before = buildFingerprint(root, {})
      change()
      expect(buildFingerprint(root, {})).not.toBe(before)
    }
    const now = buildFingerprint(root, {})
    expect(buildFingerprint(root, { IDLE_LOGOFF_MINUTES: '10' })).not.toBe(now)
    expect(buildFingerprint(root, { VITE_PRODUCT_NAME: 'Radiology' })).not.toBe(now)
  })

  it('dist/ counts as built from the inputs only with its index and a matching stamp', () => {
    const fingerprint = buildFingerprint(root, {})
    expect(builtFrom(root, fingerprint)).toBe(false)
    write('dist/index.html', '<html></html>')
    expect(builtFrom(root, fingerprint)).toBe(false)
    mkdirSync(path.dirname(stampFile(root)), { recursive: true })
    writeFileSync(stampFile(root), `${fingerprint}\n`)
    expect(builtFrom(root, fingerprint)).toBe(true)
    write('src/main.tsx', 'render(changed)')
    expect(builtFrom(root, buildFingerprint(root, {}))).toBe(false)
    rmSync(path.join(root, 'dist'), { recursive: true })
    expect(builtFrom(root, fingerprint)).toBe(false)
  })
})
