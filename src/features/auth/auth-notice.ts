/**
 * A message the sign-in page shows once after another auth screen sent the user there (password changed,
 * password reset). It travels in the history entry's state, not the URL, so a reload or a bookmark of
 * `/login` never repeats it.
 */
export type AuthNotice = 'password-changed' | 'password-reset'

declare module '@tanstack/history' {
  interface HistoryState {
    authNotice?: AuthNotice
  }
}
