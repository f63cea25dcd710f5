import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib'
import { defineConfig, type Plugin } from 'vite'
import react from '@vitejs/plugin-react'

const APP_START = path.resolve('src/app/start.tsx')

/**
 * The modules of the page's first script: src/main.tsx (index.html's entry) and what it imports
 * statically (not the app it imports dynamically), known once the module graph is built. They make the entry chunk
 * on their own, so it evaluates without waiting for the app's code.
 */
const firstScriptModules = new Set<string>()
function findFirstScriptModules(): Plugin {
  return {
    name: 'readout:first-script-modules',
    apply: 'build',
    buildEnd() {
      firstScriptModules.clear()
      // The page's entries (index.html's own module, with Vite's helpers, and main.tsx), not the
      // app's start.
      const pending = [...this.getModuleIds()].filter(
        (id) => id !== APP_START && this.getModuleInfo(id)?.isEntry === true,
      )
      for (let id = pending.pop(); id !== undefined; id = pending.pop()) {
        if (firstScriptModules.has(id)) continue
        firstScriptModules.add(id)
        pending.push(...(this.getModuleInfo(id)?.importedIds ?? []))
      }
    },
  }
}

/**
 * The chart library (recharts, the Department view's alone: DEPT-*) builds a Redux store of its
 * own with parts of Redux Toolkit the app never uses (its listener middleware, the batching
 * enhancer). Sharing the app's copy of the toolkit would put those parts in the first screen's
 * chunk, where that copy lives (4.4 KB more); its own copy stays in the view's lazy chunk.
 */
function chartsOwnToolkit(): Plugin {
  const ownCopy = path.resolve('node_modules/@reduxjs/toolkit/dist/redux-toolkit.legacy-esm.js')
  const charts = `${path.sep}node_modules${path.sep}recharts${path.sep}`
  return {
    name: 'readout:charts-own-toolkit',
    apply: 'build',
    enforce: 'pre',
    resolveId(source, importer) {
      return source === '@reduxjs/toolkit' && importer?.includes(charts) ? ownCopy : null
    },
  }
}

/**
 * The entry is the page's first script (src/main.tsx), which imports the app (src/app/start.tsx)
 * only once it has painted a returning clinician's first rows. The app's code must not wait for
 * that to start downloading: index.html preloads its chunks (`modulepreload` fetches and compiles
 * without evaluating), so they count as the first screen's JavaScript in the size budget too.
 */
function preloadTheApp(): Plugin {
  return {
    name: 'readout:preload-the-app',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, { bundle }) {
        if (!bundle) return []
        const chunks = Object.values(bundle).flatMap((output) =>
          output.type === 'chunk' ? [output] : [],
        )
        const app = chunks.find((chunk) => chunk.facadeModuleId === APP_START)
        if (!app) throw new Error('no chunk of src/app/start.tsx in the build')
        const files = new Set<string>()
        const visit = (file: string) => {
          const chunk = bundle[file]
          // The page's own scripts are named already.
          if (files.has(file) || chunk?.type !== 'chunk' || html.includes(`/${file}"`)) return
          files.add(file)
          chunk.imports.forEach(visit)
        }
        visit(app.fileName)
        return [...files].map((file) => ({
          tag: 'link',
          attrs: { rel: 'modulepreload', crossorigin: true, href: `/${file}` },
          injectTo: 'head' as const,
        }))
      },
    },
  }
}

// The API server (npm run dev:server) listens on 8080; the dev server proxies to it so the
// SPA, the API and the local identity endpoints share one origin, as in production.
const apiTarget = process.env.READOUT_API_URL ?? 'http://127.0.0.1:8080'

/**
 * Writes each script and stylesheet of the build compressed beside it, once, at the strongest
 * settings (`.br` at quality 11, `.gz` at level 9): the server sends these as they are
 * (@fastify/static's `preCompressed`) instead of compressing them again for every request.
 */
function precompressAssets(): Plugin {
  let outDir = 'dist'
  return {
    name: 'readout:precompress-assets',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir)
    },
    closeBundle() {
      const assets = path.join(outDir, 'assets')
      for (const name of readdirSync(assets)) {
        if (!/\.(?:js|css)$/.test(name)) continue
        const file = path.join(assets, name)
        if (statSync(file).size < 1024) continue
        const content = readFileSync(file)
        writeFileSync(`${file}.gz`, gzipSync(content, { level: 9 }))
        writeFileSync(
          `${file}.br`,
          brotliCompressSync(content, {
            params: {
              [zlibConstants.BROTLI_PARAM_QUALITY]: 11,
              [zlibConstants.BROTLI_PARAM_MODE]: zlibConstants.BROTLI_MODE_TEXT,
              [zlibConstants.BROTLI_PARAM_SIZE_HINT]: content.length,
            },
          }),
        )
      }
    },
  }
}

export default defineConfig({
  plugins: [
    react(),
    chartsOwnToolkit(),
    findFirstScriptModules(),
    preloadTheApp(),
    precompressAssets(),
  ],
  // IDLE_LOGOFF_MINUTES (SEC-8) keeps the name a deployment knows from the server's settings:
  // `IDLE_LOGOFF_MINUTES=10 npm start` sets it for the build that start runs.
  envPrefix: ['VITE_', 'IDLE_LOGOFF_MINUTES'],
  // SEC-30: every <style>, <script> and <link> of the page, and a `csp-nonce` meta the SPA hands
  // to Emotion, carry this placeholder; the server writes a fresh nonce over it in each answer
  // (server/http/webApp.ts, CSP_NONCE_PLACEHOLDER).
  html: { cspNonce: 'READOUT_CSP_NONCE' },
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
    // Every browser the product supports preloads modules itself (Chromium, Firefox 115, Safari 17).
    modulePreload: { polyfill: false },
    rolldownOptions: {
      // The app's start is an entry of its own, so its static imports are tagged `$initial`
      // below, as those of the page's entry are: the first screen's code.
      input: { index: path.resolve('index.html'), start: APP_START },
      treeshake: {
        // The features and the contract only declare (components, slices, selectors, schemas):
        // importing one of their modules does nothing by itself. Saying so, as a library does with
        // `"sideEffects": false`, lets the bundler leave out of the first screen what a feature's
        // index re-exports but the first screen never uses (React.memo, React.lazy and zod's
        // builders are calls the bundler cannot prove pure on its own).
        moduleSideEffects: [{ test: /\/(src\/features|contract)\//, sideEffects: false }],
      },
      output: {
        // The page's first script in the entry chunk, alone (it must not wait for the app's code
        // to evaluate). What the first screen's app needs, in one chunk: one request and one gzip
        // stream instead of a dozen small shared chunks; the lazy chunks take what they share
        // from it. Only modules the first screen really imports are tagged `$initial` (not their
        // dependencies as a whole), so what tree-shaking left out of it (zod, behind the
        // contract's index) stays out.
        codeSplitting: {
          groups: [
            {
              name: 'index',
              // With the bundler's runtime helpers, which every chunk imports.
              test: (id) => firstScriptModules.has(id) || id.includes('rolldown/runtime'),
              priority: 2,
              includeDependenciesRecursively: false,
            },
            {
              name: 'start',
              tags: ['$initial'],
              priority: 1,
              includeDependenciesRecursively: false,
            },
          ],
        },
      },
    },
  },
})
