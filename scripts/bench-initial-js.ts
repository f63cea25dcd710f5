/**
 * How close the first screen is to the floor: the initial JavaScript of `/` (initialJs.ts, as
 * `npm run size` counts it) beside that of a minimal Vite app built in the same run from the
 * same libraries at the same versions (this repository's node_modules).
 *
 * Run: npx tsx scripts/bench-initial-js.ts
 * Prints product, floor and their ratio, and writes them to bench-results/initial-js.json.
 *
 * The floor is what any app must ship to show Readout's first screen with these libraries, and
 * nothing of Readout's own: a sign-in card at /login (Chakra UI's Card, Heading, Field, Input,
 * Alert, Button, Spinner, on a system made from Chakra's default config, as theme.ts does) that
 * signs in with the Descope SDK's password calls; the identity provider and its session hook
 * deciding between /login and '/' (react-router's data router, Navigate, Outlet); a Redux Toolkit
 * store with one slice and one RTK Query API, redux-saga running a root saga, react-redux's
 * Provider. Left out because the first screen does not need them: the Descope flow widget and the
 * Azure Speech SDK (lazy in the product too), zod, @tanstack/react-virtual, Chakra's dialogs.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import react from '@vitejs/plugin-react'
import { build } from 'vite'
import { measureInitialJs } from './initialJs'
import { INITIAL_JS_BUDGET_GZIP } from './size-budget'

const root = path.resolve(import.meta.dirname, '..')

const LIBRARIES = [
  'react',
  'react-dom',
  'react-router-dom',
  '@reduxjs/toolkit',
  'react-redux',
  'redux-saga',
  '@chakra-ui/react',
  '@emotion/react',
  '@descope/react-sdk',
] as const

const FLOOR_HTML = `<!doctype html>
<html lang="en" class="dark">
  <head><meta charset="UTF-8" /><title>Floor</title></head>
  <body><div id="root"></div><script type="module" src="/main.tsx"></script></body>
</html>
`

const FLOOR_MAIN = `import {
  Alert, Button, Card, Center, ChakraProvider, createSystem, defaultConfig, Field, Heading,
  Input, Spinner, Stack, Text,
} from '@chakra-ui/react'
import { AuthProvider, useDescope, useSession } from '@descope/react-sdk'
import { configureStore, createSlice } from '@reduxjs/toolkit'
import { createApi, fetchBaseQuery } from '@reduxjs/toolkit/query/react'
import { StrictMode, useState, type FormEvent } from 'react'
import { createRoot } from 'react-dom/client'
import { Provider, useDispatch, useSelector } from 'react-redux'
import { createBrowserRouter, Navigate, Outlet, RouterProvider, useNavigate } from 'react-router-dom'
import createSagaMiddleware from 'redux-saga'
import { put, takeEvery } from 'redux-saga/effects'

const session = createSlice({
  name: 'session',
  initialState: { started: 0 },
  reducers: { started: (state) => { state.started += 1 }, noted: (state) => state },
})
const api = createApi({
  baseQuery: fetchBaseQuery({ baseUrl: '/api/v1' }),
  endpoints: (build) => ({ orders: build.query<unknown[], void>({ query: () => 'orders' }) }),
})
const sagas = createSagaMiddleware()
const store = configureStore({
  reducer: { session: session.reducer, [api.reducerPath]: api.reducer },
  middleware: (defaults) => defaults().concat(api.middleware, sagas),
})
sagas.run(function* root() {
  yield takeEvery(session.actions.started.type, function* noted() {
    yield put(session.actions.noted())
  })
})
type State = ReturnType<typeof store.getState>

function Login() {
  const sdk = useDescope()
  const navigate = useNavigate()
  const [email, setEmail] = useState('')
  const [password, setPassword] = useState('')
  const [failed, setFailed] = useState(false)
  const submit = async (event: FormEvent) => {
    event.preventDefault()
    const answer = await sdk.password.signIn(email, password)
    if (answer.ok) void navigate('/')
    else setFailed(true)
  }
  return (
    <Center as="main" minH="100dvh">
      <Card.Root maxW="sm" width="full">
        <Card.Header><Heading as="h1">Floor</Heading></Card.Header>
        <Card.Body>
          <form onSubmit={(event) => void submit(event)}>
            <Stack gap="4">
              {failed && (
                <Alert.Root status="error">
                  <Alert.Indicator />
                  <Alert.Content><Alert.Title>Not signed in.</Alert.Title></Alert.Content>
                </Alert.Root>
              )}
              <Field.Root required invalid={failed}>
                <Field.Label>Email</Field.Label>
                <Input value={email} onChange={(event) => setEmail(event.target.value)} />
                <Field.ErrorText>Check the address</Field.ErrorText>
              </Field.Root>
              <Field.Root required>
                <Field.Label>Password</Field.Label>
                <Input type="password" value={password} onChange={(event) => setPassword(event.target.value)} />
              </Field.Root>
              <Button type="submit">Continue</Button>
            </Stack>
          </form>
        </Card.Body>
      </Card.Root>
    </Center>
  )
}

function Home() {
  const dispatch = useDispatch()
  const started = useSelector((state: State) => state.session.started)
  const orders = api.useOrdersQuery()
  return (
    <Button onClick={() => dispatch(session.actions.started())}>
      {started} {orders.data?.length ?? 0}
    </Button>
  )
}

function RequireSession() {
  const { isAuthenticated, isSessionLoading } = useSession()
  if (isSessionLoading) return <Center minH="100dvh"><Spinner /><Text>Loading...</Text></Center>
  return isAuthenticated ? <Outlet /> : <Navigate to="/login" replace />
}

const router = createBrowserRouter([
  { path: '/login', element: <Login /> },
  { element: <RequireSession />, children: [{ path: '/', element: <Home /> }] },
  { path: '*', element: <Navigate to="/" replace /> },
])

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Provider store={store}>
      <ChakraProvider value={createSystem(defaultConfig)}>
        <AuthProvider projectId="P-floor">
          <RouterProvider router={router} />
        </AuthProvider>
      </ChakraProvider>
    </Provider>
  </StrictMode>,
)
`

function version(name: string): string {
  const manifest = path.join(root, 'node_modules', name, 'package.json')
  return (JSON.parse(readFileSync(manifest, 'utf8')) as { version: string }).version
}

/** Builds the floor app in a throw-away folder under node_modules (so it resolves the same
 * packages) and answers its build folder. */
async function buildFloor(work: string): Promise<string> {
  const source = path.join(work, 'floor')
  mkdirSync(source)
  writeFileSync(path.join(source, 'index.html'), FLOOR_HTML)
  writeFileSync(path.join(source, 'main.tsx'), FLOOR_MAIN)
  const outDir = path.join(work, 'floor-dist')
  await build({
    root: source,
    configFile: false,
    logLevel: 'warn',
    plugins: [react()],
    // As vite.config.ts: no source maps, and one large entry is expected here.
    build: { outDir, emptyOutDir: true, sourcemap: false, chunkSizeWarningLimit: 1200 },
  })
  return outDir
}

async function buildProduct(work: string): Promise<string> {
  const outDir = path.join(work, 'product-dist')
  await build({
    root,
    configFile: path.join(root, 'vite.config.ts'),
    logLevel: 'warn',
    build: { outDir, emptyOutDir: true },
  })
  return outDir
}

async function main(): Promise<void> {
  const cache = path.join(root, 'node_modules', '.cache')
  mkdirSync(cache, { recursive: true })
  const work = mkdtempSync(path.join(cache, 'readout-initial-js-'))
  try {
    const floor = measureInitialJs(await buildFloor(work))
    const product = measureInitialJs(await buildProduct(work))
    const ratio = product.gzip / floor.gzip
    const result = {
      measuredAt: new Date().toISOString(),
      product: { raw: product.raw, gzip: product.gzip, files: product.initial },
      floor: { raw: floor.raw, gzip: floor.gzip, files: floor.initial },
      ratio: Number(ratio.toFixed(3)),
      budgetGzip: INITIAL_JS_BUDGET_GZIP,
      libraries: Object.fromEntries(LIBRARIES.map((name) => [name, version(name)])),
    }
    const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`
    console.log(
      `product  ${String(product.raw).padStart(9)} B raw  ${String(product.gzip).padStart(8)} B gzip (${kb(product.gzip)})`,
    )
    console.log(
      `floor    ${String(floor.raw).padStart(9)} B raw  ${String(floor.gzip).padStart(8)} B gzip (${kb(floor.gzip)})`,
    )
    console.log(`ratio    ${result.ratio} (gzip, product / floor)`)
    const out = path.join(root, 'bench-results')
    mkdirSync(out, { recursive: true })
    writeFileSync(path.join(out, 'initial-js.json'), `${JSON.stringify(result, null, 2)}\n`)
    console.log(`written  ${path.relative(root, path.join(out, 'initial-js.json'))}`)
  } finally {
    rmSync(work, { recursive: true, force: true })
  }
}

await main()
