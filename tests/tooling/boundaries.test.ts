/**
 * The module boundaries in eslint.config.js (import-x/no-restricted-paths) only work while
 * import-x can resolve imports: with no resolver every import is unresolved and the rule passes
 * everything in silence. These probes lint one-line files through the real config and assert the
 * zones fire. Type-aware linting is switched off so the probes need no TypeScript program (fast,
 * and the probe files need not exist); only the boundary rule's messages are looked at.
 */
import path from 'node:path'
import { ESLint } from 'eslint'
import tseslint from 'typescript-eslint'
import { describe, expect, it } from 'vitest'

const root = path.resolve(import.meta.dirname, '../..')
const eslint = new ESLint({
  cwd: root,
  overrideConfig: [tseslint.configs.disableTypeChecked, { rules: { 'import-x/no-cycle': 'off' } }],
})

async function boundaryMessages(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, filePath) })
  expect(result?.messages.filter((message) => message.fatal)).toEqual([])
  return (result?.messages ?? [])
    .filter((message) => message.ruleId === 'import-x/no-restricted-paths')
    .map((message) => message.message)
}

describe('module boundaries (eslint import-x/no-restricted-paths)', () => {
  it('stops a feature importing another feature', async () => {
    const messages = await boundaryMessages(
      'src/features/report/probe.ts',
      "import { ordersSlice } from '../orders/ordersSlice'\nexport const x = ordersSlice\n",
    )
    expect(messages).toEqual([expect.stringContaining('Features do not import each other')])
  })

  it('stops shared services importing a feature', async () => {
    const messages = await boundaryMessages(
      'src/services/api/probe.ts',
      "import { ordersSlice } from '../../features/orders/ordersSlice'\nexport const x = ordersSlice\n",
    )
    expect(messages).toEqual([expect.stringContaining('Services are shared code')])
  })

  it('stops the server importing SPA code other than the API contract', async () => {
    const messages = await boundaryMessages(
      'server/routes/probe.ts',
      "import { makeStore } from '../../src/app/store'\nexport const x = makeStore\n",
    )
    expect(messages).toEqual([expect.stringContaining('shares only the API contract')])
  })

  it('stops the SPA importing server code', async () => {
    const messages = await boundaryMessages(
      'src/app/probe.ts',
      "import { buildApp } from '../../server/app'\nexport const x = buildApp\n",
    )
    expect(messages).toEqual([expect.stringContaining('The SPA never imports server code')])
  })

  it('allows the API contract in the server and same-feature imports', async () => {
    expect(
      await boundaryMessages(
        'server/routes/probe.ts',
        "import type * as contract from '../../contract'\nexport type X = typeof contract\n",
      ),
    ).toEqual([])
    expect(
      await boundaryMessages(
        'src/features/report/probe.ts',
        "import { reconcileDraft } from './reconcile'\nexport const x = reconcileDraft\n",
      ),
    ).toEqual([])
  })
})
