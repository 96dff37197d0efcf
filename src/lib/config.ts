/**
 * Build-time settings. Each variable is read as `import.meta.env.VITE_…` directly: Vite replaces exactly
 * that text with a constant. The bundler does not carry an exported constant into other modules' dead-code
 * removal, so the two places that must vanish from a build without mocks (the mocked backend's import in
 * main.tsx, the demo banner in app-shell.tsx) test `import.meta.env.VITE_MOCKS` themselves; importing
 * `isMockMode` there puts mocks/ into the production build (`npm run size` fails, tried).
 */

/** The default: the mocked backend runs in the browser (no account, no network). */
export const isMockMode = import.meta.env.VITE_MOCKS !== 'false'

/** Offline sign-in pairs with the mocked backend; Firebase is the real provider. */
export const authMode: 'offline' | 'firebase' =
  import.meta.env.VITE_AUTH === 'firebase' || (import.meta.env.VITE_AUTH === undefined && !isMockMode)
    ? 'firebase'
    : 'offline'

/**
 * Where uploaded files go (VITE_STORAGE): `server`, the backend's own storage (the default with a real
 * backend); `firebase`, Firebase Storage (a Firebase deployment); `offline`, the browser's IndexedDB (the
 * default in mocked mode, where no backend keeps files).
 */
export const storageMode: 'server' | 'firebase' | 'offline' =
  import.meta.env.VITE_STORAGE === 'server' ||
  import.meta.env.VITE_STORAGE === 'firebase' ||
  import.meta.env.VITE_STORAGE === 'offline'
    ? import.meta.env.VITE_STORAGE
    : isMockMode
      ? 'offline'
      : 'server'

/** The operator named in the footer (spec §1) and its legal documents. */
export const operator = {
  line: import.meta.env.VITE_OPERATOR_LINE ?? 'Vereinsportal GmbH · Mariahilfer Straße 1 · 1060 Wien · FN 123456a',
  privacyUrl: import.meta.env.VITE_PRIVACY_URL ?? '/legal/datenschutz.html',
  imprintUrl: import.meta.env.VITE_IMPRINT_URL ?? '/legal/impressum.html',
}
