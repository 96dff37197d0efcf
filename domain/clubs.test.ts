import { describe, expect, it } from 'vitest'
import { seedAccounts, seedClubTypes, seedClubs } from '#adapters/demo-seed/seed-accounts.ts'
import { clubUpdateOf } from '#tests/backend/bodies.ts'
import { type BodyOf, type Schemas, call, kindOf, sentMails } from '#tests/backend/client.ts'

const admin = seedAccounts.admin.email
const overview = async (clubId: string) => (await call('GET', `/club/cluboverview/${clubId}`, { as: admin })).body
const clubOf = async (clubId: string) => (await overview(clubId)).club
/** The club as the profile form sends it back. */
const profileOf = async (clubId: string) => clubUpdateOf(await clubOf(clubId))

const emptyProfile = <T extends object>(club: T) => ({
  ...club,
  vatNumber: '',
  bankInfo: { bankName: '', iban: '', bic: '', accountHolder: '' },
  legitimation: { firstName: 'Nina', lastName: '', phoneNumber: '', birthDate: null, email: '', documentKind: null },
})

describe('club completeness', () => {
  it('reports complete seed clubs as complete and lists what incomplete ones miss, in form order', async () => {
    expect((await clubOf(seedClubs.volume)).completeness).toEqual({ complete: true, missing: [] })
    const incomplete = await clubOf(seedClubs.incomplete)
    expect(incomplete.completeness.complete).toBe(false)
    expect(incomplete.completeness.missing).toEqual([
      'vatNumber',
      'donationNumber',
      'description',
      'shortDescription',
      'bankInfo.bankName',
      'bankInfo.iban',
      'bankInfo.bic',
      'bankInfo.accountHolder',
      'legitimation.phoneNumber',
      'legitimation.birthDate',
      'legitimation.documentKind',
      'legitimation.front',
      'legitimation.back',
      'documents.spend2Form',
      'documents.deductibilityNotice',
      'logo',
    ])
  })

  it('saves incomplete data and reports what is missing; optional parts do not count', async () => {
    const club = await profileOf(seedClubs.volume)
    const saved = await call('PUT', '/club', { as: seedAccounts.verein.email, body: emptyProfile(club) })
    expect(saved.status).toBe(200)
    expect(saved.body.completeness.missing).toEqual([
      'vatNumber',
      'bankInfo.bankName',
      'bankInfo.iban',
      'bankInfo.bic',
      'bankInfo.accountHolder',
      'legitimation.lastName',
      'legitimation.phoneNumber',
      'legitimation.birthDate',
      'legitimation.email',
      'legitimation.documentKind',
    ])
    // Club size and additional billing information are optional.
    const optional = await call('PUT', '/club', {
      as: seedAccounts.verein.email,
      body: { ...club, clubSize: null, billingAddress: { ...club.billingAddress, additionalInformation: '' } },
    })
    expect(optional.body.completeness.complete).toBe(true)
  })

  it('trims the club name before checking it', async () => {
    const club = await profileOf(seedClubs.volume)
    const short = await call('PUT', '/club', { as: seedAccounts.verein.email, body: { ...club, name: '   V   ' } })
    expect(short.status).toBe(400)
    expect(short.error?.errors).toEqual([expect.objectContaining({ field: 'name', code: 'too_small' })])
    const padded = await call('PUT', '/club', {
      as: seedAccounts.verein.email,
      body: { ...club, name: `  ${club.name}  ` },
    })
    expect(padded.status).toBe(200)
    expect(padded.body.name).toBe(club.name)
  })

  it('uses the club address for billing when asked to, and repeats it in the response', async () => {
    const club = await profileOf(seedClubs.volume)
    const saved = await call('PUT', '/club', {
      as: admin,
      body: {
        ...club,
        billingAddress: {
          sameAsClubAddress: true,
          street: '',
          houseNumber: '',
          postalCode: '',
          city: '',
          country: '',
          additionalInformation: '',
        },
      },
    })
    expect(saved.body.billingAddress).toEqual({
      sameAsClubAddress: true,
      ...club.address,
      country: 'AT',
      additionalInformation: '',
    })
    expect(saved.body.completeness.complete).toBe(true)
  })

  it('answers 404 for an unknown club and an unknown club type', async () => {
    const club = await profileOf(seedClubs.volume)
    expect((await call('PUT', '/club', { as: admin, body: { ...club, id: 'club-none' } })).status).toBe(404)
    expect((await call('PUT', '/club', { as: admin, body: { ...club, clubTypeId: 'ct-none' } })).status).toBe(404)
    expect((await call('GET', '/club/cluboverview/club-none', { as: admin })).status).toBe(404)
  })
})

describe('the club status state machine', () => {
  it('releases a complete club: PROCESSING → ACTIVE → INACTIVE → ACTIVE', async () => {
    const released = await call('PUT', `/club/active/${seedClubs.releasable}`, { as: admin })
    expect(released.status).toBe(200)
    expect(released.body.status).toBe('ACTIVE')
    expect(kindOf(await call('PUT', `/club/active/${seedClubs.releasable}`, { as: admin }))).toBe('invalid-transition')
    expect(
      (
        await call('PUT', `/club/inactive/${seedClubs.releasable}`, {
          as: admin,
          body: { reason: 'Zum Testen deaktiviert.' },
        })
      ).body.status,
    ).toBe('INACTIVE')
    expect(
      kindOf(
        await call('PUT', `/club/inactive/${seedClubs.releasable}`, {
          as: admin,
          body: { reason: 'Zum Testen deaktiviert.' },
        }),
      ),
    ).toBe('invalid-transition')
    expect((await call('PUT', `/club/active/${seedClubs.releasable}`, { as: admin })).body.status).toBe('ACTIVE')
  })

  it('tells the club’s people that it is released, in German with the dashboard link; a refused release sends nothing', async () => {
    const releaseNotices = async () => (await sentMails()).filter((mail) => mail.kind === 'CLUB_RELEASED')
    expect(await releaseNotices()).toEqual([])
    expect((await call('PUT', `/club/active/${seedClubs.releasable}`, { as: admin })).status).toBe(200)
    const notices = await releaseNotices()
    expect(notices).toEqual([
      expect.objectContaining({
        to: seedAccounts.freigabe.email,
        subject: 'Ihr Verein Naturschutzverein Wienerwald Baden ist freigegeben',
        link: `/home?id=${seedClubs.releasable}`,
      }),
    ])
    expect(notices[0]!.text).toContain(`Hallo ${seedAccounts.freigabe.firstName},`)
    expect(notices[0]!.text).toContain(`\n/home?id=${seedClubs.releasable}\n`)

    const before = (await sentMails()).length
    expect(kindOf(await call('PUT', `/club/active/${seedClubs.releasable}`, { as: admin }))).toBe('invalid-transition')
    expect(kindOf(await call('PUT', `/club/active/${seedClubs.incomplete}`, { as: admin }))).toBe('club-incomplete')
    expect((await call('PUT', `/club/active/${seedClubs.releasable}`, { as: seedAccounts.staff.email })).status).toBe(
      403,
    )
    expect(await sentMails()).toHaveLength(before)
    // Released again after it was inactive: told again.
    await call('PUT', `/club/inactive/${seedClubs.releasable}`, {
      as: admin,
      body: { reason: 'Zum Testen deaktiviert.' },
    })
    await call('PUT', `/club/active/${seedClubs.releasable}`, { as: admin })
    expect(await releaseNotices()).toHaveLength(2)
  })

  it('refuses to activate an incomplete club with one error per missing field (409 club-incomplete)', async () => {
    const result = await call('PUT', `/club/active/${seedClubs.incomplete}`, { as: admin })
    expect(result.status).toBe(409)
    expect(kindOf(result)).toBe('club-incomplete')
    const { missing } = (await clubOf(seedClubs.incomplete)).completeness
    expect(result.error?.errors).toEqual(
      missing.map((field: string) => ({ field, message: 'Missing.', code: 'missing' })),
    )
    expect((await clubOf(seedClubs.incomplete)).status).toBe('PROCESSING')
    // Reactivating an inactive club needs a complete profile too.
    expect(kindOf(await call('PUT', `/club/active/${seedClubs.inactiveIncomplete}`, { as: admin }))).toBe(
      'club-incomplete',
    )
  })

  it('activates only a club an administrator has marked as checked (409 club-not-checked), and sends nothing before', async () => {
    const check = (isChecked: boolean) =>
      call('POST', `/club/${seedClubs.releasable}/isChecked`, { as: admin, body: { isChecked } })
    expect((await check(false)).status).toBe(200)
    const mails = (await sentMails()).length
    const refused = await call('PUT', `/club/active/${seedClubs.releasable}`, { as: admin })
    expect(refused.status).toBe(409)
    expect(kindOf(refused)).toBe('club-not-checked')
    expect((await clubOf(seedClubs.releasable)).status).toBe('PROCESSING')
    expect(await sentMails()).toHaveLength(mails)

    // Checked first, then released: both acts recorded in that order.
    expect((await check(true)).status).toBe(200)
    const released = await call('PUT', `/club/active/${seedClubs.releasable}`, { as: admin })
    expect(released.body).toMatchObject({ status: 'ACTIVE', isChecked: true })
    const log = await call('GET', `/club/${seedClubs.releasable}/audit`, { as: admin })
    expect(log.body.items.slice(0, 2).map((entry: { action: string }) => entry.action)).toEqual([
      'CLUB_ACTIVATED',
      'CLUB_CHECKED',
    ])
  })

  it('checks the status first, then completeness, then the check mark', async () => {
    // Incomplete and unchecked: the profile is what is missing first.
    expect((await clubOf(seedClubs.incomplete)).isChecked).toBe(false)
    expect(kindOf(await call('PUT', `/club/active/${seedClubs.incomplete}`, { as: admin }))).toBe('club-incomplete')
    // Active and then unchecked: still an invalid transition, the mark does not change the status.
    await call('POST', `/club/${seedClubs.volume}/isChecked`, { as: admin, body: { isChecked: false } })
    expect((await clubOf(seedClubs.volume)).status).toBe('ACTIVE')
    expect(kindOf(await call('PUT', `/club/active/${seedClubs.volume}`, { as: admin }))).toBe('invalid-transition')
    // Reactivating an inactive club that was checked once needs no new mark.
    expect((await clubOf(seedClubs.inactive)).isChecked).toBe(true)
    expect((await call('PUT', `/club/active/${seedClubs.inactive}`, { as: admin })).status).toBe(200)
  })

  it('rejects a registration: PROCESSING → INACTIVE; nothing returns to PROCESSING', async () => {
    const rejected = await call('PUT', `/club/inactive/${seedClubs.incomplete}`, {
      as: admin,
      body: { reason: 'Zum Testen deaktiviert.' },
    })
    expect(rejected.body.status).toBe('INACTIVE')
  })
})

describe('the check mark', () => {
  it('stores isChecked with when it was last set', async () => {
    const before = Date.now()
    const checked = await call('POST', `/club/${seedClubs.incomplete}/isChecked`, {
      as: admin,
      body: { isChecked: true },
    })
    expect(checked.status).toBe(200)
    expect(checked.body.isChecked).toBe(true)
    expect(Date.parse(checked.body.checkedAt!)).toBeGreaterThanOrEqual(before - 1000)
    const unchecked = await call('POST', `/club/${seedClubs.incomplete}/isChecked`, {
      as: admin,
      body: { isChecked: false },
    })
    expect(unchecked.body).toMatchObject({ isChecked: false, checkedAt: checked.body.checkedAt })
    expect((await clubOf(seedClubs.incomplete)).isChecked).toBe(false)
    expect((await call('POST', `/club/${seedClubs.incomplete}/isChecked`, { as: admin, invalidBody: {} })).status).toBe(
      400,
    )
  })
})

describe('the release list', () => {
  const list = (query: Record<string, string | number>) => call('GET', '/club', { as: admin, query })

  it('pages all clubs sorted by name by default', async () => {
    const first = await list({ size: 10 })
    // The seed's 30 Austrian clubs and its German one.
    expect(first.body).toMatchObject({ page: 0, size: 10, totalItems: 31, totalPages: 4 })
    expect(first.body.items).toHaveLength(10)
    const names = first.body.items.map((item: { name: string }) => item.name)
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'de')))
    const last = await list({ size: 10, page: 3 })
    expect(last.body.items).toHaveLength(1)
    expect((await list({ size: 10, page: 4 })).body.items).toEqual([])
  })

  it('filters by status and type, and sorts by any allowed field', async () => {
    for (const status of ['PROCESSING', 'ACTIVE', 'INACTIVE']) {
      const result = await list({ clubStatus: status, size: 100 })
      expect(result.body.items.length).toBeGreaterThan(0)
      expect(result.body.items.every((item: { status: string }) => item.status === status)).toBe(true)
    }
    const sport = await list({ clubType: seedClubTypes.sport, size: 100 })
    expect(sport.body.items.every((item: { clubTypeName: string }) => item.clubTypeName === 'Sportverein')).toBe(true)
    const both = await list({ clubType: seedClubTypes.sport, clubStatus: 'ACTIVE', size: 100 })
    expect(both.body.totalItems).toBeLessThan(sport.body.totalItems)

    const byDate = (await list({ sort: 'createdAt,desc', size: 100 })).body.items.map(
      (item: { createdAt: string }) => item.createdAt,
    )
    expect(byDate).toEqual([...byDate].sort().reverse())
    const byZvr = (await list({ sort: 'zvrNumber', size: 100 })).body.items.map((item: { zvrNumber: string }) =>
      Number(item.zvrNumber),
    )
    expect(byZvr).toEqual([...byZvr].sort((a, b) => a - b))
    const byStatus = (await list({ sort: 'status,asc', size: 100 })).body.items.map(
      (item: { status: string }) => item.status,
    )
    expect(byStatus).toEqual([...byStatus].sort())
  })

  it('shows each club’s completeness and payment account', async () => {
    const items = (await list({ size: 100 })).body.items as Array<{
      id: string
      completeness: { complete: boolean }
      paymentAccount: { status: string } | null
    }>
    const volume = items.find((item) => item.id === seedClubs.volume)!
    expect(volume.completeness.complete).toBe(true)
    expect(volume.paymentAccount?.status).toBe('ACTIVE')
    expect(items.find((item) => item.id === seedClubs.incomplete)!.completeness.complete).toBe(false)
  })
})

describe('club files', () => {
  const image = (
    label: Schemas['ImageReference']['label'],
    name = 'bild.jpg',
    contentType: Schemas['ImageReference']['contentType'] = 'image/jpeg',
  ): Schemas['ImageReference'] => ({
    label,
    name,
    path: `clubs/${seedClubs.volume}/${label}/1234-${name}`,
    contentType,
    size: 2048,
  })

  const MAGIC: Record<string, number[]> = {
    'image/jpeg': [0xff, 0xd8, 0xff, 0xe0],
    'image/png': [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a],
    'application/pdf': [0x25, 0x50, 0x44, 0x46, 0x2d],
  }
  /** Uploads a file of the record's kind and size to its path first: a backend records only what it holds. */
  const uploaded = async <const T extends { path: string; contentType: string; size: number }>(file: T): Promise<T> => {
    const bytes = new Uint8Array(file.size)
    bytes.set(MAGIC[file.contentType]!)
    const result = await call('PUT', '/storage/blob', {
      as: seedAccounts.verein.email,
      query: { path: file.path },
      bytes,
      contentType: file.contentType,
    })
    expect(result.status).toBe(201)
    return file
  }

  it('records a new logo in place of the old one', async () => {
    const before = (await clubOf(seedClubs.volume)).logo
    const added = await call('PUT', `/club/${seedClubs.volume}/addImage`, {
      as: seedAccounts.verein.email,
      body: await uploaded(image('LOGO', 'logo.png', 'image/png')),
    })
    expect(added.status).toBe(200)
    const club = await clubOf(seedClubs.volume)
    expect(club.logo).toEqual(added.body)
    const logos = await call('GET', `/club/${seedClubs.volume}/getImages`, {
      as: seedAccounts.verein.email,
      query: { label: 'LOGO' },
    })
    expect(logos.body).toEqual([added.body])
    expect(logos.body[0]!.id).not.toBe(before!.id)
  })

  it('accepts only JPEG legitimation scans', async () => {
    const png = await call('PUT', `/club/${seedClubs.volume}/addImage`, {
      as: seedAccounts.verein.email,
      body: image('LEGITIMATION_FRONT', 'ausweis.png', 'image/png'),
    })
    expect(png.status).toBe(400)
    expect(png.error?.errors?.map((error) => error.field).sort()).toEqual(['contentType', 'name'])
    const jpeg = await call('PUT', `/club/${seedClubs.volume}/addImage`, {
      as: seedAccounts.verein.email,
      body: await uploaded(image('LEGITIMATION_FRONT', 'ausweis.JPEG')),
    })
    expect(jpeg.status).toBe(200)
    expect((await clubOf(seedClubs.volume)).legitimationFiles.front!.id).toBe(jpeg.body.id)
  })

  it('keeps uploads inside the club’s folder', async () => {
    const elsewhere = await call('PUT', `/club/${seedClubs.volume}/addImage`, {
      as: seedAccounts.verein.email,
      body: { ...image('GALLERY'), path: `clubs/${seedClubs.secondActive}/GALLERY/x.jpg` },
    })
    expect(elsewhere.status).toBe(400)
    expect(elsewhere.error?.errors?.[0]?.field).toBe('path')
  })

  it('adds gallery images and other documents, lists them newest first, and deletes them', async () => {
    const gallery = await call('PUT', `/club/${seedClubs.volume}/addImage`, {
      as: seedAccounts.verein.email,
      body: await uploaded(image('GALLERY')),
    })
    const images = await call('GET', `/club/${seedClubs.volume}/getImages`, {
      as: seedAccounts.verein.email,
      query: { label: 'GALLERY' },
    })
    expect(images.body[0]!.id).toBe(gallery.body.id)
    expect(images.body.length).toBeGreaterThan(1)

    const doc = await call('PUT', `/club/${seedClubs.volume}/addDocument`, {
      as: seedAccounts.verein.email,
      body: await uploaded({
        label: 'OTHER_DOCUMENT',
        name: 'Protokoll.pdf',
        path: `clubs/${seedClubs.volume}/OTHER_DOCUMENT/9-Protokoll.pdf`,
        contentType: 'application/pdf',
        size: 900,
      }),
    })
    expect(doc.status).toBe(200)
    const docs = await call('GET', `/club/${seedClubs.volume}/getDocuments`, { as: seedAccounts.verein.email })
    expect(docs.body[0]!.id).toBe(doc.body.id)

    // An image id is no document and vice versa.
    expect(
      (
        await call('DELETE', `/club/${seedClubs.volume}/deleteDocumentFile`, {
          as: seedAccounts.verein.email,
          body: { fileId: gallery.body.id },
        })
      ).status,
    ).toBe(404)
    expect(
      (
        await call('DELETE', `/club/${seedClubs.volume}/deleteFile`, {
          as: seedAccounts.verein.email,
          body: { fileId: gallery.body.id },
        })
      ).status,
    ).toBe(204)
    expect(
      (
        await call('DELETE', `/club/${seedClubs.volume}/deleteFile`, {
          as: seedAccounts.verein.email,
          body: { fileId: gallery.body.id },
        })
      ).status,
    ).toBe(404)
    expect(
      (
        await call('DELETE', `/club/${seedClubs.volume}/deleteDocumentFile`, {
          as: seedAccounts.verein.email,
          body: { fileId: doc.body.id },
        })
      ).status,
    ).toBe(204)
  })

  it('makes a club incomplete when a required document is deleted', async () => {
    const { documents } = await clubOf(seedClubs.volume)
    await call('DELETE', `/club/${seedClubs.volume}/deleteDocumentFile`, {
      as: admin,
      body: { fileId: documents.spend2Form!.id },
    })
    const club = await clubOf(seedClubs.volume)
    expect(club.documents.spend2Form).toBeNull()
    expect(club.completeness.missing).toEqual(['documents.spend2Form'])
  })
})

describe('members and the club switcher', () => {
  it('lists the clubs a user represents, sorted by name, with their role', async () => {
    const result = await call('GET', `/club/all/user/${seedAccounts.verein.uid}`, { as: seedAccounts.verein.email })
    expect(result.body.map((club) => club.name)).toEqual([
      'Musikverein Hallein',
      'SV Grünbach 1923',
      'Verein Jugend im Dreiländereck Passau e. V.',
    ])
    expect(result.body[1]).toMatchObject({ id: seedClubs.volume, status: 'ACTIVE', clubRoleName: 'Obmann/Obfrau' })
    expect(result.body[1]!.logo).not.toBeNull()
    expect((await call('GET', '/club/all/user/uid-nobody', { as: admin })).status).toBe(404)
  })

  it('gives the dashboard figures consistent with the donation list', async () => {
    const view = await overview(seedClubs.volume)
    const donations = await call('GET', `/donations/club/${seedClubs.volume}`, { as: admin, query: { size: 1 } })
    expect(view.donations.totalCents).toBe(donations.body.totalCents)
    expect(view.donations.count).toBe(donations.body.totalItems)
    expect(view.donations.thisMonthCount).toBeGreaterThan(0)
    expect(view).toMatchObject({ clubTypeName: 'Sportverein', memberCount: 4, campaigns: { total: 9, enabled: 6 } })
    expect(view.paymentAccount?.status).toBe('ACTIVE')
  })
})

describe('the public registration', () => {
  const registration: BodyOf<'POST', '/club/createWithUser'> = {
    club: {
      name: 'Schachklub Hernals',
      zvrNumber: '1234567890',
      address: { street: 'Hernalser Hauptstraße', houseNumber: '100', postalCode: '1170', city: 'Wien' },
      clubTypeId: seedClubTypes.kultur,
      clubSize: 20,
    },
    user: {
      email: 'obfrau@schach-hernals.at',
      password: 'Schachmatt-1',
      firstName: 'Sabine',
      lastName: 'Springer',
      phoneNumber: '+43 1 2345678',
    },
    acceptedTerms: true,
  }

  it('creates a PROCESSING club with its unconfirmed first user and sends the confirmation mail', async () => {
    const result = await call('POST', '/club/createWithUser', { body: registration })
    expect(result.status).toBe(201)
    expect(result.body.club).toMatchObject({
      name: 'Schachklub Hernals',
      status: 'PROCESSING',
      isChecked: false,
      clubSize: 20,
    })
    expect(result.body.club.completeness.complete).toBe(false)
    expect(result.body.user).toMatchObject({
      email: 'obfrau@schach-hernals.at',
      role: 'ROLE_USER',
      emailVerified: false,
    })
    const mail = (await sentMails())[0]!
    expect(mail).toMatchObject({ to: 'obfrau@schach-hernals.at', kind: 'VERIFY_EMAIL' })
    expect(mail.link).toMatch(/^\/login\?mode=verifyEmail&oobCode=/)

    const signIn = () =>
      call('POST', '/__mock/identity/signIn', { body: { email: 'obfrau@schach-hernals.at', password: 'Schachmatt-1' } })
    const clubsPath = `/club/all/user/${result.body.user.uid}`
    // Before the address is confirmed the backend answers only the caller's own record and the settings.
    const unconfirmed = `Bearer ${(await signIn()).body.idToken}`
    expect((await call('GET', '/users/me', { authorization: unconfirmed })).body.emailVerified).toBe(false)
    expect((await call('GET', '/globals', { authorization: unconfirmed })).status).toBe(200)
    const refused = await call('GET', clubsPath, { authorization: unconfirmed })
    expect(refused.status).toBe(403)
    expect(kindOf(refused)).toBe('email-not-verified')

    const oobCode = new URL(mail.link, 'http://localhost').searchParams.get('oobCode')
    expect((await call('POST', '/__mock/identity/applyActionCode', { body: { oobCode: oobCode! } })).status).toBe(204)
    const confirmed = `Bearer ${(await signIn()).body.idToken}`
    const clubs = await call('GET', clubsPath, { authorization: confirmed })
    expect(clubs.body).toEqual([expect.objectContaining({ id: result.body.club.id, clubRoleName: 'Obmann/Obfrau' })])
    expect((await call('GET', '/users/me', { authorization: confirmed })).body.emailVerified).toBe(true)
  })

  it('refuses a taken address (409), unaccepted terms and an unknown club type (400)', async () => {
    const taken = await call('POST', '/club/createWithUser', {
      body: { ...registration, user: { ...registration.user, email: 'VEREIN@demo.at' } },
    })
    expect(taken.status).toBe(409)
    expect(kindOf(taken)).toBe('user-exists')
    const terms = await call('POST', '/club/createWithUser', {
      invalidBody: { ...registration, acceptedTerms: false },
    })
    expect(terms.error?.errors).toEqual([expect.objectContaining({ field: 'acceptedTerms' })])
    const type = await call('POST', '/club/createWithUser', {
      body: { ...registration, club: { ...registration.club, clubTypeId: 'ct-none' } },
    })
    expect(type.status).toBe(400)
    expect(type.error?.errors?.[0]?.field).toBe('club.clubTypeId')
    const blank = await call('POST', '/club/createWithUser', {
      body: {
        ...registration,
        club: { ...registration.club, name: '  S  ' },
        user: { ...registration.user, lastName: '  ' },
      },
    })
    expect(blank.status).toBe(400)
    expect(blank.error?.errors).toEqual([expect.objectContaining({ field: 'club.name', code: 'too_small' })])
    const blankUser = await call('POST', '/club/createWithUser', {
      body: { ...registration, user: { ...registration.user, firstName: '\t' } },
    })
    expect(blankUser.status).toBe(400)
    expect(blankUser.error?.errors).toEqual([expect.objectContaining({ field: 'user.firstName', code: 'too_small' })])
    // Nothing of the refused registrations was stored: the seed's 31 clubs.
    expect((await call('GET', '/club', { as: admin, query: { size: 100 } })).body.totalItems).toBe(31)
  })
})
