import { defineConfig } from 'vite'
import react from '@vitejs/plugin-react'

// The API server (npm run dev:server) listens on 8080; the dev server proxies to it so the
// SPA, the API and the local identity endpoints share one origin, as in production.
const apiTarget = process.env.READOUT_API_URL ?? 'http://127.0.0.1:8080'

export default defineConfig({
  plugins: [react()],
  // IDLE_LOGOFF_MINUTES (SEC-8) keeps the name a deployment knows from the server's settings:
  // `IDLE_LOGOFF_MINUTES=10 npm start` sets it for the build that start runs.
  envPrefix: ['VITE_', 'IDLE_LOGOFF_MINUTES'],
  server: {
    host: '127.0.0.1',
    port: 5173,
    strictPort: true,
    proxy: {
      '/api': { target: apiTarget, changeOrigin: false },
      '/v1': { target: apiTarget, changeOrigin: false },
    },
  },
  build: {
    outDir: 'dist',
    // Production builds ship no source maps (the server refuses .map paths as well).
    sourcemap: false,
    chunkSizeWarningLimit: 1200,
    rolldownOptions: {
      treeshake: {
        // The features and the contract only declare (components, slices, selectors, schemas):
        // importing one of their modules does nothing by itself. Saying so, as a library does with
        // `"sideEffects": false`, lets the bundler leave out of the first screen what a feature's
        // index re-exports but the first screen never uses (React.memo, React.lazy and zod's
        // builders are calls the bundler cannot prove pure on its own).
        moduleSideEffects: [{ test: /\/(src\/features|contract)\//, sideEffects: false }],
      },
      output: {
        // What the first screen needs, in one chunk: one request and one gzip stream instead of a
        // dozen small shared chunks; the lazy chunks take what they share from it. Only modules
        // the first screen really imports are tagged `$initial` (not their dependencies as a
        // whole), so what tree-shaking left out of it (zod, behind the contract's index) stays out.
        codeSplitting: {
          groups: [{ name: 'index', tags: ['$initial'], includeDependenciesRecursively: false }],
        },
      },
    },
  },
})
