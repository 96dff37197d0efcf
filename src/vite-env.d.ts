/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** `false` talks to a real backend; anything else (the default) starts the mocked backend in the browser. */
  readonly VITE_MOCKS?: string
  /** Overrides the backend host that src/api/client.ts picks from the page origin. */
  readonly VITE_API_BASE_URL?: string
  /** Milliseconds after which src/api/client.ts gives up on a request (default 20 000). */
  readonly VITE_API_TIMEOUT_MS?: string
  /** `firebase` signs in with Firebase Auth; `offline` (the default in mocked mode) with the in-browser twin. */
  readonly VITE_AUTH?: string
  /** Where uploads go: `server` (default without mocks), `firebase` (Firebase Storage) or `offline` (IndexedDB; default with mocks). */
  readonly VITE_STORAGE?: string
  readonly VITE_FIREBASE_API_KEY?: string
  readonly VITE_FIREBASE_AUTH_DOMAIN?: string
  readonly VITE_FIREBASE_PROJECT_ID?: string
  readonly VITE_FIREBASE_STORAGE_BUCKET?: string
  readonly VITE_FIREBASE_APP_ID?: string
  readonly VITE_FIREBASE_AUTH_EMULATOR_HOST?: string
  /** Footer links (spec §1); default to the documents shipped in public/legal. */
  readonly VITE_PRIVACY_URL?: string
  readonly VITE_IMPRINT_URL?: string
  readonly VITE_OPERATOR_LINE?: string
}

interface ImportMeta {
  readonly env: ImportMetaEnv
}

declare module '*.po' {
  import type { Messages } from '@lingui/core'
  export const messages: Messages
}
