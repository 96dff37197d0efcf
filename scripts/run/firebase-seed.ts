/**
 * Seeds the Firebase Auth emulator with an account for every user of the demo seed (same uids, addresses,
 * names, confirmation state and password as the offline twin's), in one batch through the emulator's REST
 * API, so every demo user can sign in in both modes and the server finds a Firebase account for each of
 * them (its custom claims). Run against a running emulator: `npm run firebase:seed`.
 */
import { buildSeed, seedInstant } from '#adapters/demo-seed/seed.ts'
import { SEED_PASSWORD } from '#adapters/demo-seed/seed-accounts.ts'

export const EMULATOR_PROJECT_ID = 'demo-vereinsportal'
export const EMULATOR_HOST = process.env.FIREBASE_AUTH_EMULATOR_HOST ?? '127.0.0.1:9479'

// The emulator accepts "owner" as an administrator's credential.
const ADMIN_HEADERS = { Authorization: 'Bearer owner', 'Content-Type': 'application/json' }

const request = async (url: string, init: RequestInit): Promise<unknown> => {
  const response = await fetch(url, init)
  const text = await response.text()
  if (!response.ok) throw new Error(`${init.method ?? 'GET'} ${url} → ${response.status} ${text}`)
  return text ? (JSON.parse(text) as unknown) : undefined
}

/** Removes every account and creates the demo seed's accounts again; resolves with their number. */
export const seedEmulator = async (host = EMULATOR_HOST, projectId = EMULATOR_PROJECT_ID): Promise<number> => {
  const base = `http://${host}`
  await request(`${base}/emulator/v1/projects/${projectId}/accounts`, { method: 'DELETE' })
  const users = [...buildSeed(seedInstant(Date.now())).tables.users.values()]
  await request(`${base}/identitytoolkit.googleapis.com/v1/projects/${projectId}/accounts:batchCreate`, {
    method: 'POST',
    headers: ADMIN_HEADERS,
    body: JSON.stringify({
      users: users.map((user) => ({
        localId: user.uid,
        email: user.email,
        rawPassword: SEED_PASSWORD,
        displayName: `${user.firstName} ${user.lastName}`,
        emailVerified: user.emailVerified,
      })),
    }),
  })
  return users.length
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
