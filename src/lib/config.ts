/** Build-time settings, read once. See the README's "Configuration" table. */
const env = import.meta.env

/** The default: the mocked backend runs in the browser (no account, no network). */
export const isMockMode = env.VITE_MOCKS !== 'false'

/** Offline sign-in pairs with the mocked backend; Firebase is the real provider. */
export const authMode: 'offline' | 'firebase' =
  env.VITE_AUTH === 'firebase' || (env.VITE_AUTH === undefined && !isMockMode) ? 'firebase' : 'offline'

/** The operator named in the footer (spec §1) and its legal documents. */
export const operator = {
  line: env.VITE_OPERATOR_LINE ?? 'Vereinsportal GmbH · Mariahilfer Straße 1 · 1060 Wien · FN 123456a',
  privacyUrl: env.VITE_PRIVACY_URL ?? '/legal/datenschutz.html',
  imprintUrl: env.VITE_IMPRINT_URL ?? '/legal/impressum.html',
}
