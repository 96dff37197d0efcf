import { describe, expect, it } from 'vitest'
import {
  seedAccounts,
  seedClubRoles,
  seedClubs,
  seedInvitations,
  seedPaymentAccounts,
} from '#adapters/demo-seed/seed-accounts.ts'
import { ibanFromBban, maskIban } from '#checks/iban.ts'
import { clubUpdateOf } from '#tests/backend/bodies.ts'
import { call, kindOf, sentMails } from '#tests/backend/client.ts'

/**
 * Rights inside a club (domain/club-rights.ts): the club role says who may manage the club's money and
 * its members; administrators need no right; a club keeps at least one member holding each right.
 */
const admin = seedAccounts.admin.email
const chair = seedAccounts.verein.email
const treasurer = seedInvitations.used.email
const volume = seedClubs.volume
/** Erste Bank (bank code 20111, BIC GIBAATWW), a bank the portal knows. */
const ERSTE_IBAN = ibanFromBban('AT', '2011100000012345')

interface Member {
  uid: string | null
  email: string
  clubRoleId: string
  manageMoney: boolean
  manageMembers: boolean
  status: string
}

const membersOf = async (clubId: string): Promise<Member[]> =>
  (await call('GET', `/club/${clubId}/getUsers`, { as: admin })).body

const memberOf = async (clubId: string, email: string): Promise<Member> =>
  (await membersOf(clubId)).find((member) => member.email === email)!

const setRole = (clubId: string, uid: string, clubRoleId: string, as: string) =>
  call('PUT', `/club/${clubId}/member/${uid}`, { as, body: { clubRoleId } })

/**
 * The volume club's deputy chair (no rights), made its Schriftführer/in by an administrator: the person
 * of the issue, who removed the chair.
 */
const secretary = async (): Promise<Member> => {
  const deputy = (await membersOf(volume)).find((member) => member.clubRoleId === seedClubRoles.stellvertretung)!
  expect((await setRole(volume, deputy.uid!, seedClubRoles.schriftfuehrung, admin)).status).toBe(200)
  return { ...deputy, clubRoleId: seedClubRoles.schriftfuehrung }
}

const withBank = async (clubId: string, bankInfo: Record<string, string>) => {
  const club = (await call('GET', `/club/cluboverview/${clubId}`, { as: admin })).body.club
  const profile = clubUpdateOf(club)
  return { ...profile, bankInfo: { ...profile.bankInfo, ...bankInfo } }
}

const saveBank = async (clubId: string, bankInfo: Record<string, string>, as: string) =>
  call('PUT', '/club', { as, body: await withBank(clubId, bankInfo) })

describe('the club roles’ rights', () => {
  it('are the chair’s (money and members) and the treasurer’s (money) in the catalogue the portal started with', async () => {
    const roles = (await call('GET', '/clubroles/all', { as: chair })).body
    const rights = Object.fromEntries(roles.map((role) => [role.id, [role.manageMoney, role.manageMembers]]))
    expect(rights).toEqual({
      [seedClubRoles.obmann]: [true, true],
      [seedClubRoles.kassier]: [true, false],
      [seedClubRoles.stellvertretung]: [false, false],
      [seedClubRoles.schriftfuehrung]: [false, false],
      [seedClubRoles.mitglied]: [false, false],
      [seedClubRoles.rechnungspruefung]: [false, false],
    })
    const members = await membersOf(volume)
    expect(members.find((member) => member.email === chair)).toMatchObject({ manageMoney: true, manageMembers: true })
    expect(members.find((member) => member.email === treasurer)).toMatchObject({
      manageMoney: true,
      manageMembers: false,
    })
    const clubs = (await call('GET', `/club/all/user/${seedAccounts.verein.uid}`, { as: chair })).body
    expect(clubs.every((club) => club.manageMoney && club.manageMembers)).toBe(true)
  })

  it('are set by administrators, false unless given, kept when an update leaves them out, and recorded', async () => {
    const created = await call('POST', '/clubroles', { as: admin, body: { name: 'Kassier-Stellvertreter/in' } })
    expect(created.status).toBe(201)
    expect(created.body).toMatchObject({ manageMoney: false, manageMembers: false })
    const id = created.body.id
    const given = await call('PUT', '/clubroles', {
      as: admin,
      body: { id, name: 'Kassier-Stellvertreter/in', manageMoney: true },
    })
    expect(given.body).toMatchObject({ manageMoney: true, manageMembers: false })
    const renamed = await call('PUT', '/clubroles', { as: admin, body: { id, name: 'Kassa-Stellvertretung' } })
    expect(renamed.body).toMatchObject({ name: 'Kassa-Stellvertretung', manageMoney: true, manageMembers: false })
    const log = (await call('GET', '/audit', { as: admin, query: { size: 5 } })).body.items
    expect(log.find((entry) => entry.action === 'CLUB_ROLE_RIGHTS_CHANGED')?.changes).toEqual([
      { field: 'clubRole', before: 'Kassier-Stellvertreter/in', after: 'Kassier-Stellvertreter/in' },
      { field: 'clubRole.manageMoney', before: 'false', after: 'true' },
    ])
    const both = await call('POST', '/clubroles', {
      as: admin,
      body: { name: 'Geschäftsführung', manageMoney: true, manageMembers: true },
    })
    expect(both.body).toMatchObject({ manageMoney: true, manageMembers: true })
    expect(
      (await call('PUT', '/clubroles', { as: chair, body: { id, name: 'X-Rolle', manageMoney: false } })).status,
    ).toBe(403)
  })
})

describe('the money right', () => {
  it('keeps a Schriftführer/in from changing the bank details (403 club-right-missing); nothing changes', async () => {
    const { email } = await secretary()
    const refused = await saveBank(volume, { iban: ERSTE_IBAN, bic: 'GIBAATWWXXX' }, email)
    expect(refused.status).toBe(403)
    expect(kindOf(refused)).toBe('club-right-missing')
    const club = (await call('GET', `/club/cluboverview/${volume}`, { as: admin })).body.club
    expect(club.bankInfo.iban).not.toBe(ERSTE_IBAN)
    expect(club.bankReview).toBeNull()
    // The rest of the profile stays theirs to keep up.
    const profile = await withBank(volume, {})
    const saved = await call('PUT', '/club', { as: email, body: { ...profile, shortDescription: 'Fußball seit 1923' } })
    expect(saved.status).toBe(200)
    expect(saved.body.shortDescription).toBe('Fußball seit 1923')
  })

  it('lets the chair, the treasurer and administrators change them', async () => {
    expect((await saveBank(volume, { iban: ERSTE_IBAN, bic: 'GIBAATWWXXX' }, chair)).status).toBe(200)
    expect((await saveBank(volume, { accountHolder: 'SV Grünbach Kassa' }, treasurer)).status).toBe(200)
    expect((await saveBank(volume, { accountHolder: 'SV Grünbach 1923' }, admin)).status).toBe(200)
  })

  it('mails every change of the bank details to exactly the members who may manage money', async () => {
    await saveBank(volume, { iban: ERSTE_IBAN, bic: 'GIBAATWWXXX' }, chair)
    const mails = (await sentMails()).filter((mail) => mail.kind === 'BANK_DETAILS_CHANGED')
    expect(mails.map((mail) => mail.to).sort()).toEqual([treasurer, chair].sort())
    const [first] = mails
    expect(first!.subject).toBe('Bankverbindung des Vereins SV Grünbach 1923 geändert')
    expect(first!.text).toContain(
      `${seedAccounts.verein.firstName} ${seedAccounts.verein.lastName} hat die Bankverbindung`,
    )
    expect(first!.text).toContain(maskIban(ERSTE_IBAN))
    expect(first!.text).not.toContain(ERSTE_IBAN)
    expect(first!.text).toContain('zahlt der Kartenzahlungsanbieter nichts')
    expect(first!.link).toBe(`/home?id=${volume}#bankdaten`)

    // Without the right, no more mail; a member who got it hears of the next change.
    const kassierin = await memberOf(volume, treasurer)
    expect((await setRole(volume, kassierin.uid!, seedClubRoles.mitglied, chair)).status).toBe(200)
    const { uid, email } = await secretary()
    expect((await setRole(volume, uid!, seedClubRoles.kassier, admin)).status).toBe(200)
    const seen = new Set((await sentMails()).map((mail) => mail.id))
    await saveBank(volume, { accountHolder: 'SV Grünbach Kassa' }, admin)
    const next = (await sentMails()).filter((mail) => !seen.has(mail.id) && mail.kind === 'BANK_DETAILS_CHANGED')
    expect(next.map((mail) => mail.to).sort()).toEqual([chair, email].sort())
    // A save that leaves the bank details as they are mails nobody.
    const unchanged = (await sentMails()).length
    await call('PUT', '/club', { as: chair, body: await withBank(volume, {}) })
    expect(await sentMails()).toHaveLength(unchanged)
  })

  it('is needed for a fresh onboarding link', async () => {
    const clubId = seedPaymentAccounts.onboarding.clubId
    const board = await membersOf(clubId)
    const kassier = board.find((member) => member.clubRoleId === seedClubRoles.kassier)!
    expect((await call('POST', `/payment/onboardinglink/${clubId}`, { as: kassier.email })).status).toBe(201)
    expect((await call('POST', `/payment/onboardinglink/${clubId}`, { as: chair })).status).toBe(201)
    expect((await setRole(clubId, kassier.uid!, seedClubRoles.mitglied, chair)).status).toBe(200)
    const refused = await call('POST', `/payment/onboardinglink/${clubId}`, { as: kassier.email })
    expect(refused.status).toBe(403)
    expect(kindOf(refused)).toBe('club-right-missing')
  })
})

describe('the members right', () => {
  it('keeps a Schriftführer/in from removing the chair or changing roles (403 club-right-missing)', async () => {
    const { email, uid } = await secretary()
    const removal = await call('DELETE', `/club/${volume}/member/${seedAccounts.verein.uid}`, { as: email })
    expect(removal.status).toBe(403)
    expect(kindOf(removal)).toBe('club-right-missing')
    expect((await memberOf(volume, chair)).clubRoleId).toBe(seedClubRoles.obmann)
    expect(kindOf(await setRole(volume, uid!, seedClubRoles.obmann, email))).toBe('club-right-missing')
    expect(
      kindOf(
        await call('POST', `/club/${volume}/inviteUser`, {
          as: email,
          body: { email: 'neu-im-verein@demo.at', clubRoleId: seedClubRoles.mitglied },
        }),
      ),
    ).toBe('club-right-missing')
    const invitation = seedInvitations.valid.id
    expect(kindOf(await call('POST', `/club/${volume}/invitation/${invitation}/resend`, { as: email }))).toBe(
      'club-right-missing',
    )
    expect(kindOf(await call('DELETE', `/club/${volume}/invitation/${invitation}`, { as: email }))).toBe(
      'club-right-missing',
    )
  })

  it('lets the chair give another club role and remove a member, each on record', async () => {
    const { uid } = await secretary()
    const changed = await setRole(volume, uid!, seedClubRoles.kassier, chair)
    expect(changed.status).toBe(200)
    expect(changed.body).toMatchObject({
      uid,
      clubRoleId: seedClubRoles.kassier,
      clubRoleName: 'Kassier/in',
      manageMoney: true,
    })
    const log = (await call('GET', `/club/${volume}/audit`, { as: admin, query: { size: 5 } })).body.items
    expect(log[0]).toMatchObject({
      action: 'MEMBER_ROLE_CHANGED',
      changes: [{ field: 'clubRole', before: 'Schriftführer/in', after: 'Kassier/in' }],
    })
    expect((await call('DELETE', `/club/${volume}/member/${uid}`, { as: chair })).status).toBe(204)
    expect((await setRole(volume, seedAccounts.neu.uid, seedClubRoles.mitglied, chair)).status).toBe(404)
    expect((await setRole(volume, seedAccounts.verein.uid, 'cr-unbekannt', chair)).status).toBe(404)
  })

  it('hands out only rights the caller holds', async () => {
    // The Schriftführer/in may manage members now, not money.
    await call('PUT', '/clubroles', {
      as: admin,
      body: { id: seedClubRoles.schriftfuehrung, name: 'Schriftführer/in', manageMembers: true },
    })
    const { email, uid } = await secretary()
    const asTreasurer = await call('POST', `/club/${volume}/inviteUser`, {
      as: email,
      body: { email: 'kassa@demo.at', clubRoleId: seedClubRoles.kassier },
    })
    expect(asTreasurer.status).toBe(403)
    expect(kindOf(asTreasurer)).toBe('club-right-missing')
    const asMember = await call('POST', `/club/${volume}/inviteUser`, {
      as: email,
      body: { email: 'mitglied@demo.at', clubRoleId: seedClubRoles.mitglied },
    })
    expect(asMember.status).toBe(201)
    expect(kindOf(await setRole(volume, uid!, seedClubRoles.obmann, email))).toBe('club-right-missing')
    // Taking the treasurer's right away is managing members (the chair still holds it).
    const kassierin = await memberOf(volume, treasurer)
    expect((await setRole(volume, kassierin.uid!, seedClubRoles.mitglied, email)).status).toBe(200)
  })
})

describe('the last member holding a right', () => {
  it('is not removed, by the chair or an administrator (409 last-right-holder)', async () => {
    const kassierin = await memberOf(volume, treasurer)
    // Two may manage money: the treasurer can go.
    expect((await call('DELETE', `/club/${volume}/member/${kassierin.uid}`, { as: chair })).status).toBe(204)
    for (const as of [chair, admin]) {
      const refused = await call('DELETE', `/club/${volume}/member/${seedAccounts.verein.uid}`, { as })
      expect(refused.status).toBe(409)
      expect(kindOf(refused)).toBe('last-right-holder')
    }
    expect((await memberOf(volume, chair)).clubRoleId).toBe(seedClubRoles.obmann)
  })

  it('is not given a club role without it, the money right and the members right each on their own', async () => {
    // The chair is the only one who may manage members: as treasurer they would keep money, not members.
    const toTreasurer = await setRole(volume, seedAccounts.verein.uid, seedClubRoles.kassier, admin)
    expect(toTreasurer.status).toBe(409)
    expect(kindOf(toTreasurer)).toBe('last-right-holder')
    const kassierin = await memberOf(volume, treasurer)
    expect((await setRole(volume, kassierin.uid!, seedClubRoles.mitglied, chair)).status).toBe(200)
    // Now the chair is also the last who may manage money.
    const toMember = await setRole(volume, seedAccounts.verein.uid, seedClubRoles.mitglied, chair)
    expect(kindOf(toMember)).toBe('last-right-holder')
    // Once someone else holds both, the chair can step down.
    expect((await setRole(volume, kassierin.uid!, seedClubRoles.obmann, chair)).status).toBe(200)
    expect((await setRole(volume, seedAccounts.verein.uid, seedClubRoles.mitglied, chair)).status).toBe(200)
    expect((await memberOf(volume, chair)).manageMoney).toBe(false)
  })
})

describe('a bank review, for the administrator who confirms it', () => {
  it('shows the new IBAN whole, the account holder and the club’s documents; staff see none of it', async () => {
    await saveBank(volume, { iban: ERSTE_IBAN, bic: 'GIBAATWWXXX', accountHolder: 'SV Grünbach Kassa' }, chair)
    const query = { clubStatus: 'ACTIVE', size: 100 } as const
    const row = (await call('GET', '/club', { as: admin, query })).body.items.find((item) => item.id === volume)!
    expect(row.bankReview?.newIbanMasked).toBe(maskIban(ERSTE_IBAN))
    expect(row.bankReviewDetails).toMatchObject({
      iban: ERSTE_IBAN,
      bic: 'GIBAATWWXXX',
      accountHolder: 'SV Grünbach Kassa',
      bankName: 'Erste Bank der oesterreichischen Sparkassen AG',
    })
    const documents = (await call('GET', `/club/${volume}/getDocuments`, { as: admin })).body
    expect(documents.length).toBeGreaterThan(0)
    const shown = row.bankReviewDetails!.documents.map((file) => file.id)
    for (const document of documents) expect(shown).toContain(document.id)
    expect(row.bankReviewDetails!.documents.every((file) => file.path.startsWith('seed/'))).toBe(true)

    const staffRow = (await call('GET', '/club', { as: seedAccounts.staff.email, query })).body.items.find(
      (item) => item.id === volume,
    )!
    expect(staffRow.bankReview).not.toBeNull()
    expect(staffRow.bankReviewDetails).toBeNull()
    // Clubs without a pending review have no details either.
    expect(
      (await call('GET', '/club', { as: admin, query })).body.items.find(
        (item) => item.id === seedPaymentAccounts.onboarding.clubId,
      )!.bankReviewDetails,
    ).toBeNull()
  })
})
