/**
 * Seeds the Firebase Auth emulator with the offline twin's accounts (same uids, addresses, names and
 * password, `unbestaetigt@demo.at` unconfirmed), through the emulator's REST API. The accounts come from
 * adapters/demo-seed/seed-accounts.ts, so both modes sign in with the same data. Run against a running emulator:
 * `npm run firebase:seed`.
 */
import { SEED_PASSWORD, seedAccounts } from '#adapters/demo-seed/seed-accounts.ts'

export const EMULATOR_PROJECT_ID = 'demo-vereinsportal'
export const EMULATOR_HOST = process.env.FIREBASE_AUTH_EMULATOR_HOST ?? '127.0.0.1:9479'

/** Unconfirmed seed accounts (spec §4: they get "E-Mail Adresse noch nicht bestätigt"). */
const UNVERIFIED = new Set<string>([seedAccounts.unbestaetigt.email])

// The emulator accepts "owner" as an administrator's credential.
const ADMIN_HEADERS = { Authorization: 'Bearer owner', 'Content-Type': 'application/json' }

const request = async (url: string, init: RequestInit): Promise<unknown> => {
  const response = await fetch(url, init)
  const text = await response.text()
  if (!response.ok) throw new Error(`${init.method ?? 'GET'} ${url} → ${response.status} ${text}`)
  return text ? (JSON.parse(text) as unknown) : undefined
}

/** Removes every account and creates the seed accounts again. */
export const seedEmulator = async (host = EMULATOR_HOST, projectId = EMULATOR_PROJECT_ID): Promise<number> => {
  const base = `http://${host}`
  await request(`${base}/emulator/v1/projects/${projectId}/accounts`, { method: 'DELETE' })
  const accounts = Object.values(seedAccounts)
  for (const account of accounts) {
    await request(`${base}/identitytoolkit.googleapis.com/v1/projects/${projectId}/accounts`, {
      method: 'POST',
      headers: ADMIN_HEADERS,
      body: JSON.stringify({
        localId: account.uid,
        email: account.email,
        password: SEED_PASSWORD,
        displayName: `${account.firstName} ${account.lastName}`,
        emailVerified: !UNVERIFIED.has(account.email),
      }),
    })
  }
  return accounts.length
}

/** The e-mail action codes the emulator "sent" (verification, password reset), newest last. */
export const emulatorOobCodes = async (
  host = EMULATOR_HOST,
  projectId = EMULATOR_PROJECT_ID,
): Promise<Array<{ email: string; requestType: string; oobCode: string; oobLink: string }>> => {
  const answer = (await request(`http://${host}/emulator/v1/projects/${projectId}/oobCodes`, { method: 'GET' })) as {
    oobCodes?: Array<{ email: string; requestType: string; oobCode: string; oobLink: string }>
  }
  return answer.oobCodes ?? []
}

/** The newest action code of a kind the emulator issued for an address (what Firebase would have mailed). */
export const latestOobCode = async (
  email: string,
  requestType: 'VERIFY_EMAIL' | 'PASSWORD_RESET',
  host = EMULATOR_HOST,
): Promise<string | undefined> =>
  (await emulatorOobCodes(host)).filter((entry) => entry.email === email && entry.requestType === requestType).at(-1)
    ?.oobCode

if (import.meta.url === `file://${process.argv[1]}`) {
  const count = await seedEmulator()
  console.log(`Seeded ${count} accounts into the Firebase Auth emulator at ${EMULATOR_HOST}.`)
}
