import { lingui, linguiTransformerBabelPreset } from '@lingui/vite-plugin'
import babel from '@rolldown/plugin-babel'
import tailwindcss from '@tailwindcss/vite'
import { tanstackRouter } from '@tanstack/router-plugin/vite'
import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'
import { mockServiceWorkerPlugin } from './mocks/vite-plugin.ts'
import { prerenderPlugin } from './scripts/build/prerender-plugin.ts'
import { previewCachingPlugin } from './scripts/build/preview-caching-plugin.ts'

export default defineConfig({
  plugins: [
    // Must come before react(): it writes src/routeTree.gen.ts and splits every route into its own chunk.
    tanstackRouter({
      target: 'react',
      autoCodeSplitting: true,
      // A screen's loader travels with its component: what it imports (query options, endpoint modules)
      // stays out of the initial chunk, and opening the screen costs one request, not two.
      codeSplittingOptions: {
        defaultBehavior: [['loader', 'component'], ['pendingComponent'], ['errorComponent'], ['notFoundComponent']],
      },
      quoteStyle: 'single',
      semicolons: false,
    }),
    react(),
    // @vitejs/plugin-react 6 has no babel option; Lingui's macros (t, Trans, msg) run through this preset.
    babel({ presets: [linguiTransformerBabelPreset()] }),
    lingui(),
    tailwindcss(),
    mockServiceWorkerPlugin(),
    // The public pages as HTML at build time (real builds only).
    prerenderPlugin(),
    // `vite preview` caches the hashed assets as the server does (the e2e suite's mocked build).
    previewCachingPlugin(),
  ],
  build: {
    target: 'es2022',
    sourcemap: true,
    reportCompressedSize: false,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            {
              // What every page needs before it can render (React, the router, the query cache, Lingui):
              // one file, which gzip packs tighter than a dozen small ones and a browser keeps across
              // releases that only change the app.
              name: 'framework',
              test: /node_modules[\\/](react|react-dom|scheduler|use-sync-external-store|@tanstack[\\/](router-core|react-router|history|store|react-store|query-core|react-query)|@lingui[\\/](core|react))[\\/]/,
            },
          ],
        },
      },
    },
  },
})
