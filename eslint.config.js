// @ts-check
import js from '@eslint/js'
import tseslint from 'typescript-eslint'
import reactHooks from 'eslint-plugin-react-hooks'
import { importX } from 'eslint-plugin-import-x'
import globals from 'globals'

const features = ['auth', 'orders', 'conversation', 'report', 'dictation']

// House rule 1: features never import each other; cross-feature flow lives in src/sagas and
// src/app. Shared code (services) imports no feature, app or saga. Rule 3: the server and the
// SPA share only the API contract.
const boundaryZones = [
  ...features.map((feature) => ({
    target: `./src/features/${feature}`,
    from: './src/features',
    except: [`./${feature}`],
    message: 'Features do not import each other: wire cross-feature flow in src/sagas or src/app.',
  })),
  {
    target: './src/services',
    from: ['./src/features', './src/app', './src/sagas'],
    message: 'Services are shared code and import no feature, app or saga module.',
  },
  {
    target: './server',
    from: './src',
    except: ['./services/api/contract.ts'],
    message: 'The server shares only the API contract with the SPA.',
  },
  {
    target: './src',
    from: './server',
    message: 'The SPA never imports server code.',
  },
]

export default tseslint.config(
  {
    ignores: [
      '.shots/**',
      'dist/**',
      'dist-test/**',
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
      'import-x/resolver-next': [],
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
              importNames: ['useDispatch', 'useSelector'],
              message: 'Use useAppDispatch / useAppSelector from src/app/hooks.',
            },
          ],
        },
      ],
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
