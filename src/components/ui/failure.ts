import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { useLingui } from '@lingui/react/macro'
import { ApiError } from '#src/api/client.ts'

/**
 * What kind of failure a screen shows, decided in this one place for every page: a 403 is
 * always "Kein Zugriff" and an unknown id "Nicht gefunden", neither with a retry that cannot help; a
 * request the backend did not answer in time, or a failing server, gets "Erneut versuchen".
 */
export type FailureKind = 'forbidden' | 'not-found' | 'timeout' | 'unconfirmed' | 'server' | 'app'

export const failureKind = (error: unknown): FailureKind => {
  if (!(error instanceof ApiError)) return 'app'
  if (error.kind === 'timeout') return 'timeout'
  // The backend serves unconfirmed addresses nothing but their own record and the globals (403 problem).
  if (error.kind === 'email-not-verified') return 'unconfirmed'
  if (error.status === 403) return 'forbidden'
  if (error.status === 404) return 'not-found'
  return 'server'
}

/** Only these can get better by asking again. */
export const isRetryable = (kind: FailureKind): boolean => kind === 'timeout' || kind === 'server' || kind === 'app'

const TITLES: Record<FailureKind, MessageDescriptor> = {
  forbidden: msg`Kein Zugriff`,
  'not-found': msg`Nicht gefunden`,
  timeout: msg`Keine Antwort vom Server`,
  unconfirmed: msg`E-Mail-Adresse noch nicht bestätigt`,
  server: msg`Da ist etwas schiefgelaufen`,
  app: msg`Da ist etwas schiefgelaufen`,
}

const TEXTS: Record<FailureKind, MessageDescriptor> = {
  forbidden: msg`Sie haben keinen Zugriff auf diese Daten. Wenden Sie sich bei Bedarf an die Administration.`,
  'not-found': msg`Den gesuchten Eintrag gibt es nicht (mehr).`,
  timeout: msg`Der Server hat nicht rechtzeitig geantwortet. Bitte versuchen Sie es erneut.`,
  unconfirmed: msg`Bitte bestätigen Sie zuerst Ihre E-Mail-Adresse.`,
  server: msg`Der Server konnte die Anfrage gerade nicht bearbeiten. Bitte versuchen Sie es gleich noch einmal.`,
  app: msg`Beim Anzeigen dieser Seite ist ein Fehler aufgetreten.`,
}

export interface FailureMessage {
  kind: FailureKind
  title: string
  text: string
  retryable: boolean
}

/** The German title and text of a failure, for the inline `QueryError` and the route's `ErrorPage` alike. */
export const useFailureMessage = (
  error: unknown,
  overrides: { title?: string; messages?: Partial<Record<FailureKind, string>> } = {},
): FailureMessage => {
  const { i18n } = useLingui()
  const kind = failureKind(error)
  const retryable = isRetryable(kind)
  return {
    kind,
    retryable,
    // A screen's own title ("Die Übersicht konnte nicht geladen werden.") names what failed; access and
    // existence keep their one wording everywhere.
    title: (retryable && kind !== 'timeout' && overrides.title) || i18n._(TITLES[kind]),
    text: overrides.messages?.[kind] ?? i18n._(TEXTS[kind]),
  }
}
