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

/** One probe: a file at `filePath` that imports `from` (a module path as written in the import). */
function probe(filePath: string, from: string): Promise<string[]> {
  return boundaryMessages(filePath, `import * as probed from '${from}'\nexport const x = probed\n`)
}

describe('module boundaries (eslint import-x/no-restricted-paths)', () => {
  it('stops a feature importing another feature', async () => {
    const messages = await boundaryMessages(
      'src/features/report/probe.ts',
      "import { ordersSlice } from '../orders/ordersSlice'\nexport const x = ordersSlice\n",
    )
    expect(messages).toEqual([expect.stringContaining('Features do not import each other')])
  })

  it('lets a feature reach src/app only through hooks.ts', async () => {
    expect(await probe('src/features/orders/probe.ts', '../../app/flowsSlice')).toEqual([
      expect.stringContaining('reach src/app only through hooks.ts'),
    ])
    expect(await probe('src/features/orders/probe.ts', '../../app/store')).toEqual([
      expect.stringContaining('reach src/app only through hooks.ts'),
    ])
    expect(await probe('src/features/orders/probe.ts', '../../app/hooks')).toEqual([])
  })

  it('stops a feature importing a saga', async () => {
    expect(await probe('src/features/report/probe.ts', '../../sagas/rootSaga')).toEqual([
      expect.stringContaining('Features do not import sagas'),
    ])
  })

  it("keeps the report's rooms apart: each stands on the editor, none imports another", async () => {
    for (const [file, from] of [
      ['src/features/report/signing/probe.ts', '../history/RevisionList'],
      ['src/features/report/history/probe.ts', '../signing/SignedCommunications'],
      ['src/features/report/priors/probe.ts', '../library/TemplatePicker'],
      ['src/features/report/library/probe.ts', '../priors/Priors'],
      ['src/features/report/signing/probe.ts', '../ReportForm'],
    ] as const) {
      expect(await probe(file, from), `${file} -> ${from}`).toEqual([
        expect.stringContaining('rooms do not import each other'),
      ])
    }
    expect(await probe('src/features/report/editor/probe.ts', '../signing/signingSlice')).toEqual([
      expect.stringContaining("The report's editor room is what the other rooms stand on"),
    ])
    expect(await probe('src/features/report/signing/probe.ts', '../editor/reportSlice')).toEqual([])
    expect(await probe('src/features/report/probe.ts', './signing/FinalizeDialog')).toEqual([])
  })

  it("keeps the orders' worklist and claims rooms apart", async () => {
    expect(await probe('src/features/orders/claims/probe.ts', '../worklist/selectors')).toEqual([
      expect.stringContaining('worklist and claims do not import each other'),
    ])
    expect(await probe('src/features/orders/worklist/probe.ts', '../claims/claimSlice')).toEqual([
      expect.stringContaining('worklist and claims do not import each other'),
    ])
    expect(await probe('src/features/orders/claims/probe.ts', '../ordersSlice')).toEqual([])
  })

  it('lets a saga reach src/app only for the store types', async () => {
    for (const from of ['../app/rootReducer', '../app/store', '../app/flowsSlice']) {
      expect(await probe('src/sagas/probe.ts', from), from).toEqual([
        expect.stringContaining('Sagas reach src/app only through storeTypes.ts'),
      ])
    }
    expect(await probe('src/sagas/report/probe.ts', '../../app/store')).toEqual([
      expect.stringContaining('Sagas reach src/app only through storeTypes.ts'),
    ])
    expect(await probe('src/sagas/probe.ts', '../app/storeTypes')).toEqual([])
    expect(await probe('src/sagas/probe.ts', '../shared/layoutSlice')).toEqual([])
  })

  it('lets the app and the sagas import a feature only through its index.ts', async () => {
    expect(await probe('src/sagas/probe.ts', '../features/report/editor/reportSlice')).toEqual([
      expect.stringContaining('through its index.ts'),
    ])
    expect(await probe('src/app/probe.ts', '../features/orders/worklist/Sidebar')).toEqual([
      expect.stringContaining('through its index.ts'),
    ])
    expect(await probe('src/sagas/probe.ts', '../features/report')).toEqual([])
    expect(await probe('src/app/probe.ts', '../features/orders/index')).toEqual([])
  })

  it('stops the floor (shared, components, services) importing a feature, the app or a saga', async () => {
    for (const [file, from] of [
      ['src/shared/probe.ts', '../features/orders'],
      ['src/shared/probe.ts', '../app/store'],
      ['src/shared/probe.ts', '../sagas/rootSaga'],
      ['src/components/ui/probe.ts', '../../features/dictation'],
      ['src/components/ui/probe.ts', '../../app/hooks'],
      ['src/components/ui/probe.ts', '../../sagas/rootSaga'],
      ['src/services/api/probe.ts', '../../features/orders/ordersSlice'],
      ['src/services/api/probe.ts', '../../app/store'],
    ] as const) {
      expect(await probe(file, from), `${file} -> ${from}`).toEqual([
        expect.stringContaining('The floor (shared, components, services) imports no feature'),
      ])
    }
    expect(await probe('src/shared/probe.ts', '../services/log')).toEqual([])
  })

  it('keeps shared UI to markup: no service or app-wide state', async () => {
    expect(await probe('src/components/ui/probe.ts', '../../services/log')).toEqual([
      expect.stringContaining('Shared UI is markup only'),
    ])
    expect(await probe('src/components/ui/probe.ts', '../../shared/config')).toEqual([
      expect.stringContaining('Shared UI is markup only'),
    ])
  })

  it('lets the server import, of what lies outside server/, only contract/', async () => {
    expect(await probe('server/routes/probe.ts', '../../src/app/store')).toEqual([
      expect.stringContaining('the server imports only contract/'),
    ])
    expect(await probe('server/routes/probe.ts', '../../src/services/api/baseApi')).toEqual([
      expect.stringContaining('the server imports only contract/'),
    ])
    expect(await probe('server/routes/probe.ts', '../../scripts/benchSupport')).toEqual([
      expect.stringContaining('the server imports only contract/'),
    ])
    expect(await probe('server/routes/probe.ts', '../../contract')).toEqual([])
    expect(await probe('server/routes/probe.ts', '../db/schema')).toEqual([])
    expect(await probe('server/routes/probe.ts', 'fastify')).toEqual([])
  })

  it('keeps server/domain beneath the whole server: it imports the contract only', async () => {
    expect(await probe('server/domain/probe.ts', '../repo/audit')).toEqual([
      expect.stringContaining('server/domain is beneath the whole server'),
    ])
    expect(await probe('server/domain/probe.ts', '../db/client')).toEqual([
      expect.stringContaining('server/domain is beneath the whole server'),
    ])
    expect(await probe('server/domain/probe.ts', '../../contract')).toEqual([])
  })

  it('keeps the repositories free of HTTP, the edges and the use cases', async () => {
    for (const from of ['../http/errors', '../routes/route', '../usecases/saveReport']) {
      expect(await probe('server/repo/probe.ts', from), from).toEqual([
        expect.stringContaining('Repositories know no HTTP, edge or use case'),
      ])
    }
    expect(await probe('server/repo/probe.ts', '../integration/hl7/resultMessage')).toContainEqual(
      expect.stringContaining('Repositories know no HTTP, edge or use case'),
    )
    expect(await probe('server/repo/probe.ts', '../domain/errors')).toEqual([])
    expect(await probe('server/repo/probe.ts', '../db/schema')).toEqual([])
  })

  it('keeps the use cases free of HTTP, the routes and the edges', async () => {
    for (const from of ['../http/errors', '../routes/route']) {
      expect(await probe('server/usecases/probe.ts', from), from).toEqual([
        expect.stringContaining('Use cases know no HTTP, route or edge'),
      ])
    }
    expect(
      await probe('server/usecases/probe.ts', '../integration/fhir/diagnosticReport'),
    ).toContainEqual(expect.stringContaining('Use cases know no HTTP, route or edge'))
    expect(await probe('server/usecases/probe.ts', '../repo/reports')).toEqual([])
  })

  it('lets the routes reach the repositories only through the use cases', async () => {
    expect(await probe('server/routes/probe.ts', '../repo/studies')).toEqual([
      expect.stringContaining('Routes call use cases'),
    ])
    expect(await probe('server/routes/probe.ts', '../usecases/saveReport')).toEqual([])
  })

  it("lets the hospital's edges call use cases, never repositories or routes", async () => {
    expect(await probe('server/integration/hl7/probe.ts', '../../repo/outbox')).toEqual([
      expect.stringContaining("The hospital's edges (server/integration) call use cases"),
    ])
    expect(await probe('server/integration/probe.ts', '../routes/route')).toEqual([
      expect.stringContaining("The hospital's edges (server/integration) call use cases"),
    ])
    expect(await probe('server/integration/hl7/probe.ts', '../../usecases/receiveOrder')).toEqual(
      [],
    )
    expect(await probe('server/integration/hl7/probe.ts', '../fhir/diagnosticReport')).toEqual([])
  })

  it('lets only the composition root import the hospital edges', async () => {
    for (const [file, from] of [
      ['server/routes/probe.ts', '../integration/fhir/diagnosticReport'],
      ['server/events/probe.ts', '../integration/viewerLinks'],
      ['server/http/probe.ts', '../integration/hl7/integration'],
      ['server/probe.ts', './integration/studyUids'],
    ] as const) {
      expect(await probe(file, from), `${file} -> ${from}`).toEqual([
        expect.stringContaining('Only the composition root'),
      ])
    }
    expect(await probe('server/app.ts', './integration/hl7/integration')).toEqual([])
    expect(await probe('server/config.ts', './integration/hl7/settings')).toEqual([])
  })

  it('keeps the contract to zod alone', async () => {
    expect(await probe('contract/probe.ts', '../src/shared/constants')).toEqual([
      expect.stringContaining('The contract imports zod only'),
    ])
    expect(await probe('contract/probe.ts', 'zod')).toEqual([])
  })

  it('stops the SPA importing server code', async () => {
    const messages = await boundaryMessages(
      'src/app/probe.ts',
      "import { buildApp } from '../../server/app'\nexport const x = buildApp\n",
    )
    expect(messages).toEqual([expect.stringContaining('The SPA never imports server code')])
  })

  it('allows same-feature imports', async () => {
    expect(
      await boundaryMessages(
        'src/features/report/probe.ts',
        "import { reconcileDraft } from './editor/reconcile'\nexport const x = reconcileDraft\n",
      ),
    ).toEqual([])
  })
})

describe('restricted hooks (eslint no-restricted-imports)', () => {
  it('refuses the untyped react-redux hooks and useStore outside src/app/hooks.ts', async () => {
    for (const name of ['useSelector', 'useDispatch', 'useStore']) {
      const [result] = await eslint.lintText(
        `import { ${name} } from 'react-redux'\nexport const x = ${name}\n`,
        { filePath: path.join(root, 'src/features/orders/probe.ts') },
      )
      const refused = (result?.messages ?? []).filter(
        (message) => message.ruleId === 'no-restricted-imports',
      )
      expect(refused, name).toHaveLength(1)
    }
  })
})
