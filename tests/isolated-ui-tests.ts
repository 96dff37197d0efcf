/**
 * Component and unit tests share their modules across the files of a worker (`isolate: false`): importing
 * the mocked backend, the catalogues and the DOM once per worker instead of once per file halves the
 * project's time (issue 13). Files that replace modules, globals or the environment (`vi.mock`,
 * `vi.stubGlobal`, `vi.stubEnv`, `vi.resetModules`, fake timers) or set the transport's module state
 * would leak into the next file: they run isolated, each with fresh modules. A new test file of that kind
 * belongs on this list (`tests/unit/isolated-ui-tests.test.ts` checks it).
 */
export const ISOLATED_UI_TESTS = [
  'mocks/handlers/control.test.ts',
  'src/api/client.test.ts',
  'src/components/auth/reauthenticate-dialog.test.tsx',
  'src/components/layout/app-shell.test.tsx',
  'src/components/layout/email-verification-notice.test.tsx',
  'src/components/layout/loading-overlay.test.tsx',
  'src/features/auth/accept-invitation-page.test.tsx',
  'src/features/auth/components/invitation-form.test.tsx',
  'src/features/auth/components/password-change-form.test.tsx',
  'src/features/club-profile/club-profile-page.test.tsx',
  'src/features/dashboard/dashboard-loader.test.ts',
  'src/features/payment/payment-pages.test.tsx',
  'src/features/users/users-page.test.tsx',
  'src/lib/active-club.test.ts',
  'src/lib/auth/create-auth-service.test.ts',
  'src/lib/auth/firebase-auth.test.ts',
  'src/lib/auth/offline-auth.test.ts',
  'src/lib/auth/session-sync.test.ts',
  'src/lib/storage/firebase-storage.test.ts',
  'src/lib/storage/server-storage.test.ts',
]
