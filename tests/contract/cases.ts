/**
 * What the contract suite sends: for an operation one valid request (the "sample"), from which the
 * runner derives the generic cases (no token, a broken token, a caller without access, an empty body,
 * unknown ids, a field the contract does not name, a body that is no JSON or too large: ./derive.ts), plus
 * the operation's own cases (its 409s, rules and query checks). Ids come from the mocked backend's seed,
 * which is reset before every case.
 *
 * An entry is optional: a new operation runs without one the cases the operation table alone gives
 * (access, transport rules, overlong and unknown ids), and the coverage summary names it until it has a
 * sample here.
 *
 * The table is typed with openapi-typescript's output (./paths.ts): at most one entry per operationId of
 * the contract, each with the path and query parameters that operation declares, and setup calls that
 * name a path and method the contract has, with its JSON body. A case for something the contract does not
 * have fails `npm run typecheck`.
 */
import type { components } from '#openapi/generated/paths.d.ts'
import { addClubImageBodySizeMax } from '#openapi/generated/zod/clubs/clubs.zod.ts'
import { stripeEvent } from '#adapters/stripe-events/read-stripe-event.ts'
import { signatureHeader } from '#adapters/stripe-events/signature.ts'
import { SIMULATED_WEBHOOK_SECRET, SUCCESS_CARD } from '#adapters/simulated-card-provider/simulated-provider.ts'
import { clubUpdateOf } from '#tests/backend/bodies.ts'
import type {
  ApiPath,
  JsonBodyOf,
  MethodOf,
  OperationId,
  PathParamsAt,
  PathParamsOf,
  QueryAt,
  QueryOf,
} from './paths.ts'
import {
  SEED_PASSWORD,
  seedAccounts,
  seedAppLogoId,
  seedCampaigns,
  seedClubRoles,
  seedClubTypes,
  seedClubs,
  seedInvitations,
  seedPaymentAccounts,
  seedReceipts,
  seedTax,
} from '#adapters/demo-seed/seed-accounts.ts'

/** Who calls: a seed account by role, nobody, or someone with a token the backend never issued. */
export type Caller = 'admin' | 'staff' | 'member' | 'stranger' | 'unconfirmed' | 'none' | 'invalid'

export const CALLER_EMAILS: Record<'admin' | 'staff' | 'member' | 'stranger' | 'unconfirmed', string> = {
  admin: seedAccounts.admin.email,
  staff: seedAccounts.staff.email,
  /** Represents the volume club and the second active club. */
  member: seedAccounts.verein.email,
  /** Represents only an unrelated club. */
  stranger: seedAccounts.neu.email,
  /** Has not confirmed the e-mail address yet (403 `email-not-verified` almost everywhere). */
  unconfirmed: seedAccounts.unbestaetigt.email,
}

/** A setup call's options: the path parameters (all of them), query and JSON body of `method path`. */
export type SetupRequest<P extends ApiPath, M extends MethodOf<P>> = {
  as?: Caller
  headers?: Record<string, string>
  query?: QueryAt<P, M>
  body?: JsonBodyOf<P, M> | RawBody
} & (keyof PathParamsAt<P, M> extends never ? { params?: undefined } : { params: PathParamsAt<P, M> })

/** What the target backend declares beyond the contract (the runner's options). */
export interface TargetLimits {
  /** The sign-in rate limit per client and minute (registration, invitation acceptance), when the suite may test it. */
  signInPerMinute: number | null
  /** The rate limit per client and minute of the other operations anyone may call, when the suite may test it. */
  publicPerMinute: number | null
}

export interface SetupApi {
  /** An API call (through the same base URL as the cases), to a path of the contract. */
  api<P extends ApiPath, M extends MethodOf<P>>(
    method: M,
    path: P,
    options?: SetupRequest<P, M>,
  ): Promise<{ status: number; body: unknown }>
  /** A control-plane call (`/__mock/…`). */
  control(method: string, path: string, body?: unknown): Promise<{ status: number; body: unknown }>
  readonly target: TargetLimits
}

/** A body of bytes (an upload), sent as is with its Content-Type instead of as JSON. */
export class RawBody {
  readonly bytes: Uint8Array<ArrayBuffer>
  readonly contentType: string
  constructor(bytes: Uint8Array<ArrayBuffer>, contentType: string) {
    this.bytes = bytes
    this.contentType = contentType
  }
}

const MAGIC: Record<string, number[]> = {
  'image/jpeg': [0xff, 0xd8, 0xff, 0xe0],
  'image/png': [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a],
  'application/pdf': [0x25, 0x50, 0x44, 0x46, 0x2d],
}

/** `size` bytes that are a file of `contentType` by their magic bytes (what the server checks). */
export const fileOf = (contentType: string, size = 2048): RawBody => {
  const bytes = new Uint8Array(size)
  bytes.set(MAGIC[contentType] ?? [])
  return new RawBody(bytes, contentType)
}

/** Uploads a file of the record's type and size to its path: the server records only what it holds. */
const uploadFor = async (
  api: SetupApi,
  file: { path: string; contentType: string; size: number },
  as: Caller = 'admin',
) => {
  const answer = await api.api('PUT', '/storage/blob', {
    as,
    query: { path: file.path },
    body: fileOf(file.contentType, file.size),
  })
  if (answer.status !== 201)
    throw new Error(`setup: the upload of ${file.path} answered ${answer.status}: ${JSON.stringify(answer.body)}`)
  return answer.body as { path: string; size: number; contentType: string }
}

const SAMPLE_UPLOAD = `clubs/${seedClubs.volume}/GALLERY/10-sommerfest.jpg`
const SAMPLE_LOGO = 'app-logo/11-logo.png'

type Fields = Record<string, unknown>
const idOf = (body: unknown): string => (body as { id: string }).id

/** A donor's form on the public donation page. */
const DONOR = { amountCents: 2500, donorName: 'Erika Muster', email: 'erika@example.at', message: 'Viel Erfolg!' }

interface StartedCheckout {
  checkoutId: string
  sessionId: string
}

/** A checkout of the seed's running campaign, at the simulated provider. */
const startCheckout = async (api: SetupApi): Promise<StartedCheckout> => {
  const started = await api.api('POST', '/giving/campaigns/{campaignId}/checkouts', {
    as: 'none',
    params: { campaignId: seedCampaigns.runningEnabled },
    body: DONOR,
  })
  const { checkoutId, url } = started.body as { checkoutId: string; url: string }
  return { checkoutId, sessionId: new URL(url).searchParams.get('session')! }
}

/** A card donation of 25 € paid with the simulated provider's success card; its id. */
const paidDonation = async (api: SetupApi): Promise<string> => {
  const { checkoutId, sessionId } = await startCheckout(api)
  await api.control('POST', '/__mock/provider/pay', { session: sessionId, cardNumber: SUCCESS_CARD })
  return checkoutId
}

/** The provider's word that the checkout was paid, as Stripe sends it. */
const completedEvent = ({ checkoutId, sessionId }: StartedCheckout) =>
  stripeEvent(
    'checkout.session.completed',
    {
      id: sessionId,
      object: 'checkout.session',
      client_reference_id: checkoutId,
      status: 'complete',
      payment_status: 'paid',
      payment_intent: `pi_${checkoutId}`,
      amount_total: DONOR.amountCents,
      currency: 'eur',
      metadata: {},
    },
    { id: `evt_${checkoutId}`, created: Date.now(), account: seedPaymentAccounts.active.accountId },
  )

/** A delivery signed with the simulated provider's webhook secret (or another), now (or at another time). */
const signedDelivery = (event: object, options: { secret?: string; at?: number } = {}) => {
  const payload = JSON.stringify(event)
  const at = Math.floor((options.at ?? Date.now()) / 1000)
  return {
    body: new RawBody(new TextEncoder().encode(payload), 'application/json'),
    headers: { 'Stripe-Signature': signatureHeader(payload, options.secret ?? SIMULATED_WEBHOOK_SECRET, at) },
  }
}
const firstIdOf = (body: unknown): string => (body as Array<{ id: string }>)[0]!.id

/** Path and query parameters as loose strings: how the runner handles every operation alike. */
type AnyParams = Record<string, string>

export interface Prepared<Params = AnyParams, Query = AnyParams> {
  params?: Partial<Params>
  query?: Query
  body?: unknown
  /** Request headers beyond the suite's own (a provider's `Stripe-Signature`). */
  headers?: Record<string, string>
}

export interface RequestSpec<Params = AnyParams, Query = AnyParams> {
  as: Caller
  params?: Partial<Params>
  query?: Query
  body?: unknown
  /** Runs before the request (after the reset); what it returns is merged in. */
  setup?: (api: SetupApi) => Promise<Prepared<Params, Query>>
}

export interface CaseSpec<Params = AnyParams, Query = AnyParams> extends RequestSpec<Params, Query> {
  name: string
  expect: number
  /** The problem kind (`…/problems/<kind>`) an error answer must have. */
  kind?: string
  /** A validation problem must name this field with this code (`errors[]`). */
  expectError?: { field: string; code: string }
  /** Deliberately breaks the request against the contract (Prism's request validation refuses it itself). */
  malformed?: boolean
  /**
   * The caller's token says they signed in six minutes ago (`auth_time`). Only a backend whose tokens the
   * suite can make so runs these cases: Firebase Auth's emulator (`--firebase-emulator`), whose tokens
   * are unsigned, and the mocked backend, which takes such tokens once its control plane's settings name
   * the emulator project. The server's local identity signs its tokens itself; the domain tests check the
   * rule there (domain/fresh-sign-in.test.ts).
   */
  staleSignIn?: boolean
  /** Runs only where the target declares this rate limit and the suite may use it up (`--sign-in-limit`, `--public-limit`). */
  rateLimit?: 'signIn' | 'public'
}

export interface OperationCases<Params = AnyParams, Query = AnyParams> {
  sample: RequestSpec<Params, Query> & { expect: number }
  cases?: Array<CaseSpec<Params, Query>>
}

/** The cases of one operation, with the path and query parameters it declares. */
type CasesOf<O extends OperationId> = OperationCases<PathParamsOf<O>, QueryOf<O>>

const today = () => new Date().toISOString().slice(0, 10)
const addDays = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10)

const campaignBody = () => ({
  clubId: seedClubs.volume,
  name: 'Neue Tornetze',
  description: 'Für beide Tore am Hauptplatz.',
  goalCents: 150_000,
  amountCents: 2_500,
  minimumDonationCents: 500,
  date: addDays(today(), 45),
  time: '18:30',
  from: addDays(today(), -2),
  to: addDays(today(), 30),
  currency: 'EUR',
})

const registration = (email = 'obfrau@kontrakt-verein.at'): components['schemas']['ClubRegistration'] => ({
  club: {
    name: 'Kontraktverein Wien',
    zvrNumber: '987654321',
    address: { street: 'Testgasse', houseNumber: '1', postalCode: '1010', city: 'Wien' },
    clubTypeId: seedClubTypes.kultur,
    clubSize: 10,
  },
  user: { email, password: 'Kontrakt-2026', firstName: 'Karla', lastName: 'Kontrakt' },
  acceptedTerms: true,
})

/**
 * Uses up the caller's sign-in rate limit (`--sign-in-limit`): registrations of an address in use (409,
 * nothing is created), as many as the limit allows; the case's own request is the one over it.
 */
const useUpSignInLimit = async (api: SetupApi): Promise<Prepared> => {
  const limit = api.target.signInPerMinute
  if (limit === null) throw new Error('setup: the target declares no sign-in rate limit')
  for (let sent = 0; sent < limit; sent += 1) {
    const answer = await api.api('POST', '/club/createWithUser', {
      as: 'none',
      body: registration(seedAccounts.verein.email),
    })
    if (answer.status !== 409)
      throw new Error(`setup: registration ${sent + 1} of ${limit} answered ${answer.status}, not 409`)
  }
  return {}
}

/** Uses up the caller's limit of the other public operations (`--public-limit`) with the country list. */
const useUpPublicLimit = async (api: SetupApi): Promise<Prepared> => {
  const limit = api.target.publicPerMinute
  if (limit === null) throw new Error('setup: the target declares no public rate limit')
  for (let sent = 0; sent < limit; sent += 1) {
    const answer = await api.api('GET', '/country', { as: 'none' })
    if (answer.status !== 200)
      throw new Error(`setup: country list ${sent + 1} of ${limit} answered ${answer.status}, not 200`)
  }
  return {}
}

/** The case over the public rate limit, for an operation anyone may call. */
const overPublicLimit = {
  name: 'over the public rate limit',
  as: 'none',
  rateLimit: 'public',
  expect: 429,
  kind: 'too-many-requests',
  setup: useUpPublicLimit,
} as const

/** A second "Musikverein Hallein" in Hallein (5400), with a number of its own. */
const halleinAgain = () => ({
  ...registration().club,
  name: 'Musikverein  hallein',
  address: { street: 'Davisstraße', houseNumber: '5', postalCode: '5400', city: 'Hallein' },
})

type ClubUpdate = components['schemas']['ClubUpdate']

/** The volume club's profile as the edit form would send it back: only the fields of `ClubUpdate` (the contract is closed). */
const currentClub = async (api: SetupApi, clubId: string = seedClubs.volume): Promise<ClubUpdate> => {
  const { club } = (await api.api('GET', '/club/cluboverview/{id}', { as: 'admin', params: { id: clubId } })).body as {
    club: ClubUpdate
  }
  return clubUpdateOf(club)
}

/** An Erste Bank IBAN (bank code 20111) with valid check digits, whose BIC is GIBAATWW. */
const ERSTE_IBAN = 'AT402011100000012345'

/** The representative gives the volume club (active, with an active card-provider account) a new IBAN: its payout goes into review. */
const changeIban = async (api: SetupApi): Promise<void> => {
  const club = await currentClub(api)
  const answer = await api.api('PUT', '/club', {
    as: 'member',
    body: { ...club, bankInfo: { ...club.bankInfo, iban: ERSTE_IBAN, bic: 'GIBAATWWXXX' } },
  })
  if (answer.status !== 200)
    throw new Error(`setup: the new IBAN answered ${answer.status}: ${JSON.stringify(answer.body)}`)
}

const currentCampaign = async (api: SetupApi, documentId: string): Promise<Fields> => {
  const campaign = (await api.api('GET', '/campaigns/{documentId}', { as: 'admin', params: { documentId } }))
    .body as Fields
  const { clubId: _c, phase: _p, raisedCents: _r, donationCount: _d, createdAt: _a, ...fields } = campaign
  return fields
}

const invitationToken = async (api: SetupApi, email: string): Promise<string> => {
  await api.api('POST', '/club/{clubId}/inviteUser', {
    as: 'member',
    params: { clubId: seedClubs.volume },
    body: { email, clubRoleId: seedClubRoles.mitglied },
  })
  const mails = (await api.control('GET', '/__mock/mailbox')).body as Array<{ to: string; link: string }>
  return new URL(mails.find((mail) => mail.to === email)!.link, 'http://x').searchParams.get('token')!
}

/** The uid of a member of the volume club, by address. */
const volumeMemberUid = async (api: SetupApi, email: string): Promise<string> => {
  const members = (
    await api.api('GET', '/club/{clubId}/getUsers', { as: 'member', params: { clubId: seedClubs.volume } })
  ).body as Array<{ email: string; uid: string | null }>
  return members.find((member) => member.email === email)!.uid!
}

/**
 * The representative (`member`) becomes the volume club's Schriftführer/in, a club role without rights,
 * after an administrator made the deputy chair its chair (the club keeps someone holding each right).
 */
const memberWithoutRights = async (api: SetupApi): Promise<void> => {
  const members = (
    await api.api('GET', '/club/{clubId}/getUsers', { as: 'admin', params: { clubId: seedClubs.volume } })
  ).body as Array<{ uid: string | null; clubRoleId: string }>
  const deputy = members.find((member) => member.clubRoleId === seedClubRoles.stellvertretung)!.uid!
  for (const [uid, clubRoleId] of [
    [deputy, seedClubRoles.obmann],
    [seedAccounts.verein.uid, seedClubRoles.schriftfuehrung],
  ] as const) {
    const changed = await api.api('PUT', '/club/{clubId}/member/{uid}', {
      as: 'admin',
      params: { clubId: seedClubs.volume, uid },
      body: { clubRoleId },
    })
    if (changed.status !== 200) throw new Error(`setup: the role change answered ${changed.status}`)
  }
}

/** The volume club's seeded BMF entry as the club sends it, with a new register number (a change to confirm). */
const taxStatusBody = () => ({
  entryId: seedTax.entryId,
  registerNumber: 'SO 4712',
  category: 'SP' as const,
  validFrom: '2019-01-01',
  revokedOn: null,
  taxNumber: '123456789',
  lastReportOn: null,
})

/** Last year: the one the seed's donors gave in, which may be transmitted. */
const lastYear = () => String(new Date().getUTCFullYear() - 1)

/** A test transmission of last year; its id. */
const taxTransmission = async (api: SetupApi): Promise<string> => {
  const made = await api.api('POST', '/club/{clubId}/tax/years/{year}/transmissions', {
    as: 'member',
    params: { clubId: seedClubs.volume, year: lastYear() },
    body: { mode: 'TEST' },
  })
  return idOf(made.body)
}

/** The tax office's protocol of a file, accepted. */
const taxProtocol = (messageRefId: string) =>
  `<?xml version="1.0" encoding="UTF-8"?><SonderausgabenResponse><MessageRefId>${messageRefId}</MessageRefId><Status>OK</Status></SonderausgabenResponse>`

/** The name and address a receipt is made out to. */
const RECEIPT_DONOR = {
  name: 'Elisabeth Wagner',
  street: 'Mozartgasse 3/5',
  postalCode: '5020',
  city: 'Salzburg',
  country: 'AT',
}

/** Elisabeth Wagner's receipt of her seeded donation; its id. */
const wagnerReceipt = async (api: SetupApi): Promise<string> => {
  const issued = await api.api('POST', '/donations/{donationId}/receipt', {
    as: 'member',
    params: { donationId: seedReceipts.wagnerDonationId },
    body: { donor: RECEIPT_DONOR, replacesId: null },
  })
  return idOf(issued.body)
}

export const OPERATION_CASES: { [O in OperationId]?: CasesOf<O> } = {
  // ------------------------------------------------------------------------------------------- users
  getUsers: { sample: { as: 'admin', expect: 200 } },
  createUser: {
    sample: {
      as: 'admin',
      expect: 201,
      body: {
        email: 'konrad.kontrakt@demo.at',
        password: 'Kontrakt-2026',
        firstName: 'Konrad',
        lastName: 'Kontrakt',
        role: 'ROLE_USER',
      },
    },
    cases: [
      {
        name: 'an address in use',
        as: 'admin',
        expect: 409,
        kind: 'user-exists',
        body: {
          email: 'VEREIN@demo.at',
          password: 'Kontrakt-2026',
          firstName: 'Konrad',
          lastName: 'Kontrakt',
          role: 'ROLE_USER',
        },
      },
      {
        name: 'a bad address and a short password',
        as: 'admin',
        expect: 400,
        kind: 'validation',
        malformed: true,
        body: { email: 'kein-mail', password: 'kurz', firstName: 'K', lastName: 'K', role: 'ROLE_USER' },
      },
    ],
  },
  updateUser: {
    sample: {
      as: 'admin',
      expect: 200,
      body: {
        uid: seedAccounts.staff.uid,
        email: seedAccounts.staff.email,
        firstName: 'Stefan',
        lastName: 'Sachbearbeiter',
        role: 'ROLE_STAFF',
      },
    },
    cases: [
      {
        name: 'an unknown user',
        as: 'admin',
        expect: 404,
        kind: 'not-found',
        body: { uid: 'uid-unbekannt', email: 'x@demo.at', firstName: 'X', lastName: 'Y', role: 'ROLE_USER' },
      },
      {
        name: 'the last administrator loses the role',
        as: 'admin',
        expect: 409,
        kind: 'last-admin',
        body: {
          uid: seedAccounts.admin.uid,
          email: seedAccounts.admin.email,
          firstName: 'Andrea',
          lastName: 'Admin',
          role: 'ROLE_STAFF',
        },
      },
      {
        name: 'another user’s address',
        as: 'admin',
        expect: 409,
        kind: 'user-exists',
        body: {
          uid: seedAccounts.staff.uid,
          email: seedAccounts.verein.email,
          firstName: 'Stefan',
          lastName: 'Sachbearbeiter',
          role: 'ROLE_STAFF',
        },
      },
      {
        name: 'a role change on a sign-in older than five minutes',
        as: 'admin',
        staleSignIn: true,
        expect: 401,
        kind: 'reauthentication-required',
        body: {
          uid: seedAccounts.staff.uid,
          email: seedAccounts.staff.email,
          firstName: 'Stefan',
          lastName: 'Sachbearbeiter',
          role: 'ROLE_USER',
        },
      },
      {
        name: 'a name change on a sign-in older than five minutes',
        as: 'admin',
        staleSignIn: true,
        expect: 200,
        body: {
          uid: seedAccounts.staff.uid,
          email: seedAccounts.staff.email,
          firstName: 'Stefanie',
          lastName: 'Sachbearbeiter',
          role: 'ROLE_STAFF',
        },
      },
    ],
  },
  getCurrentUser: { sample: { as: 'member', expect: 200 } },
  signOut: { sample: { as: 'member', expect: 204 } },
  requestPasswordReset: {
    sample: { as: 'none', expect: 202, body: { email: seedAccounts.verein.email } },
    cases: [
      {
        name: 'an address without an account, answered alike',
        as: 'none',
        expect: 202,
        body: { email: 'niemand@demo.at' },
      },
    ],
  },
  updateUserPassword: {
    sample: { as: 'member', expect: 204, body: { currentPassword: SEED_PASSWORD, password: 'Neues-Passwort-9' } },
    cases: [
      {
        name: 'a password that is too short',
        as: 'member',
        expect: 400,
        kind: 'validation',
        malformed: true,
        body: { currentPassword: SEED_PASSWORD, password: 'kurz' },
      },
      {
        name: 'a wrong current password',
        as: 'member',
        expect: 400,
        kind: 'current-password-wrong',
        body: { currentPassword: 'Falsch-1234', password: 'Neues-Passwort-9' },
      },
      {
        name: 'a common password',
        as: 'member',
        expect: 400,
        kind: 'validation',
        body: { currentPassword: SEED_PASSWORD, password: 'Password1' },
      },
      {
        name: 'a sign-in older than five minutes',
        as: 'member',
        staleSignIn: true,
        expect: 401,
        kind: 'reauthentication-required',
        body: { currentPassword: SEED_PASSWORD, password: 'Neues-Passwort-9' },
      },
    ],
  },
  registerViaInvite: {
    sample: {
      as: 'none',
      expect: 201,
      query: { token: seedInvitations.valid.token },
      body: { firstName: 'Eva', lastName: 'Eingeladen', password: 'Einladung-2026' },
    },
    cases: [
      {
        name: 'a used token',
        as: 'none',
        expect: 409,
        kind: 'token-used',
        query: { token: seedInvitations.used.token },
        body: { firstName: 'E', lastName: 'E', password: 'Einladung-2026' },
      },
      {
        name: 'an expired token',
        as: 'none',
        expect: 400,
        kind: 'token-expired',
        query: { token: seedInvitations.expired.token },
        body: { firstName: 'E', lastName: 'E', password: 'Einladung-2026' },
      },
      {
        name: 'an unknown token',
        as: 'none',
        expect: 404,
        kind: 'not-found',
        query: { token: 'unbekannt' },
        body: { firstName: 'E', lastName: 'E', password: 'Einladung-2026' },
      },
      {
        name: 'no token',
        as: 'none',
        expect: 400,
        kind: 'token-missing',
        malformed: true,
        body: { firstName: 'E', lastName: 'E', password: 'Einladung-2026' },
      },
      {
        name: 'over the sign-in rate limit (shared with registration)',
        as: 'none',
        rateLimit: 'signIn',
        expect: 429,
        kind: 'too-many-requests',
        query: { token: seedInvitations.valid.token },
        body: { firstName: 'Eva', lastName: 'Eingeladen', password: 'Einladung-2026' },
        setup: useUpSignInLimit,
      },
      {
        name: 'a replaced token',
        as: 'none',
        expect: 409,
        kind: 'token-replaced',
        body: { firstName: 'Rita', lastName: 'Ersetzt', password: 'Einladung-2026' },
        setup: async (api) => {
          const token = await invitationToken(api, 'ersetzt@demo.at')
          await invitationToken(api, 'ersetzt@demo.at')
          return { query: { token } }
        },
      },
      {
        name: 'an address that got a user meanwhile',
        as: 'none',
        expect: 409,
        kind: 'user-exists',
        body: { firstName: 'Doris', lastName: 'Doppelt', password: 'Einladung-2026' },
        setup: async (api) => {
          const token = await invitationToken(api, 'doppelt@demo.at')
          await api.api('POST', '/users', {
            as: 'admin',
            body: {
              email: 'doppelt@demo.at',
              password: 'Kontrakt-2026',
              firstName: 'Doris',
              lastName: 'Doppelt',
              role: 'ROLE_USER',
            },
          })
          return { query: { token } }
        },
      },
    ],
  },
  getInvitation: {
    sample: { as: 'none', expect: 200, query: { token: seedInvitations.valid.token } },
    cases: [
      {
        name: 'an expired invitation says so',
        as: 'none',
        expect: 200,
        query: { token: seedInvitations.expired.token },
      },
      { name: 'a used invitation says so', as: 'none', expect: 200, query: { token: seedInvitations.used.token } },
      {
        name: 'a replaced invitation says so',
        as: 'none',
        expect: 200,
        setup: async (api) => {
          const token = await invitationToken(api, 'ersetzt@demo.at')
          await invitationToken(api, 'ersetzt@demo.at')
          return { query: { token } }
        },
      },
      { name: 'an unknown token', as: 'none', expect: 404, kind: 'not-found', query: { token: 'unbekannt' } },
      { name: 'no token', as: 'none', expect: 400, kind: 'token-missing', malformed: true },
      {
        name: 'a broken token is ignored (anyone may call)',
        as: 'invalid',
        expect: 200,
        query: { token: seedInvitations.valid.token },
      },
      { ...overPublicLimit, query: { token: seedInvitations.valid.token } },
    ],
  },
  acceptInvitation: {
    // The representative of another club is invited into the volume club and accepts with their account.
    sample: {
      as: 'stranger',
      expect: 200,
      setup: async (api) => ({ query: { token: await invitationToken(api, CALLER_EMAILS.stranger) } }),
    },
    cases: [
      {
        name: 'an invitation for another address',
        as: 'admin',
        expect: 403,
        kind: 'invitation-other-address',
        setup: async (api) => ({ query: { token: await invitationToken(api, CALLER_EMAILS.stranger) } }),
      },
      {
        name: 'a replaced token',
        as: 'stranger',
        expect: 409,
        kind: 'token-replaced',
        setup: async (api) => {
          const token = await invitationToken(api, CALLER_EMAILS.stranger)
          await invitationToken(api, CALLER_EMAILS.stranger)
          return { query: { token } }
        },
      },
      {
        name: 'a withdrawn token',
        as: 'stranger',
        expect: 409,
        kind: 'token-withdrawn',
        setup: async (api) => {
          const token = await invitationToken(api, CALLER_EMAILS.stranger)
          const members = (
            await api.api('GET', '/club/{clubId}/getUsers', { as: 'member', params: { clubId: seedClubs.volume } })
          ).body as Array<{ email: string; invitationId: string | null }>
          const invitationId = members.find((member) => member.email === CALLER_EMAILS.stranger)!.invitationId!
          await api.api('DELETE', '/club/{clubId}/invitation/{invitationId}', {
            as: 'member',
            params: { clubId: seedClubs.volume, invitationId },
          })
          return { query: { token } }
        },
      },
      {
        name: 'a used token',
        as: 'stranger',
        expect: 409,
        kind: 'token-used',
        query: { token: seedInvitations.used.token },
      },
      {
        name: 'an expired token',
        as: 'stranger',
        expect: 400,
        kind: 'token-expired',
        query: { token: seedInvitations.expired.token },
      },
      { name: 'an unknown token', as: 'stranger', expect: 404, kind: 'not-found', query: { token: 'unbekannt' } },
      { name: 'no invitation token', as: 'stranger', expect: 400, kind: 'token-missing', malformed: true },
    ],
  },
  deleteUser: {
    sample: { as: 'admin', expect: 204, params: { uid: seedAccounts.neu.uid } },
    cases: [
      { name: 'yourself', as: 'admin', expect: 409, kind: 'self-delete', params: { uid: seedAccounts.admin.uid } },
    ],
  },
  getUserDeletionImpact: {
    // The only member of an incomplete club.
    sample: { as: 'admin', expect: 200, params: { uid: seedAccounts.neu.uid } },
    cases: [{ name: 'a user of no club', as: 'admin', expect: 200, params: { uid: seedAccounts.staff.uid } }],
  },

  // ------------------------------------------------------------------------------------------- club types
  getClubTypes: {
    sample: { as: 'none', expect: 200 },
    cases: [{ name: 'a broken token is ignored (anyone may call)', as: 'invalid', expect: 200 }, overPublicLimit],
  },
  createClubType: {
    sample: { as: 'admin', expect: 201, body: { name: 'Schachverein' } },
    cases: [
      {
        name: 'a taken name, in other case',
        as: 'admin',
        expect: 409,
        kind: 'name-taken',
        body: { name: 'sportVEREIN' },
      },
    ],
  },
  updateClubType: {
    sample: {
      as: 'admin',
      expect: 200,
      params: { id: seedClubTypes.sport },
      body: { name: 'Sportverein (Breitensport)' },
    },
    cases: [
      {
        name: 'a taken name',
        as: 'admin',
        expect: 409,
        kind: 'name-taken',
        params: { id: seedClubTypes.sport },
        body: { name: 'Musikverein' },
      },
    ],
  },
  deleteClubType: {
    sample: {
      as: 'admin',
      expect: 204,
      setup: async (api) => ({
        params: {
          id: idOf((await api.api('POST', '/clubtypes', { as: 'admin', body: { name: 'Unbenutzter Typ' } })).body),
        },
      }),
    },
    cases: [
      { name: 'a type clubs use', as: 'admin', expect: 409, kind: 'in-use', params: { id: seedClubTypes.feuerwehr } },
    ],
  },

  // ------------------------------------------------------------------------------------------- club roles
  getClubRoles: { sample: { as: 'member', expect: 200 } },
  createClubRole: {
    sample: { as: 'admin', expect: 201, body: { name: 'Jugendreferent/in' } },
    cases: [
      { name: 'a taken name', as: 'admin', expect: 409, kind: 'name-taken', body: { name: 'Kassier/in' } },
      {
        name: 'with both rights',
        as: 'admin',
        expect: 201,
        body: { name: 'Geschäftsführung', manageMoney: true, manageMembers: true },
      },
    ],
  },
  updateClubRole: {
    sample: {
      as: 'admin',
      expect: 200,
      body: { id: seedClubRoles.rechnungspruefung, name: 'Rechnungsprüfer/in (intern)' },
    },
    cases: [
      {
        name: 'an unknown role',
        as: 'admin',
        expect: 404,
        kind: 'not-found',
        body: { id: 'cr-unbekannt', name: 'Egal' },
      },
      {
        name: 'a taken name',
        as: 'admin',
        expect: 409,
        kind: 'name-taken',
        body: { id: seedClubRoles.rechnungspruefung, name: 'Mitglied' },
      },
    ],
  },
  deleteClubRole: {
    sample: { as: 'admin', expect: 204, params: { id: seedClubRoles.rechnungspruefung } },
    cases: [
      { name: 'a role members hold', as: 'admin', expect: 409, kind: 'in-use', params: { id: seedClubRoles.kassier } },
    ],
  },

  // ------------------------------------------------------------------------------------------- clubs
  getClubs: {
    sample: { as: 'admin', expect: 200, query: { clubStatus: 'ACTIVE', size: '5', page: '1', sort: 'createdAt,desc' } },
    cases: [
      { name: 'staff read it too', as: 'staff', expect: 200, query: { clubType: seedClubTypes.sport } },
      {
        name: 'a search by a part of the name or ZVR number, filtered to the unchecked clubs',
        as: 'admin',
        expect: 200,
        query: { q: 'grün', filter: 'UNCHECKED', clubStatus: 'ACTIVE' },
      },
      {
        name: 'a search with LIKE wildcards',
        as: 'staff',
        expect: 200,
        query: { q: '%_', filter: 'BANK_REVIEW_PENDING' },
      },
      {
        name: 'a search text over 100 characters',
        as: 'admin',
        expect: 400,
        kind: 'validation',
        expectError: { field: 'q', code: 'too_big' },
        malformed: true,
        query: { q: 'x'.repeat(101) },
      },
      {
        name: 'an unknown filter',
        as: 'admin',
        expect: 400,
        kind: 'validation',
        malformed: true,
        query: { filter: 'OPEN' },
      },
      {
        name: 'a page size of 0 and an unknown sort field',
        as: 'admin',
        expect: 400,
        kind: 'validation',
        malformed: true,
        query: { size: '0', sort: 'members,asc' },
      },
    ],
  },
  updateClub: {
    sample: { as: 'member', expect: 200, setup: async (api) => ({ body: await currentClub(api) }) },
    cases: [
      {
        name: 'new bank details from a member whose club role may not manage money',
        as: 'member',
        expect: 403,
        kind: 'club-right-missing',
        setup: async (api) => {
          await memberWithoutRights(api)
          const club = await currentClub(api)
          return { body: { ...club, bankInfo: { ...club.bankInfo, iban: ERSTE_IBAN, bic: 'GIBAATWWXXX' } } }
        },
      },
      {
        name: 'an unknown club',
        as: 'admin',
        expect: 404,
        kind: 'not-found',
        setup: async (api) => ({ body: { ...(await currentClub(api)), id: 'club-unbekannt' } }),
      },
      {
        name: 'an IBAN with wrong check digits',
        as: 'member',
        expect: 400,
        kind: 'validation',
        setup: async (api) => {
          const club = await currentClub(api)
          return { body: { ...club, bankInfo: { ...club.bankInfo, iban: 'AT611904300234573202' } } }
        },
      },
      {
        name: 'a BIC of another country than the IBAN',
        as: 'member',
        expect: 400,
        kind: 'validation',
        setup: async (api) => {
          const club = await currentClub(api)
          return { body: { ...club, bankInfo: { ...club.bankInfo, bic: 'COBADEFFXXX' } } }
        },
      },
      {
        name: 'the BIC of another bank than the Austrian IBAN’s',
        as: 'member',
        expect: 400,
        kind: 'validation',
        setup: async (api) => {
          const club = await currentClub(api)
          return { body: { ...club, bankInfo: { ...club.bankInfo, iban: ERSTE_IBAN, bic: 'BKAUATWWXXX' } } }
        },
      },
      {
        name: 'new bank details on a sign-in older than five minutes',
        as: 'member',
        staleSignIn: true,
        expect: 401,
        kind: 'reauthentication-required',
        setup: async (api) => {
          const club = await currentClub(api)
          return { body: { ...club, bankInfo: { ...club.bankInfo, accountHolder: 'Jemand Anderer' } } }
        },
      },
      {
        name: 'incomplete data is saved',
        as: 'member',
        expect: 200,
        setup: async (api) => ({
          body: {
            ...(await currentClub(api)),
            description: '',
            bankInfo: { bankName: '', iban: '', bic: '', accountHolder: '' },
          },
        }),
      },
      {
        name: 'another club’s ZVR number',
        as: 'member',
        expect: 409,
        kind: 'zvr-taken',
        setup: async (api) => ({
          body: { ...(await currentClub(api)), zvrNumber: (await currentClub(api, seedClubs.secondActive)).zvrNumber },
        }),
      },
      {
        name: 'another club’s name in its postal code',
        as: 'member',
        expect: 409,
        kind: 'possible-duplicate',
        setup: async (api) => {
          const club = await currentClub(api)
          return {
            body: {
              ...club,
              name: 'Musikverein Hallein',
              address: { ...(club.address as Fields), postalCode: '5400' },
            },
          }
        },
      },
      {
        name: 'another club’s name in its postal code, confirmed',
        as: 'member',
        expect: 200,
        setup: async (api) => {
          const club = await currentClub(api)
          return {
            body: {
              ...club,
              name: 'Musikverein Hallein',
              address: { ...(club.address as Fields), postalCode: '5400' },
              confirmDuplicate: true,
            },
          }
        },
      },
      {
        name: 'a German billing postal code of 4 digits',
        as: 'member',
        expect: 400,
        kind: 'validation',
        setup: async (api) => ({
          body: {
            ...(await currentClub(api)),
            billingAddress: {
              sameAsClubAddress: false,
              street: 'Marienplatz',
              houseNumber: '8',
              postalCode: '8033',
              city: 'München',
              country: 'DE',
              additionalInformation: '',
            },
          },
        }),
      },
      {
        name: 'a contact person younger than 14',
        as: 'member',
        expect: 400,
        kind: 'validation',
        setup: async (api) => {
          const club = await currentClub(api)
          return {
            body: {
              ...club,
              legitimation: { ...(club.legitimation as Fields), birthDate: addDays(today(), -365 * 10) },
            },
          }
        },
      },
      {
        name: 'a bidirectional override in the city',
        as: 'member',
        expect: 400,
        kind: 'validation',
        setup: async (api) => {
          const club = await currentClub(api)
          return { body: { ...club, address: { ...(club.address as Fields), city: 'Grünbach\u202E' } } }
        },
      },
    ],
  },
  addClubImage: {
    sample: {
      as: 'member',
      expect: 200,
      params: { clubId: seedClubs.volume },
      body: {
        label: 'GALLERY',
        name: 'sommerfest.jpg',
        path: `clubs/${seedClubs.volume}/GALLERY/1-sommerfest.jpg`,
        contentType: 'image/jpeg',
        size: 4096,
      },
      setup: async (api) => (
        await uploadFor(api, {
          path: `clubs/${seedClubs.volume}/GALLERY/1-sommerfest.jpg`,
          contentType: 'image/jpeg',
          size: 4096,
        }),
        {}
      ),
    },
    cases: [
      {
        name: 'a legitimation scan that is no JPEG',
        as: 'member',
        expect: 400,
        kind: 'validation',
        params: { clubId: seedClubs.volume },
        body: {
          label: 'LEGITIMATION_FRONT',
          name: 'ausweis.png',
          path: `clubs/${seedClubs.volume}/LEGITIMATION_FRONT/2-ausweis.png`,
          contentType: 'image/png',
          size: 4096,
        },
      },
      {
        name: 'a signature for the receipts in WebP and above 2 MB',
        as: 'member',
        expect: 400,
        kind: 'validation',
        params: { clubId: seedClubs.volume },
        body: {
          label: 'SIGNATURE',
          name: 'unterschrift.webp',
          path: `clubs/${seedClubs.volume}/SIGNATURE/2-unterschrift.webp`,
          contentType: 'image/webp',
          size: 3 * 1024 * 1024,
        },
      },
    ],
  },
  addClubDocument: {
    sample: {
      as: 'member',
      expect: 200,
      params: { clubId: seedClubs.volume },
      body: {
        label: 'SPEND2_FORM',
        name: 'SPEND2.pdf',
        path: `clubs/${seedClubs.volume}/SPEND2_FORM/3-SPEND2.pdf`,
        contentType: 'application/pdf',
        size: 20_000,
      },
      setup: async (api) => (
        await uploadFor(api, {
          path: `clubs/${seedClubs.volume}/SPEND2_FORM/3-SPEND2.pdf`,
          contentType: 'application/pdf',
          size: 20_000,
        }),
        {}
      ),
    },
  },
  deactivateClub: {
    sample: {
      as: 'admin',
      expect: 200,
      params: { clubId: seedClubs.volume },
      body: { reason: 'Der Bescheid ist abgelaufen.' },
    },
    cases: [
      {
        name: 'an inactive club',
        as: 'admin',
        expect: 409,
        kind: 'invalid-transition',
        params: { clubId: seedClubs.inactive },
        body: { reason: 'Nochmals deaktiviert.' },
      },
      {
        name: 'no reason',
        as: 'admin',
        expect: 400,
        kind: 'validation',
        malformed: true,
        params: { clubId: seedClubs.volume },
        body: {},
      },
      {
        name: 'a reason of spaces only',
        as: 'admin',
        expect: 400,
        kind: 'validation',
        params: { clubId: seedClubs.volume },
        body: { reason: '     ' },
      },
    ],
  },
  confirmBankReview: {
    sample: {
      as: 'admin',
      expect: 200,
      params: { clubId: seedClubs.volume },
      setup: async (api) => (await changeIban(api), {}),
    },
    cases: [
      {
        name: 'a club without a pending review',
        as: 'admin',
        expect: 409,
        kind: 'invalid-transition',
        params: { clubId: seedClubs.volume },
      },
      {
        name: 'a sign-in older than five minutes',
        as: 'admin',
        staleSignIn: true,
        expect: 401,
        kind: 'reauthentication-required',
        params: { clubId: seedClubs.volume },
        setup: async (api) => (await changeIban(api), {}),
      },
    ],
  },
  activateClub: {
    sample: { as: 'admin', expect: 200, params: { clubId: seedClubs.releasable } },
    cases: [
      {
        name: 'an incomplete club',
        as: 'admin',
        expect: 409,
        kind: 'club-incomplete',
        params: { clubId: seedClubs.incomplete },
      },
      {
        name: 'an active club',
        as: 'admin',
        expect: 409,
        kind: 'invalid-transition',
        params: { clubId: seedClubs.volume },
      },
      {
        name: 'a complete club nobody has marked as checked',
        as: 'admin',
        expect: 409,
        kind: 'club-not-checked',
        params: { clubId: seedClubs.releasable },
        setup: async (api) => (
          await api.api('POST', '/club/{clubId}/isChecked', {
            as: 'admin',
            params: { clubId: seedClubs.releasable },
            body: { isChecked: false },
          }),
          {}
        ),
      },
    ],
  },
  setClubChecked: {
    sample: { as: 'admin', expect: 200, params: { clubId: seedClubs.incomplete }, body: { isChecked: true } },
  },
  inviteClubUser: {
    sample: {
      as: 'member',
      expect: 201,
      params: { clubId: seedClubs.volume },
      body: { email: 'kontrakt.einladung@demo.at', clubRoleId: seedClubRoles.mitglied },
    },
    cases: [
      {
        name: 'an address that has an account (it accepts after signing in)',
        as: 'member',
        expect: 201,
        params: { clubId: seedClubs.volume },
        body: { email: seedAccounts.neu.email, clubRoleId: seedClubRoles.mitglied },
      },
      {
        name: 'a member of the club',
        as: 'member',
        expect: 409,
        kind: 'already-member',
        params: { clubId: seedClubs.volume },
        body: { email: seedInvitations.used.email, clubRoleId: seedClubRoles.mitglied },
      },
      {
        name: 'the same address again (the earlier link is replaced)',
        as: 'member',
        expect: 201,
        params: { clubId: seedClubs.volume },
        body: { email: seedInvitations.valid.email, clubRoleId: seedClubRoles.mitglied },
      },
      {
        name: 'an unknown club role',
        as: 'member',
        expect: 404,
        kind: 'not-found',
        params: { clubId: seedClubs.volume },
        body: { email: 'x@demo.at', clubRoleId: 'cr-unbekannt' },
      },
    ],
  },
  checkZvrAvailability: {
    sample: { as: 'none', expect: 200, query: { zvr: registration().club.zvrNumber } },
    cases: [
      {
        name: 'another club’s number (the answer names no club: the response schema is closed)',
        as: 'none',
        expect: 200,
        setup: async (api) => ({ query: { zvr: (await currentClub(api, seedClubs.secondActive)).zvrNumber } }),
      },
      {
        name: 'something that is no ZVR number',
        as: 'none',
        expect: 400,
        kind: 'validation',
        malformed: true,
        query: { zvr: '12-34' },
      },
      {
        name: 'a broken token is ignored (anyone may call)',
        as: 'invalid',
        expect: 200,
        query: { zvr: registration().club.zvrNumber },
      },
      { ...overPublicLimit, query: { zvr: registration().club.zvrNumber } },
    ],
  },
  createClubWithUser: {
    sample: { as: 'none', expect: 201, body: registration() },
    cases: [
      {
        name: 'an address in use',
        as: 'none',
        expect: 409,
        kind: 'user-exists',
        body: registration(seedAccounts.verein.email),
      },
      {
        name: 'an unknown club type',
        as: 'none',
        expect: 400,
        kind: 'validation',
        body: { ...registration(), club: { ...registration().club, clubTypeId: 'ct-unbekannt' } },
      },
      {
        name: 'terms not accepted',
        as: 'none',
        expect: 400,
        kind: 'validation',
        malformed: true,
        body: { ...registration(), acceptedTerms: false },
      },
      {
        name: 'another club’s ZVR number',
        as: 'none',
        expect: 409,
        kind: 'zvr-taken',
        setup: async (api) => ({
          body: {
            ...registration(),
            club: { ...registration().club, zvrNumber: (await currentClub(api, seedClubs.secondActive)).zvrNumber },
          },
        }),
      },
      {
        name: 'a club of the same name in the same postal code',
        as: 'none',
        expect: 409,
        kind: 'possible-duplicate',
        body: { ...registration(), club: halleinAgain() },
      },
      {
        name: 'the same, confirmed',
        as: 'none',
        expect: 201,
        body: { ...registration(), club: halleinAgain(), confirmDuplicate: true },
      },
      {
        name: 'a postal code that is not Austrian',
        as: 'none',
        expect: 400,
        kind: 'validation',
        malformed: true,
        body: {
          ...registration(),
          club: { ...registration().club, address: { ...registration().club.address, postalCode: '10115' } },
        },
      },
      {
        name: 'a control character in a name',
        as: 'none',
        expect: 400,
        kind: 'validation',
        body: { ...registration(), user: { ...registration().user, lastName: 'Kon\u0007trakt' } },
      },
      {
        name: 'a user who makes themselves administrator (mass assignment)',
        as: 'none',
        expect: 400,
        kind: 'validation',
        expectError: { field: 'user.role', code: 'unknown_field' },
        malformed: true,
        body: { ...registration(), user: { ...registration().user, role: 'ROLE_ADMIN' } },
      },
      {
        name: 'over the sign-in rate limit',
        as: 'none',
        rateLimit: 'signIn',
        expect: 429,
        kind: 'too-many-requests',
        body: registration(),
        setup: useUpSignInLimit,
      },
    ],
  },
  getClubUsers: { sample: { as: 'member', expect: 200, params: { clubId: seedClubs.volume } } },
  removeClubMember: {
    sample: {
      as: 'member',
      expect: 204,
      params: { clubId: seedClubs.volume },
      setup: async (api) => ({
        params: { clubId: seedClubs.volume, uid: await volumeMemberUid(api, seedInvitations.used.email) },
      }),
    },
    cases: [
      {
        name: 'a person who is not a member',
        as: 'member',
        expect: 404,
        kind: 'not-found',
        params: { clubId: seedClubs.volume, uid: seedAccounts.neu.uid },
      },
      {
        name: 'the last member',
        as: 'stranger',
        expect: 409,
        kind: 'last-member',
        params: { clubId: seedClubs.incomplete, uid: seedAccounts.neu.uid },
      },
      {
        name: 'an administrator removes a member',
        as: 'admin',
        expect: 204,
        params: { clubId: seedClubs.volume },
        setup: async (api) => ({
          params: { clubId: seedClubs.volume, uid: await volumeMemberUid(api, seedInvitations.used.email) },
        }),
      },
      {
        name: 'the last member who may manage members',
        as: 'admin',
        expect: 409,
        kind: 'last-right-holder',
        params: { clubId: seedClubs.volume, uid: seedAccounts.verein.uid },
      },
      {
        name: 'a member whose club role may not manage members',
        as: 'member',
        expect: 403,
        kind: 'club-right-missing',
        params: { clubId: seedClubs.volume },
        setup: async (api) => {
          await memberWithoutRights(api)
          return {
            params: { clubId: seedClubs.volume, uid: await volumeMemberUid(api, seedInvitations.used.email) },
          }
        },
      },
    ],
  },
  changeClubMemberRole: {
    sample: {
      as: 'member',
      expect: 200,
      // The derived cases without the setup (an empty body) name a member too.
      params: { clubId: seedClubs.volume, uid: seedAccounts.verein.uid },
      body: { clubRoleId: seedClubRoles.mitglied },
      setup: async (api) => ({
        params: { clubId: seedClubs.volume, uid: await volumeMemberUid(api, seedInvitations.used.email) },
      }),
    },
    cases: [
      {
        name: 'the last member who may manage members, given a club role without it',
        as: 'admin',
        expect: 409,
        kind: 'last-right-holder',
        params: { clubId: seedClubs.volume, uid: seedAccounts.verein.uid },
        body: { clubRoleId: seedClubRoles.kassier },
      },
      {
        name: 'an unknown club role',
        as: 'member',
        expect: 404,
        kind: 'not-found',
        params: { clubId: seedClubs.volume, uid: seedAccounts.verein.uid },
        body: { clubRoleId: 'cr-unbekannt' },
      },
      {
        name: 'a person who is not a member',
        as: 'member',
        expect: 404,
        kind: 'not-found',
        params: { clubId: seedClubs.volume, uid: seedAccounts.neu.uid },
        body: { clubRoleId: seedClubRoles.mitglied },
      },
      {
        name: 'a member whose club role may not manage members',
        as: 'member',
        expect: 403,
        kind: 'club-right-missing',
        params: { clubId: seedClubs.volume },
        body: { clubRoleId: seedClubRoles.obmann },
        setup: async (api) => {
          await memberWithoutRights(api)
          return { params: { clubId: seedClubs.volume, uid: seedAccounts.verein.uid } }
        },
      },
    ],
  },
  withdrawClubInvitation: {
    sample: { as: 'member', expect: 204, params: { clubId: seedClubs.volume, invitationId: seedInvitations.valid.id } },
    cases: [
      {
        name: 'an accepted invitation',
        as: 'member',
        expect: 409,
        kind: 'invitation-not-open',
        params: { clubId: seedClubs.volume, invitationId: seedInvitations.used.id },
      },
      {
        name: 'another club’s invitation',
        as: 'member',
        expect: 404,
        kind: 'not-found',
        params: { clubId: seedClubs.secondActive, invitationId: seedInvitations.valid.id },
      },
    ],
  },
  resendClubInvitation: {
    sample: { as: 'member', expect: 201, params: { clubId: seedClubs.volume, invitationId: seedInvitations.valid.id } },
    cases: [
      {
        name: 'an expired invitation',
        as: 'member',
        expect: 201,
        params: { clubId: seedClubs.volume, invitationId: seedInvitations.expired.id },
      },
      {
        name: 'an accepted invitation',
        as: 'member',
        expect: 409,
        kind: 'invitation-not-open',
        params: { clubId: seedClubs.volume, invitationId: seedInvitations.used.id },
      },
      {
        name: 'a withdrawn invitation',
        as: 'member',
        expect: 409,
        kind: 'invitation-not-open',
        params: { clubId: seedClubs.volume, invitationId: seedInvitations.valid.id },
        setup: async (api) => (
          await api.api('DELETE', '/club/{clubId}/invitation/{invitationId}', {
            as: 'member',
            params: { clubId: seedClubs.volume, invitationId: seedInvitations.valid.id },
          }),
          {}
        ),
      },
      {
        name: 'another club’s invitation',
        as: 'member',
        expect: 404,
        kind: 'not-found',
        params: { clubId: seedClubs.secondActive, invitationId: seedInvitations.valid.id },
      },
    ],
  },
  getClubImages: {
    sample: { as: 'member', expect: 200, params: { clubId: seedClubs.volume }, query: { label: 'GALLERY' } },
    cases: [
      {
        name: 'an unknown label',
        as: 'member',
        expect: 400,
        kind: 'validation',
        malformed: true,
        params: { clubId: seedClubs.volume },
        query: { label: 'SELFIE' },
      },
    ],
  },
  getClubDocuments: { sample: { as: 'staff', expect: 200, params: { clubId: seedClubs.volume } } },
  getClubOverview: {
    sample: { as: 'member', expect: 200, params: { id: seedClubs.volume } },
    cases: [
      {
        name: 'a club without payment account, as staff',
        as: 'staff',
        expect: 200,
        params: { id: seedClubs.withoutAccount },
      },
    ],
  },
  getClubsOfUser: { sample: { as: 'member', expect: 200, params: { id: seedAccounts.verein.uid } } },
  deleteClubFile: {
    sample: {
      as: 'member',
      expect: 204,
      params: { clubId: seedClubs.volume },
      setup: async (api) => ({
        body: {
          fileId: firstIdOf(
            (
              await api.api('GET', '/club/{clubId}/getImages', {
                as: 'member',
                params: { clubId: seedClubs.volume },
                query: { label: 'GALLERY' },
              })
            ).body,
          ),
        },
      }),
    },
    cases: [
      {
        name: 'a document through the image call',
        as: 'member',
        expect: 404,
        kind: 'not-found',
        params: { clubId: seedClubs.volume },
        setup: async (api) => ({
          body: {
            fileId: firstIdOf(
              (
                await api.api('GET', '/club/{clubId}/getDocuments', {
                  as: 'member',
                  params: { clubId: seedClubs.volume },
                })
              ).body,
            ),
          },
        }),
      },
    ],
  },
  deleteClubDocument: {
    sample: {
      as: 'member',
      expect: 204,
      params: { clubId: seedClubs.volume },
      setup: async (api) => ({
        body: {
          fileId: firstIdOf(
            (
              await api.api('GET', '/club/{clubId}/getDocuments', {
                as: 'member',
                params: { clubId: seedClubs.volume },
              })
            ).body,
          ),
        },
      }),
    },
  },

  // ------------------------------------------------------------------------------------------- campaigns
  createCampaign: {
    sample: { as: 'member', expect: 201, body: campaignBody() },
    cases: [
      {
        name: 'the end before the start',
        as: 'member',
        expect: 400,
        kind: 'validation',
        body: { ...campaignBody(), to: addDays(today(), -5) },
      },
      {
        name: 'a minimum above the suggested amount',
        as: 'member',
        expect: 400,
        kind: 'validation',
        body: { ...campaignBody(), minimumDonationCents: 5_000 },
      },
      {
        name: 'an unknown club',
        as: 'admin',
        expect: 404,
        kind: 'not-found',
        body: { ...campaignBody(), clubId: 'club-unbekannt' },
      },
    ],
  },
  updateCampaign: {
    sample: {
      as: 'member',
      expect: 200,
      setup: async (api) => ({
        body: { ...(await currentCampaign(api, seedCampaigns.runningEnabled)), enabled: false },
      }),
    },
    cases: [
      {
        name: 'an unknown campaign',
        as: 'member',
        expect: 404,
        kind: 'not-found',
        setup: async (api) => ({
          body: { ...(await currentCampaign(api, seedCampaigns.runningEnabled)), documentId: 'cmp-unbekannt' },
        }),
      },
    ],
  },
  getCampaign: { sample: { as: 'member', expect: 200, params: { documentId: seedCampaigns.runningEnabled } } },
  deleteCampaign: {
    sample: { as: 'member', expect: 204, params: { documentId: seedCampaigns.upcomingDisabled } },
    cases: [
      {
        name: 'a campaign with donations',
        as: 'member',
        expect: 409,
        kind: 'campaign-has-donations',
        params: { documentId: seedCampaigns.endedEnabled },
      },
    ],
  },
  getCampaignsOfClub: { sample: { as: 'member', expect: 200, params: { clubId: seedClubs.volume } } },

  // ------------------------------------------------------------------------------------------- giving
  getPublicCampaign: {
    sample: { as: 'none', expect: 200, params: { campaignId: seedCampaigns.runningEnabled } },
    cases: [
      {
        name: 'an ended campaign says why it takes nothing',
        as: 'none',
        expect: 200,
        params: { campaignId: seedCampaigns.endedEnabled },
      },
    ],
  },
  createDonationCheckout: {
    sample: { as: 'none', expect: 201, params: { campaignId: seedCampaigns.runningEnabled }, body: DONOR },
    cases: [
      {
        name: 'a campaign that takes no donations',
        as: 'none',
        expect: 409,
        kind: 'campaign-closed',
        params: { campaignId: seedCampaigns.runningDisabled },
        body: DONOR,
      },
      {
        name: 'less than the campaign minimum',
        as: 'none',
        expect: 400,
        kind: 'validation',
        params: { campaignId: seedCampaigns.runningEnabled },
        body: { ...DONOR, amountCents: 1 },
      },
      {
        name: 'anonymously, without a message',
        as: 'none',
        expect: 201,
        params: { campaignId: seedCampaigns.runningEnabled },
        body: { ...DONOR, donorName: null, message: null },
      },
    ],
  },
  getDonationCheckout: {
    sample: {
      as: 'none',
      expect: 200,
      setup: async (api) => ({ params: { checkoutId: (await startCheckout(api)).checkoutId } }),
    },
  },
  receivePaymentEvent: {
    sample: { as: 'none', expect: 200, setup: async (api) => signedDelivery(completedEvent(await startCheckout(api))) },
    cases: [
      {
        name: 'a forged signature',
        as: 'none',
        expect: 400,
        kind: 'invalid-event',
        setup: async (api) => signedDelivery(completedEvent(await startCheckout(api)), { secret: 'whsec_forged' }),
      },
      {
        name: 'a signature older than five minutes',
        as: 'none',
        expect: 400,
        kind: 'invalid-event',
        setup: async (api) =>
          signedDelivery(completedEvent(await startCheckout(api)), { at: Date.now() - 10 * 60_000 }),
      },
      {
        name: 'a replayed event changes nothing',
        as: 'none',
        expect: 200,
        setup: async (api) => {
          const delivery = signedDelivery(completedEvent(await startCheckout(api)))
          await api.api('POST', '/payment/webhook', { as: 'none', body: delivery.body, headers: delivery.headers })
          return delivery
        },
      },
      {
        name: 'an event about an account the portal does not know',
        as: 'none',
        expect: 400,
        kind: 'invalid-event',
        setup: async (api) =>
          signedDelivery({ ...completedEvent(await startCheckout(api)), account: 'acct_unbekannt' }),
      },
    ],
  },

  // ------------------------------------------------------------------------------------------- app logo
  getAppLogo: {
    sample: { as: 'none', expect: 200 },
    cases: [
      {
        name: 'no logo set',
        as: 'none',
        expect: 200,
        setup: async (api) => (
          await api.api('DELETE', '/applogo/{id}', { as: 'admin', params: { id: seedAppLogoId } }),
          {}
        ),
      },
      overPublicLimit,
    ],
  },
  createAppLogo: {
    sample: {
      as: 'admin',
      expect: 201,
      body: { name: 'logo.png', path: SAMPLE_LOGO, contentType: 'image/png', size: 2_000 },
      setup: async (api) => {
        await api.api('DELETE', '/applogo/{id}', { as: 'admin', params: { id: seedAppLogoId } })
        await uploadFor(api, { path: SAMPLE_LOGO, contentType: 'image/png', size: 2_000 })
        return {}
      },
    },
    cases: [
      {
        name: 'a logo is set already',
        as: 'admin',
        expect: 409,
        kind: 'logo-exists',
        body: { name: 'logo.svg', path: 'app/logo/logo.svg', contentType: 'image/svg+xml', size: 2_000 },
      },
    ],
  },
  replaceAppLogo: {
    sample: {
      as: 'admin',
      expect: 200,
      body: { id: seedAppLogoId, name: 'logo.png', path: SAMPLE_LOGO, contentType: 'image/png', size: 30_000 },
      setup: async (api) => (await uploadFor(api, { path: SAMPLE_LOGO, contentType: 'image/png', size: 30_000 }), {}),
    },
    cases: [
      {
        name: 'an unknown logo',
        as: 'admin',
        expect: 404,
        kind: 'not-found',
        body: { id: 'logo-unbekannt', name: 'logo.png', path: SAMPLE_LOGO, contentType: 'image/png', size: 30_000 },
        setup: async (api) => (await uploadFor(api, { path: SAMPLE_LOGO, contentType: 'image/png', size: 30_000 }), {}),
      },
    ],
  },
  deleteAppLogo: { sample: { as: 'admin', expect: 204, params: { id: seedAppLogoId } } },
  getAppLogoFile: {
    sample: {
      as: 'none',
      expect: 200,
      query: { path: SAMPLE_LOGO },
      setup: async (api) => {
        await uploadFor(api, { path: SAMPLE_LOGO, contentType: 'image/png', size: 2_000 })
        await api.api('PUT', '/applogo', {
          as: 'admin',
          body: { id: seedAppLogoId, name: 'logo.png', path: SAMPLE_LOGO, contentType: 'image/png', size: 2_000 },
        })
        return {}
      },
    },
    cases: [
      {
        name: 'a path that is not the current logo',
        as: 'none',
        expect: 404,
        kind: 'not-found',
        query: { path: 'app-logo/12-anderes.png' },
      },
      { name: 'no path', as: 'none', expect: 400, kind: 'validation', malformed: true },
      { ...overPublicLimit, query: { path: SAMPLE_LOGO } },
    ],
  },

  // ------------------------------------------------------------------------------------------- payments
  createPaymentAccount: {
    sample: { as: 'admin', expect: 201, params: { clubId: seedClubs.withoutAccount } },
    cases: [
      {
        name: 'a club with a live account',
        as: 'admin',
        expect: 409,
        kind: 'payment-account-exists',
        params: { clubId: seedClubs.volume },
      },
      {
        name: 'a club that is not active',
        as: 'admin',
        expect: 409,
        kind: 'club-not-active',
        params: { clubId: seedClubs.releasable },
      },
    ],
  },
  getPaymentAccount: {
    sample: { as: 'member', expect: 200, params: { clubId: seedClubs.volume } },
    cases: [{ name: 'a club without account', as: 'staff', expect: 200, params: { clubId: seedClubs.withoutAccount } }],
  },
  createOnboardingLink: {
    sample: { as: 'member', expect: 201, params: { clubId: seedPaymentAccounts.onboarding.clubId } },
    cases: [
      {
        name: 'an account that is not in onboarding',
        as: 'member',
        expect: 409,
        kind: 'payment-account-state',
        params: { clubId: seedClubs.volume },
      },
    ],
  },
  rejectPaymentAccount: {
    sample: {
      as: 'admin',
      expect: 200,
      params: { accountId: seedPaymentAccounts.active.accountId, clubId: seedPaymentAccounts.active.clubId },
      body: { reason: 'Verdacht auf Missbrauch.' },
    },
    cases: [
      {
        name: 'a rejected account',
        as: 'admin',
        expect: 409,
        kind: 'payment-account-state',
        params: { accountId: seedPaymentAccounts.rejected.accountId, clubId: seedPaymentAccounts.rejected.clubId },
        body: { reason: 'Nochmals.' },
      },
      {
        name: 'a reason that is too short',
        as: 'admin',
        expect: 400,
        kind: 'validation',
        malformed: true,
        params: { accountId: seedPaymentAccounts.active.accountId, clubId: seedPaymentAccounts.active.clubId },
        body: { reason: 'x' },
      },
    ],
  },
  deletePaymentAccount: {
    sample: {
      as: 'admin',
      expect: 204,
      params: { accountId: seedPaymentAccounts.rejected.accountId, clubId: seedPaymentAccounts.rejected.clubId },
    },
  },

  // ------------------------------------------------------------------------------------------- audit
  getAuditLog: {
    sample: { as: 'admin', expect: 200, query: { page: '0', size: '5' } },
    cases: [
      {
        name: 'after a release, newest first',
        as: 'admin',
        expect: 200,
        setup: async (api) => (
          await api.api('PUT', '/club/active/{clubId}', { as: 'admin', params: { clubId: seedClubs.releasable } }),
          {}
        ),
      },
      {
        name: 'a page size above 100',
        as: 'admin',
        expect: 400,
        kind: 'validation',
        malformed: true,
        query: { size: '101' },
      },
    ],
  },
  getClubAuditLog: {
    sample: { as: 'admin', expect: 200, params: { clubId: seedClubs.inactive } },
    cases: [
      {
        name: 'a club with a bank change',
        as: 'admin',
        expect: 200,
        params: { clubId: seedClubs.volume },
        query: { page: '0', size: '1' },
        setup: async (api) => (await changeIban(api), {}),
      },
      {
        name: 'a negative page',
        as: 'admin',
        expect: 400,
        kind: 'validation',
        malformed: true,
        params: { clubId: seedClubs.volume },
        query: { page: '-1' },
      },
    ],
  },

  // ------------------------------------------------------------------------------------------- donations
  refundDonation: {
    sample: {
      as: 'member',
      expect: 200,
      // The derived cases without the setup (an empty body, …) are refused before the id matters.
      params: { donationId: 'die-spende-des-setups' },
      body: { amountCents: 1000, reason: 'Doppelt gespendet' },
      setup: async (api) => ({ params: { donationId: await paidDonation(api) } }),
    },
    cases: [
      {
        name: 'a refund on a sign-in older than five minutes',
        as: 'member',
        staleSignIn: true,
        expect: 401,
        kind: 'reauthentication-required',
        body: { reason: 'Doppelt gespendet' },
        setup: async (api) => ({ params: { donationId: await paidDonation(api) } }),
      },
      {
        name: 'more than is left of the donation',
        as: 'member',
        expect: 400,
        kind: 'validation',
        body: { amountCents: 99_999, reason: 'Zu viel' },
        setup: async (api) => ({ params: { donationId: await paidDonation(api) } }),
      },
      {
        name: 'a donation that was not paid by card',
        as: 'member',
        expect: 409,
        kind: 'refund-not-possible',
        body: { reason: 'Alte Spende' },
        setup: async (api) => {
          const page = await api.api('GET', '/donations/campaign/{campaignId}', {
            as: 'member',
            params: { campaignId: seedCampaigns.runningEnabled },
            query: { size: '1' },
          })
          return { params: { donationId: (page.body as { items: Array<{ id: string }> }).items[0]!.id } }
        },
      },
      {
        name: 'a donation of another club',
        as: 'stranger',
        expect: 403,
        kind: 'forbidden',
        body: { reason: 'Fremde Spende' },
        setup: async (api) => ({ params: { donationId: await paidDonation(api) } }),
      },
    ],
  },
  getDonationsOfClub: {
    sample: {
      as: 'member',
      expect: 200,
      params: { clubId: seedClubs.volume },
      query: { size: '20', page: '3', sort: 'amountCents,desc' },
    },
    cases: [
      {
        name: 'a date range, as staff',
        as: 'staff',
        expect: 200,
        params: { clubId: seedClubs.volume },
        query: { from: addDays(today(), -60), to: today(), sort: 'donorName,asc', size: '1000' },
      },
      {
        name: 'a reversed date range',
        as: 'member',
        expect: 400,
        kind: 'validation',
        params: { clubId: seedClubs.volume },
        query: { from: today(), to: addDays(today(), -1) },
      },
      {
        name: 'an unknown sort field',
        as: 'member',
        expect: 400,
        kind: 'validation',
        malformed: true,
        params: { clubId: seedClubs.volume },
        query: { sort: 'message,asc' },
      },
    ],
  },
  getDonationStatsOfClub: {
    sample: {
      as: 'member',
      expect: 200,
      params: { clubId: seedClubs.volume },
      query: { from: addDays(today(), -90), to: today(), groupBy: 'WEEK' },
    },
    cases: [
      {
        name: 'per month over two years',
        as: 'staff',
        expect: 200,
        params: { clubId: seedClubs.volume },
        query: { from: addDays(today(), -730), to: today(), groupBy: 'MONTH' },
      },
      {
        name: 'a range over three years',
        as: 'member',
        expect: 400,
        kind: 'validation',
        params: { clubId: seedClubs.volume },
        query: { from: '2020-01-01', to: '2024-01-01' },
      },
      {
        name: 'no range',
        as: 'member',
        expect: 400,
        kind: 'validation',
        malformed: true,
        params: { clubId: seedClubs.volume },
      },
    ],
  },
  getDonationsOfCampaign: {
    sample: { as: 'member', expect: 200, params: { campaignId: seedCampaigns.runningEnabled }, query: { size: '10' } },
  },

  // ------------------------------------------------------------------------------------------- other
  getGlobals: { sample: { as: 'member', expect: 200 } },
  getCountries: { sample: { as: 'none', expect: 200 }, cases: [overPublicLimit] },

  // ------------------------------------------------------------------------------------------- files
  uploadFile: {
    sample: { as: 'member', expect: 201, query: { path: SAMPLE_UPLOAD }, body: fileOf('image/jpeg') },
    cases: [
      {
        name: 'a PNG renamed .jpg',
        as: 'member',
        expect: 415,
        kind: 'file-content-mismatch',
        query: { path: SAMPLE_UPLOAD },
        body: new RawBody(fileOf('image/png').bytes, 'image/jpeg'),
      },
      {
        name: 'an SVG as the app logo',
        as: 'admin',
        expect: 415,
        kind: 'file-type-not-allowed',
        query: { path: 'app-logo/13-logo.svg' },
        body: new RawBody(
          new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"/>'),
          'application/octet-stream',
        ),
      },
      {
        name: 'a path with ..',
        as: 'admin',
        expect: 400,
        kind: 'validation',
        malformed: true,
        query: { path: `clubs/${seedClubs.volume}/GALLERY/../x.jpg` },
        body: fileOf('image/jpeg'),
      },
      {
        name: 'an image over 10 MiB',
        as: 'member',
        expect: 413,
        kind: 'payload-too-large',
        query: { path: SAMPLE_UPLOAD },
        body: fileOf('image/jpeg', addClubImageBodySizeMax + 1),
      },
      {
        name: 'a club that does not exist',
        as: 'admin',
        expect: 404,
        kind: 'not-found',
        query: { path: 'clubs/club-unbekannt/GALLERY/10-x.jpg' },
        body: fileOf('image/jpeg'),
      },
      {
        name: 'a file at the path already',
        as: 'member',
        expect: 409,
        kind: 'in-use',
        query: { path: SAMPLE_UPLOAD },
        body: fileOf('image/jpeg'),
        setup: async (api) => (
          await uploadFor(api, { path: SAMPLE_UPLOAD, contentType: 'image/jpeg', size: 2048 }),
          {}
        ),
      },
    ],
  },
  discardUpload: {
    sample: {
      as: 'member',
      expect: 204,
      query: { path: SAMPLE_UPLOAD },
      setup: async (api) => (await uploadFor(api, { path: SAMPLE_UPLOAD, contentType: 'image/jpeg', size: 2048 }), {}),
    },
    cases: [
      { name: 'nothing uploaded there', as: 'member', expect: 404, kind: 'not-found', query: { path: SAMPLE_UPLOAD } },
      {
        name: 'a path with ..',
        as: 'member',
        expect: 400,
        kind: 'validation',
        malformed: true,
        query: { path: `clubs/${seedClubs.volume}/GALLERY/../x.jpg` },
      },
      {
        name: 'a file a record uses',
        as: 'member',
        expect: 409,
        kind: 'in-use',
        query: { path: `clubs/${seedClubs.volume}/GALLERY/1-sommerfest.jpg` },
        setup: async (api) => {
          const path = `clubs/${seedClubs.volume}/GALLERY/1-sommerfest.jpg`
          await uploadFor(api, { path, contentType: 'image/jpeg', size: 4096 })
          const added = await api.api('PUT', '/club/{clubId}/addImage', {
            as: 'member',
            params: { clubId: seedClubs.volume },
            body: { label: 'GALLERY', name: 'sommerfest.jpg', path, contentType: 'image/jpeg', size: 4096 },
          })
          if (added.status !== 200) throw new Error(`setup: addImage answered ${added.status}`)
          return {}
        },
      },
    ],
  },
  getFileLink: {
    sample: {
      as: 'member',
      expect: 200,
      query: { path: SAMPLE_UPLOAD },
      setup: async (api) => (await uploadFor(api, { path: SAMPLE_UPLOAD, contentType: 'image/jpeg', size: 2048 }), {}),
    },
    cases: [
      { name: 'nothing uploaded there', as: 'member', expect: 404, kind: 'not-found', query: { path: SAMPLE_UPLOAD } },
      {
        name: 'a path with ..',
        as: 'member',
        expect: 400,
        kind: 'validation',
        malformed: true,
        query: { path: `clubs/${seedClubs.volume}/GALLERY/../x.jpg` },
      },
    ],
  },
  downloadFile: {
    sample: {
      as: 'none',
      expect: 200,
      setup: async (api) => {
        await uploadFor(api, { path: SAMPLE_UPLOAD, contentType: 'image/jpeg', size: 2048 })
        const link = await api.api('GET', '/storage/link', { as: 'member', query: { path: SAMPLE_UPLOAD } })
        return { query: Object.fromEntries(new URL((link.body as { url: string }).url).searchParams) }
      },
    },
    cases: [
      {
        name: 'a wrong signature',
        as: 'none',
        expect: 403,
        kind: 'forbidden',
        query: { path: SAMPLE_UPLOAD, expires: String(Math.floor(Date.now() / 1000) + 600), signature: 'ungueltig' },
      },
      {
        name: 'no signature',
        as: 'none',
        expect: 400,
        kind: 'validation',
        malformed: true,
        query: { path: SAMPLE_UPLOAD, expires: String(Math.floor(Date.now() / 1000) + 600) },
      },
      {
        name: 'a valid link to a file discarded since',
        as: 'none',
        expect: 404,
        kind: 'not-found',
        setup: async (api) => {
          await uploadFor(api, { path: SAMPLE_UPLOAD, contentType: 'image/jpeg', size: 2048 })
          const link = await api.api('GET', '/storage/link', { as: 'member', query: { path: SAMPLE_UPLOAD } })
          await api.api('DELETE', '/storage/blob', { as: 'member', query: { path: SAMPLE_UPLOAD } })
          return { query: Object.fromEntries(new URL((link.body as { url: string }).url).searchParams) }
        },
      },
    ],
  },

  // ------------------------------------------------------------------------------------------ tax
  getClubTaxStatus: {
    sample: { as: 'member', expect: 200, params: { clubId: seedClubs.volume } },
  },
  updateClubTaxStatus: {
    sample: { as: 'member', expect: 200, params: { clubId: seedClubs.volume }, body: taxStatusBody() },
    cases: [
      {
        name: 'a new entry while the newest holds',
        as: 'member',
        expect: 409,
        kind: 'invalid-transition',
        params: { clubId: seedClubs.volume },
        body: { ...taxStatusBody(), entryId: null },
      },
      {
        name: 'a register number that is none',
        as: 'member',
        expect: 400,
        kind: 'validation',
        expectError: { field: 'registerNumber', code: 'invalid_format' },
        params: { clubId: seedClubs.volume },
        body: { ...taxStatusBody(), registerNumber: 'SO 1234567' },
        malformed: true,
      },
    ],
  },
  confirmClubTaxEntry: {
    sample: {
      as: 'admin',
      expect: 200,
      params: { clubId: seedClubs.volume },
      body: { entryId: seedTax.entryId },
      setup: async (api) => {
        await api.api('PUT', '/club/{clubId}/tax', {
          as: 'member',
          params: { clubId: seedClubs.volume },
          body: taxStatusBody(),
        })
        return {}
      },
    },
    cases: [
      {
        name: 'an entry with nothing to confirm',
        as: 'admin',
        expect: 409,
        kind: 'invalid-transition',
        params: { clubId: seedClubs.volume },
        body: { entryId: seedTax.entryId },
      },
    ],
  },
  getClubTaxYears: {
    sample: { as: 'member', expect: 200, params: { clubId: seedClubs.volume } },
  },
  getClubTaxYear: {
    sample: { as: 'member', expect: 200, params: { clubId: seedClubs.volume, year: lastYear() } },
    cases: [
      {
        name: 'a year before 2017',
        as: 'member',
        expect: 400,
        kind: 'validation',
        params: { clubId: seedClubs.volume, year: '2016' },
        malformed: true,
      },
    ],
  },
  getBpkQuery: {
    sample: { as: 'member', expect: 200, params: { clubId: seedClubs.volume, year: lastYear() } },
  },
  importBpkAnswer: {
    sample: {
      as: 'member',
      expect: 200,
      params: { clubId: seedClubs.volume },
      body: {
        fileName: 'antwort.csv',
        content: 'LAUFNR;NACHNAME;VORNAME;GEBDATUM;STATUS\r\n3;Moser;Sabine;1988-07-21;Keine Person gefunden\r\n',
      },
    },
    cases: [
      {
        name: 'a file that is no answer',
        as: 'member',
        expect: 400,
        kind: 'validation',
        expectError: { field: 'content', code: 'unreadable' },
        params: { clubId: seedClubs.volume },
        body: { fileName: 'brief.txt', content: 'Sehr geehrte Damen und Herren' },
      },
    ],
  },
  updateTaxDonor: {
    sample: {
      as: 'member',
      expect: 200,
      params: { clubId: seedClubs.volume, refNr: seedTax.unmatchedRefNr },
      body: { firstName: 'Sabine', lastName: 'Moser-Huber', birthDate: '1988-07-21' },
    },
  },
  createTaxTransmission: {
    sample: {
      as: 'member',
      expect: 201,
      params: { clubId: seedClubs.volume, year: lastYear() },
      body: { mode: 'TEST' },
    },
    cases: [
      {
        name: 'the current year',
        as: 'member',
        expect: 409,
        kind: 'invalid-transition',
        params: { clubId: seedClubs.volume, year: String(new Date().getUTCFullYear()) },
        body: { mode: 'PRODUCTION' },
      },
    ],
  },
  discardTaxTransmission: {
    sample: {
      as: 'member',
      expect: 204,
      params: { clubId: seedClubs.volume },
      setup: async (api) => ({ params: { transmissionId: await taxTransmission(api) } }),
    },
  },
  getTaxTransmissionFile: {
    sample: {
      as: 'member',
      expect: 200,
      params: { clubId: seedClubs.volume, part: '1' },
      setup: async (api) => ({ params: { transmissionId: await taxTransmission(api) } }),
    },
  },
  importTaxProtocol: {
    sample: {
      as: 'member',
      expect: 200,
      params: { clubId: seedClubs.volume },
      setup: async (api) => {
        const made = await api.api('POST', '/club/{clubId}/tax/years/{year}/transmissions', {
          as: 'member',
          params: { clubId: seedClubs.volume, year: lastYear() },
          body: { mode: 'PRODUCTION' },
        })
        const messageRefId = (made.body as { files: Array<{ messageRefId: string }> }).files[0]!.messageRefId
        return { body: { fileName: 'protokoll.xml', content: taxProtocol(messageRefId) } }
      },
    },
    cases: [
      {
        name: 'a protocol of a file the club never made',
        as: 'member',
        expect: 400,
        kind: 'validation',
        expectError: { field: 'content', code: 'unknown_message' },
        params: { clubId: seedClubs.volume },
        body: { fileName: 'protokoll.xml', content: taxProtocol('00000000-0000-0000-0000-000000000000') },
      },
    ],
  },
  getTaxConsent: {
    sample: { as: 'none', expect: 200, params: { consentId: seedTax.consentId } },
  },
  withdrawTaxConsent: {
    sample: { as: 'none', expect: 200, params: { consentId: seedTax.consentId } },
  },

  // ------------------------------------------------------------------------------------------ receipts
  getDonorReceipt: {
    // Elisabeth Wagner's link: her receipt is not issued yet.
    sample: { as: 'none', expect: 200, params: { receiptToken: seedReceipts.wagnerReceiptToken } },
    cases: [
      { name: 'a link nobody sent', as: 'none', expect: 404, kind: 'not-found', params: { receiptToken: 'erraten' } },
    ],
  },
  getDonorReceiptFile: {
    sample: {
      as: 'none',
      expect: 200,
      params: { receiptToken: seedReceipts.wagnerReceiptToken },
      setup: async (api) => {
        await wagnerReceipt(api)
        return {}
      },
    },
    cases: [
      {
        name: 'a receipt the club has not issued yet',
        as: 'none',
        expect: 404,
        kind: 'not-found',
        params: { receiptToken: seedReceipts.wagnerReceiptToken },
      },
    ],
  },
  getReceiptSettings: {
    sample: { as: 'member', expect: 200, params: { clubId: seedClubs.volume } },
  },
  updateReceiptSettings: {
    sample: {
      as: 'member',
      expect: 200,
      params: { clubId: seedClubs.volume },
      body: { place: 'Grünbach', signerName: 'Markus Obermayr', signerRole: 'Obmann', germany: null },
    },
  },
  issueDonationReceipt: {
    sample: {
      as: 'member',
      expect: 201,
      params: { donationId: seedReceipts.wagnerDonationId },
      body: { donor: RECEIPT_DONOR, replacesId: null },
    },
    cases: [
      {
        name: 'a donation with a receipt already',
        as: 'member',
        expect: 409,
        kind: 'receipt-not-possible',
        params: { donationId: seedReceipts.wagnerDonationId },
        body: { donor: RECEIPT_DONOR, replacesId: null },
        setup: async (api) => (await wagnerReceipt(api), {}),
      },
    ],
  },
  getClubReceipts: {
    sample: { as: 'member', expect: 200, params: { clubId: seedClubs.volume } },
  },
  getReceiptFile: {
    sample: {
      as: 'member',
      expect: 200,
      params: { clubId: seedClubs.volume },
      setup: async (api) => ({ params: { receiptId: await wagnerReceipt(api) } }),
    },
  },
  withdrawReceipt: {
    sample: {
      as: 'member',
      expect: 200,
      // The setup's receipt takes its place; the body's own checks (an empty body) need no receipt.
      params: { clubId: seedClubs.volume, receiptId: 'eine-bestaetigung' },
      body: { reason: 'Falsche Adresse' },
      setup: async (api) => ({ params: { receiptId: await wagnerReceipt(api) } }),
    },
    cases: [
      {
        name: 'a receipt withdrawn already',
        as: 'member',
        expect: 409,
        kind: 'receipt-not-possible',
        params: { clubId: seedClubs.volume },
        body: { reason: 'Nochmals' },
        setup: async (api) => {
          const receiptId = await wagnerReceipt(api)
          await api.api('POST', '/club/{clubId}/receipts/{receiptId}/withdraw', {
            as: 'member',
            params: { clubId: seedClubs.volume, receiptId },
            body: { reason: 'Falsche Adresse' },
          })
          return { params: { receiptId } }
        },
      },
    ],
  },
  getAnnualReceiptCandidates: {
    sample: { as: 'member', expect: 200, params: { clubId: seedClubs.volume, year: lastYear() } },
  },
  issueAnnualReceipt: {
    sample: {
      as: 'member',
      expect: 201,
      params: { clubId: seedClubs.volume, year: lastYear() },
      setup: async (api) => {
        const candidates = await api.api('GET', '/club/{clubId}/receipts/annual/{year}', {
          as: 'member',
          params: { clubId: seedClubs.volume, year: lastYear() },
        })
        return { body: { donorKey: (candidates.body as Array<{ donorKey: string }>)[0]!.donorKey } }
      },
    },
    cases: [
      {
        name: 'the current year',
        as: 'member',
        expect: 409,
        kind: 'receipt-not-possible',
        params: { clubId: seedClubs.volume, year: String(new Date().getUTCFullYear()) },
        body: { donorKey: 'jemand' },
      },
    ],
  },
}
