// @ts-check
import js from '@eslint/js'
import tseslint from 'typescript-eslint'
import reactHooks from 'eslint-plugin-react-hooks'
import { createNodeResolver, importX } from 'eslint-plugin-import-x'
import globals from 'globals'

const features = [
  'auth',
  'orders',
  'conversation',
  'report',
  'dictation',
  'admin',
  'followUps',
  'peerReview',
  'department',
]

// The house's walls (docs/architecture.md explains why each stands where it does):
// - a feature imports no other feature and no saga, and reaches src/app only through hooks.ts;
// - a saga reaches src/app only for the store's types (storeTypes.ts);
// - a feature is imported from the rest of the SPA only through its index.ts;
// - the floor (src/shared, src/components, src/services) imports no feature, app or saga module,
//   and src/components no service either: it is markup;
// - contract/ imports zod only; of what lies outside server/, the server imports contract/ only;
//   the SPA never imports server code;
// - in the server, routes call use cases, which call repositories: server/domain imports nothing
//   of the server, repositories know no HTTP, edge or use case, use cases no HTTP, route or edge,
//   routes no repository; the hospital's edges (server/integration) call use cases, never
//   repositories, and only the composition root (server/app.ts, server/config.ts) imports them.
const featureZones = features.flatMap((feature) => [
  {
    target: `./src/features/${feature}`,
    from: './src/features',
    except: [`./${feature}`],
    message: 'Features do not import each other: wire cross-feature flow in src/sagas or src/app.',
  },
  {
    target: ['./src/app', './src/sagas', './src/main.tsx'],
    from: `./src/features/${feature}`,
    except: ['./index.ts'],
    message: `Import the ${feature} feature through its index.ts, the feature's public face.`,
  },
])

// The server's layers (docs/architecture.md): routes -> use cases -> repositories -> db, with
// server/domain (errors and the types the edges and the repositories share) beneath them all.
const serverZones = [
  {
    target: './server/domain',
    from: './server',
    except: ['./domain'],
    message: 'server/domain is beneath the whole server: it imports the contract only.',
  },
  {
    target: './server/repo',
    from: ['./server/http', './server/routes', './server/integration', './server/usecases'],
    message:
      'Repositories know no HTTP, edge or use case: they throw domain errors (server/domain/errors.ts).',
  },
  {
    target: './server/usecases',
    from: ['./server/http', './server/routes', './server/integration'],
    message:
      'Use cases know no HTTP, route or edge: routes and the hospital edges call them alike.',
  },
  {
    target: './server/routes',
    from: './server/repo',
    message: 'Routes call use cases (server/usecases), never repositories.',
  },
  {
    target: './server/integration',
    from: ['./server/repo', './server/routes'],
    message:
      "The hospital's edges (server/integration) call use cases, never repositories or routes.",
  },
  {
    target: ['./server/!(integration)/**', './server/!(app|config).ts'],
    from: './server/integration',
    message:
      'Only the composition root (server/app.ts, server/config.ts) imports the hospital edges (server/integration).',
  },
]

// The rooms inside a feature (docs/architecture.md). The report: `editor` (the draft, its text
// and the text areas) is what every other room stands on; `signing`, `history`, `priors` and
// `library` (templates and macros) import only themselves and the editor, never each other; the
// feature's root (ReportEditor, ReportForm, ReportActions, lazyParts, index) composes them. The
// orders: `worklist` and `claims` never import each other; both hear the open study from the
// feature's root (ordersSlice.ts).
const reportRooms = ['signing', 'history', 'priors', 'library']
const roomZones = [
  {
    target: './src/features/report/editor',
    from: './src/features/report',
    except: ['./editor'],
    message:
      "The report's editor room is what the other rooms stand on: it imports no other room and not the feature's root.",
  },
  ...reportRooms.map((room) => ({
    target: `./src/features/report/${room}`,
    from: './src/features/report',
    except: [`./${room}`, './editor'],
    message: `The report's ${room} room imports only itself and the editor: rooms do not import each other; the feature's root composes them.`,
  })),
  ...['worklist', 'claims'].map((room) => ({
    target: `./src/features/orders/${room}`,
    from: './src/features/orders',
    except: [`./${room}`, './ordersSlice.ts'],
    message: `The orders' ${room} room imports only itself and ordersSlice.ts: worklist and claims do not import each other.`,
  })),
]

const boundaryZones = [
  ...featureZones,
  ...roomZones,
  {
    target: './src/features',
    from: './src/app',
    except: ['./hooks.ts'],
    message:
      'Features reach src/app only through hooks.ts; what they stand on lives in src/shared.',
  },
  {
    target: './src/features',
    from: './src/sagas',
    message: 'Features do not import sagas: a saga reacts to the actions a feature dispatches.',
  },
  {
    target: './src/sagas',
    from: './src/app',
    except: ['./storeTypes.ts'],
    message:
      'Sagas reach src/app only through storeTypes.ts (types alone): the roof starts the flows, never the reverse.',
  },
  {
    target: ['./src/shared', './src/components', './src/services'],
    from: ['./src/features', './src/app', './src/sagas'],
    message: 'The floor (shared, components, services) imports no feature, app or saga module.',
  },
  {
    target: './src/components',
    from: ['./src/services', './src/shared'],
    message: 'Shared UI is markup only: it imports no service or app-wide state.',
  },
  {
    target: './contract',
    from: './',
    except: ['./contract', './node_modules/zod'],
    message: 'The contract imports zod only: it is read by both the SPA and the server.',
  },
  {
    target: './server',
    from: './',
    except: ['./server', './contract', './node_modules'],
    message: 'Of what lies outside server/, the server imports only contract/.',
  },
  {
    target: ['./src', './contract'],
    from: './server',
    message: 'The SPA never imports server code.',
  },
  ...serverZones,
]

// import-x resolves every import with this (unrs-resolver, bundled with import-x) before its rules
// run; with no resolver nothing resolves and no-restricted-paths / no-cycle silently check nothing.
// It mirrors tsconfig.json's `moduleResolution: "bundler"`: extensionless relative imports of
// .ts/.tsx, `.js` specifiers that name .ts sources, package `exports` with the `types` condition.
// A Vite query suffix (`?url`, `?worker`, `?raw`) stays on the resolved path, so the zones still
// apply to it, while import-x does not parse it as a module (its extension is not a module one).
const importResolver = createNodeResolver({
  tsconfig: { configFile: `${import.meta.dirname}/tsconfig.json` },
  extensions: [
    '.ts',
    '.tsx',
    '.mts',
    '.cts',
    '.d.ts',
    '.js',
    '.jsx',
    '.mjs',
    '.cjs',
    '.json',
    '.node',
  ],
  extensionAlias: {
    '.js': ['.ts', '.tsx', '.js'],
    '.jsx': ['.tsx', '.jsx'],
    '.mjs': ['.mts', '.mjs'],
    '.cjs': ['.cts', '.cjs'],
  },
  conditionNames: ['types', 'import', 'module', 'browser', 'node', 'require', 'default'],
  mainFields: ['types', 'typings', 'module', 'main'],
})

export default tseslint.config(
  {
    ignores: [
      '.shots/**',
      'dist/**',
      'dist-test/**',
      'dist-test-*/**',
      'dist-server/**',
      'dist-server.*/**',
      'node_modules/**',
      'coverage/**',
      'data/**',
      'server/db/migrations/**',
      'test-results/**',
      'playwright-report/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.strictTypeChecked,
  {
    languageOptions: {
      parserOptions: {
        projectService: true,
        tsconfigRootDir: import.meta.dirname,
      },
      globals: { ...globals.browser, ...globals.node },
    },
    plugins: { 'import-x': importX, 'react-hooks': reactHooks },
    settings: {
      'import-x/resolver-next': [importResolver],
      // Files import-x may parse when following imports (no-cycle); the defaults are .js only.
      'import-x/extensions': ['.ts', '.tsx', '.mts', '.cts', '.js', '.jsx', '.mjs', '.cjs'],
      'import-x/external-module-folders': ['node_modules', 'node_modules/@types'],
    },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/restrict-template-expressions': ['error', { allowNumber: true }],
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      'import-x/no-restricted-paths': ['error', { zones: boundaryZones }],
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'react-redux',
              importNames: ['useDispatch', 'useSelector', 'useStore'],
              message:
                'Use useAppDispatch / useAppSelector from src/app/hooks; a component never holds the store itself.',
            },
          ],
        },
      ],
    },
  },
  {
    // Import cycles in app code. Packages are not followed (they cannot import us back).
    files: ['src/**', 'server/**', 'contract/**'],
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  {
    files: ['**/*.js'],
    ...tseslint.configs.disableTypeChecked,
  },
  {
    files: ['tests/**'],
    rules: {
      '@typescript-eslint/no-non-null-assertion': 'off',
    },
  },
)
