/**
 * Clubs: the release list, the profile and its completeness, files, the status state machine, the check
 * mark, members and invitations, and the public registration.
 */
import {
  ActivateClubParams,
  AddClubDocumentBody,
  AddClubDocumentParams,
  AddClubImageBody,
  AddClubImageParams,
  CreateClubWithUserBody,
  DeactivateClubParams,
  DeleteClubDocumentBody,
  DeleteClubDocumentParams,
  DeleteClubFileBody,
  DeleteClubFileParams,
  GetClubDocumentsParams,
  GetClubDocumentsQueryParams,
  GetClubImagesParams,
  GetClubImagesQueryParams,
  GetClubOverviewParams,
  GetClubsOfUserParams,
  GetClubsQueryParams,
  GetClubUsersParams,
  InviteClubUserBody,
  InviteClubUserParams,
  SetClubCheckedBody,
  SetClubCheckedParams,
  UpdateClubBody,
  createClubWithUserBodyClubNameMin,
  updateClubBodyOneNameMin,
} from '../../src/api/generated/zod/clubs/clubs.zod.ts'
import type { ClubListItem } from '../../src/api/generated/query/model/clubListItem.ts'
import type { ClubMember } from '../../src/api/generated/query/model/clubMember.ts'
import type { ClubStatus } from '../../src/api/generated/query/model/clubStatus.ts'
import type { ClubSummary } from '../../src/api/generated/query/model/clubSummary.ts'
import { isValidIban } from '../../src/lib/iban.ts'
import { donationsOfClub } from '../db/indexes.ts'
import type { Tx } from '../db/store.ts'
import type { ClubRecord, FileKind, FileLabel, FileRecord } from '../db/types.ts'
import { isOpenInvitation } from './club-roles.ts'
import { collator, getClub, getUser, normalizeEmail, sendActionMail, sendMail } from './common.ts'
import { randomId, randomToken } from './crypto.ts'
import { GLOBALS } from './globals.ts'
import { defineOperation, json, noContent, requireCaller } from './operation.ts'
import { invalidField, notFound, problem } from './problem.ts'
import { findUserByEmail } from './session.ts'
import { HOUR_MS, isoInstant, startOfMonth, viennaDay } from './time.ts'
import { insertUser } from './users.ts'
import { FieldErrors, normalizedText } from './validation.ts'
import { accountOfClub, computeCompleteness, filesOfClub, toClub, toPaymentAccount, toStoredFile, toUser } from './views.ts'

const clubTypeName = (tx: Tx, typeId: string): string => tx.table('clubTypes').get(typeId)?.name ?? ''

const toListItem = (tx: Tx, club: ClubRecord): ClubListItem => {
  const account = accountOfClub(tx, club.id)
  return {
    id: club.id,
    name: club.profile.name,
    zvrNumber: club.profile.zvrNumber,
    clubTypeId: club.profile.clubTypeId,
    clubTypeName: clubTypeName(tx, club.profile.clubTypeId),
    status: club.status,
    isChecked: club.isChecked,
    completeness: computeCompleteness(tx, club, filesOfClub(tx, club.id)),
    createdAt: club.createdAt,
    paymentAccount: account ? toPaymentAccount(account) : null,
  }
}

/** ZVR numbers compare as numbers (shorter first); empty ones go last. */
const compareZvr = (a: string, b: string): number =>
  (a === '' ? 1 : 0) - (b === '' ? 1 : 0) || a.length - b.length || (a < b ? -1 : a > b ? 1 : 0)

const CLUB_SORTS: Readonly<Record<string, (a: ClubRecord, b: ClubRecord) => number>> = {
  name: (a, b) => collator.compare(a.profile.name, b.profile.name),
  createdAt: (a, b) => (a.createdAt < b.createdAt ? -1 : a.createdAt > b.createdAt ? 1 : 0),
  status: (a, b) => (a.status < b.status ? -1 : a.status > b.status ? 1 : 0),
  zvrNumber: (a, b) => compareZvr(a.profile.zvrNumber, b.profile.zvrNumber),
}

/** `field,direction` as the contract's `sort` parameters have it. */
export const parseSort = (sort: string): { field: string; descending: boolean } => {
  const [field = '', direction = 'asc'] = sort.split(',')
  return { field, descending: direction === 'desc' }
}

export const pageOf = <T>(items: readonly T[], page: number, size: number) => ({
  items: items.slice(page * size, page * size + size),
  page,
  size,
  totalItems: items.length,
  totalPages: Math.ceil(items.length / size),
})

const addFile = (
  tx: Tx,
  now: number,
  clubId: string,
  kind: FileKind,
  body: { label: FileLabel; name: string; path: string; contentType: string; size: number },
  /** Labels a club has once: a new file replaces the old record (the client removes the old blob). */
  single: boolean,
): FileRecord => {
  const errors = new FieldErrors()
  if (!body.path.startsWith(`clubs/${clubId}/`)) {
    errors.add('path', `Must be inside the club's folder (clubs/${clubId}/…).`, 'invalid_path')
  }
  if (body.label === 'LEGITIMATION_FRONT' || body.label === 'LEGITIMATION_BACK') {
    // The card provider accepts only JPEG scans.
    if (body.contentType !== 'image/jpeg') errors.add('contentType', 'Legitimation scans must be image/jpeg.', 'invalid_value')
    if (!/\.jpe?g$/i.test(body.name)) errors.add('name', 'Legitimation scans must be .jpg or .jpeg files.', 'invalid_format')
  }
  errors.throwIfAny()
  if (single) {
    for (const file of filesOfClub(tx, clubId)) if (file.label === body.label) tx.delete('files', file.id)
  }
  const id = randomId()
  return tx.put('files', id, { id, clubId, kind, ...body, uploadedAt: isoInstant(now) })
}

const removeFile = (tx: Tx, clubId: string, fileId: string, kind: FileKind): void => {
  const file = tx.table('files').get(fileId)
  if (!file || file.clubId !== clubId || file.kind !== kind) {
    throw notFound(kind === 'IMAGE' ? 'Image' : 'Document', fileId)
  }
  tx.delete('files', file.id)
}

const setStatus = (tx: Tx, now: number, club: ClubRecord, status: ClubStatus) =>
  tx.put('clubs', club.id, { ...club, status, updatedAt: isoInstant(now) })

/** The role a registering club's first user gets: Obmann/Obfrau while it exists. */
const firstRepresentativeRole = (tx: Tx, now: number): string => {
  const roles = [...tx.table('clubRoles').values()]
  const role = roles.find((candidate) => candidate.id === 'cr-obmann') ?? roles.find((candidate) => /^obmann|^obfrau/i.test(candidate.name))
  if (role) return role.id
  const id = randomId()
  tx.put('clubRoles', id, { id, name: 'Obmann/Obfrau', createdAt: isoInstant(now) })
  return id
}

const byClubScope = (tx: Tx, clubId: string) => {
  getClub(tx, clubId)
  return { clubId }
}

export const clubOperations = {
  getClubs: defineOperation({
    query: GetClubsQueryParams,
    run: ({ tx }, { query }) => {
      const { field, descending } = parseSort(query.sort)
      const compare = CLUB_SORTS[field] ?? CLUB_SORTS.name!
      const clubs = [...tx.table('clubs').values()]
        .filter((club) => query.clubStatus === 'ALL' || club.status === query.clubStatus)
        .filter((club) => query.clubType === undefined || query.clubType === '' || club.profile.clubTypeId === query.clubType)
        .sort((a, b) => (descending ? -compare(a, b) : compare(a, b)) || CLUB_SORTS.name!(a, b) || (a.id < b.id ? -1 : 1))
      const page = pageOf(clubs, query.page, query.size)
      return json(200, { ...page, items: page.items.map((club) => toListItem(tx, club)) })
    },
  }),

  updateClub: defineOperation({
    body: UpdateClubBody,
    scope: (tx, { body }) => byClubScope(tx, body.id),
    run: ({ tx, now }, { body }) => {
      const { id, ...profile } = body
      const club = getClub(tx, id)
      const name = normalizedText('name', profile.name, updateClubBodyOneNameMin)
      if (profile.clubTypeId !== '' && !tx.table('clubTypes').has(profile.clubTypeId)) throw notFound('Club type', profile.clubTypeId)
      const errors = new FieldErrors()
      if (profile.bankInfo.iban !== '' && !isValidIban(profile.bankInfo.iban)) {
        errors.add('bankInfo.iban', 'The IBAN check digits are wrong.', 'invalid_checksum')
      }
      if (profile.legitimation.birthDate !== null && profile.legitimation.birthDate > viennaDay(now)) {
        errors.add('legitimation.birthDate', 'Must not be in the future.', 'too_big')
      }
      errors.throwIfAny()
      const saved = tx.put('clubs', club.id, { ...club, profile: { ...profile, name }, updatedAt: isoInstant(now) })
      return json(200, toClub(tx, saved))
    },
  }),

  addClubImage: defineOperation({
    params: AddClubImageParams,
    body: AddClubImageBody,
    scope: (tx, { params }) => byClubScope(tx, params.clubId),
    run: ({ tx, now }, { params, body }) => {
      const club = getClub(tx, params.clubId)
      const file = addFile(tx, now, club.id, 'IMAGE', body, body.label !== 'GALLERY')
      return json(200, toStoredFile(file))
    },
  }),

  addClubDocument: defineOperation({
    params: AddClubDocumentParams,
    body: AddClubDocumentBody,
    scope: (tx, { params }) => byClubScope(tx, params.clubId),
    run: ({ tx, now }, { params, body }) => {
      const club = getClub(tx, params.clubId)
      const file = addFile(tx, now, club.id, 'DOCUMENT', body, body.label !== 'OTHER_DOCUMENT')
      return json(200, toStoredFile(file))
    },
  }),

  deactivateClub: defineOperation({
    params: DeactivateClubParams,
    run: ({ tx, now }, { params }) => {
      const club = getClub(tx, params.clubId)
      if (club.status === 'INACTIVE') throw problem('invalid-transition', 'The club is inactive already.')
      return json(200, toClub(tx, setStatus(tx, now, club, 'INACTIVE')))
    },
  }),

  activateClub: defineOperation({
    params: ActivateClubParams,
    run: ({ tx, now }, { params }) => {
      const club = getClub(tx, params.clubId)
      if (club.status === 'ACTIVE') throw problem('invalid-transition', 'The club is active already.')
      const completeness = computeCompleteness(tx, club, filesOfClub(tx, club.id))
      if (!completeness.complete) {
        throw problem(
          'club-incomplete',
          `The profile is incomplete: ${completeness.missing.join(', ')}.`,
          completeness.missing.map((field) => ({ field, message: 'Missing.', code: 'missing' })),
        )
      }
      return json(200, toClub(tx, setStatus(tx, now, club, 'ACTIVE')))
    },
  }),

  setClubChecked: defineOperation({
    params: SetClubCheckedParams,
    body: SetClubCheckedBody,
    run: (ctx, { params, body }) => {
      const caller = requireCaller(ctx)
      const club = getClub(ctx.tx, params.clubId)
      // `checkedAt` is when it was last marked as checked, so un-checking keeps it.
      const saved = ctx.tx.put('clubs', club.id, {
        ...club,
        isChecked: body.isChecked,
        checkedAt: body.isChecked ? isoInstant(ctx.now) : club.checkedAt,
        checkedBy: body.isChecked ? caller.user.uid : club.checkedBy,
        updatedAt: isoInstant(ctx.now),
      })
      return json(200, toClub(ctx.tx, saved))
    },
  }),

  inviteClubUser: defineOperation({
    params: InviteClubUserParams,
    body: InviteClubUserBody,
    scope: (tx, { params }) => byClubScope(tx, params.clubId),
    run: (ctx, { params, body }) => {
      const { tx, now } = ctx
      const caller = requireCaller(ctx)
      const club = getClub(tx, params.clubId)
      const role = tx.table('clubRoles').get(body.clubRoleId)
      if (!role) throw notFound('Club role', body.clubRoleId)
      const email = normalizeEmail(body.email)
      if (findUserByEmail(tx, email)) throw problem('user-exists', `A user with the e-mail address ${email} exists.`)
      // A new invitation to the same address replaces an open one (its link stops working).
      for (const invitation of [...tx.table('invitations').values()]) {
        if (invitation.clubId === club.id && invitation.email === email && invitation.usedAt === null) tx.delete('invitations', invitation.id)
      }
      const id = randomId()
      const token = randomToken(24)
      const expiresAt = isoInstant(now + GLOBALS.invitationValidityHours * HOUR_MS)
      tx.put('invitations', id, {
        id,
        token,
        clubId: club.id,
        email,
        clubRoleId: role.id,
        invitedBy: caller.user.uid,
        createdAt: isoInstant(now),
        expiresAt,
        usedAt: null,
        usedBy: null,
      })
      const link = `/acceptInvitation?token=${encodeURIComponent(token)}`
      sendMail(tx, now, {
        to: email,
        kind: 'INVITATION',
        subject: `Einladung in den Verein ${club.profile.name}`,
        text: `Guten Tag,\n\n${caller.user.firstName} ${caller.user.lastName} lädt Sie ein, im Vereinsportal beim Verein „${club.profile.name}“ als ${role.name} mitzuarbeiten. Öffnen Sie diesen Link, um Ihr Konto anzulegen:\n${link}\n\nDie Einladung ist ${GLOBALS.invitationValidityHours} Stunden gültig.\n\nIhr Vereinsportal-Team`,
        link,
      })
      return json(201, { id, clubId: club.id, email, clubRoleId: role.id, expiresAt })
    },
  }),

  createClubWithUser: defineOperation({
    body: CreateClubWithUserBody,
    run: ({ tx, now }, { body }) => {
      if (!tx.table('clubTypes').has(body.club.clubTypeId)) {
        throw invalidField('club.clubTypeId', 'No club type has this id.', 'unknown_id')
      }
      const name = normalizedText('club.name', body.club.name, createClubWithUserBodyClubNameMin)
      const user = insertUser(
        tx,
        now,
        {
          email: body.user.email,
          password: body.user.password,
          firstName: body.user.firstName,
          lastName: body.user.lastName,
          role: 'ROLE_USER',
          emailVerified: false,
          phoneNumber: body.user.phoneNumber ?? '',
        },
        'user.',
      )
      const id = randomId()
      const club = tx.put('clubs', id, {
        id,
        profile: {
          name,
          zvrNumber: body.club.zvrNumber,
          vatNumber: '',
          donationNumber: '',
          description: '',
          shortDescription: '',
          address: { ...body.club.address },
          bankInfo: { bankName: '', iban: '', bic: '', accountHolder: '' },
          billingAddress: { sameAsClubAddress: true, street: '', houseNumber: '', postalCode: '', city: '', country: '', additionalInformation: '' },
          // The registering person is the usual contact; they can change it in the profile.
          legitimation: {
            firstName: user.firstName,
            lastName: user.lastName,
            phoneNumber: user.phoneNumber,
            birthDate: null,
            email: user.email,
            documentKind: null,
          },
          clubTypeId: body.club.clubTypeId,
          clubSize: body.club.clubSize ?? null,
        },
        status: 'PROCESSING',
        isChecked: false,
        checkedAt: null,
        checkedBy: null,
        createdAt: isoInstant(now),
        updatedAt: isoInstant(now),
      })
      const membershipId = `${id}:${user.uid}`
      tx.put('memberships', membershipId, {
        id: membershipId,
        clubId: id,
        uid: user.uid,
        clubRoleId: firstRepresentativeRole(tx, now),
        createdAt: isoInstant(now),
      })
      sendActionMail(tx, now, 'VERIFY_EMAIL', user)
      return json(201, { club: toClub(tx, club), user: toUser(user) })
    },
  }),

  getClubUsers: defineOperation({
    params: GetClubUsersParams,
    scope: (tx, { params }) => byClubScope(tx, params.clubId),
    run: ({ tx, now }, { params }) => {
      const club = getClub(tx, params.clubId)
      const roleName = (id: string) => tx.table('clubRoles').get(id)?.name ?? ''
      const members: ClubMember[] = []
      for (const membership of tx.table('memberships').values()) {
        if (membership.clubId !== club.id) continue
        const user = tx.table('users').get(membership.uid)
        if (!user) continue
        members.push({
          uid: user.uid,
          email: user.email,
          firstName: user.firstName,
          lastName: user.lastName,
          clubRoleId: membership.clubRoleId,
          clubRoleName: roleName(membership.clubRoleId),
          status: 'ACTIVE',
        })
      }
      members.sort((a, b) => collator.compare(a.lastName, b.lastName) || collator.compare(a.firstName, b.firstName))
      const invited: ClubMember[] = [...tx.table('invitations').values()]
        .filter((invitation) => invitation.clubId === club.id && isOpenInvitation(invitation, now))
        .sort((a, b) => collator.compare(a.email, b.email))
        .map((invitation) => ({
          uid: null,
          email: invitation.email,
          firstName: '',
          lastName: '',
          clubRoleId: invitation.clubRoleId,
          clubRoleName: roleName(invitation.clubRoleId),
          status: 'INVITED',
        }))
      return json(200, [...members, ...invited])
    },
  }),

  getClubImages: defineOperation({
    params: GetClubImagesParams,
    query: GetClubImagesQueryParams,
    scope: (tx, { params }) => byClubScope(tx, params.clubId),
    run: ({ tx }, { params, query }) => {
      const club = getClub(tx, params.clubId)
      const files = filesOfClub(tx, club.id).filter((file) => file.kind === 'IMAGE' && (!query.label || file.label === query.label))
      return json(200, files.map(toStoredFile))
    },
  }),

  getClubDocuments: defineOperation({
    params: GetClubDocumentsParams,
    query: GetClubDocumentsQueryParams,
    scope: (tx, { params }) => byClubScope(tx, params.clubId),
    run: ({ tx }, { params, query }) => {
      const club = getClub(tx, params.clubId)
      const files = filesOfClub(tx, club.id).filter((file) => file.kind === 'DOCUMENT' && (!query.label || file.label === query.label))
      return json(200, files.map(toStoredFile))
    },
  }),

  getClubOverview: defineOperation({
    params: GetClubOverviewParams,
    scope: (tx, { params }) => byClubScope(tx, params.id),
    run: ({ tx, now }, { params }) => {
      const club = getClub(tx, params.id)
      const monthStart = startOfMonth(viennaDay(now))
      let totalCents = 0
      let thisMonthCents = 0
      let thisMonthCount = 0
      const donations = donationsOfClub(tx.map('donations'), club.id)
      for (const donation of donations) {
        totalCents += donation.amountCents
        if (donation.day >= monthStart) {
          thisMonthCents += donation.amountCents
          thisMonthCount += 1
        }
      }
      let campaigns = 0
      let enabled = 0
      for (const campaign of tx.table('campaigns').values()) {
        if (campaign.clubId !== club.id) continue
        campaigns += 1
        if (campaign.enabled) enabled += 1
      }
      let memberCount = 0
      for (const membership of tx.table('memberships').values()) if (membership.clubId === club.id) memberCount += 1
      const account = accountOfClub(tx, club.id)
      return json(200, {
        club: toClub(tx, club),
        clubTypeName: clubTypeName(tx, club.profile.clubTypeId),
        donations: { totalCents, count: donations.length, thisMonthCents, thisMonthCount, currency: 'EUR' },
        campaigns: { total: campaigns, enabled },
        memberCount,
        paymentAccount: account ? toPaymentAccount(account) : null,
      })
    },
  }),

  getClubsOfUser: defineOperation({
    params: GetClubsOfUserParams,
    scope: (_tx, { params }) => ({ uid: params.id }),
    run: ({ tx }, { params }) => {
      const user = getUser(tx, params.id)
      const summaries: ClubSummary[] = []
      for (const membership of tx.table('memberships').values()) {
        if (membership.uid !== user.uid) continue
        const club = tx.table('clubs').get(membership.clubId)
        if (!club) continue
        const logo = filesOfClub(tx, club.id).find((file) => file.label === 'LOGO')
        summaries.push({
          id: club.id,
          name: club.profile.name,
          status: club.status,
          logo: logo ? toStoredFile(logo) : null,
          clubRoleName: tx.table('clubRoles').get(membership.clubRoleId)?.name ?? null,
        })
      }
      return json(200, summaries.sort((a, b) => collator.compare(a.name, b.name)))
    },
  }),

  deleteClubFile: defineOperation({
    params: DeleteClubFileParams,
    body: DeleteClubFileBody,
    scope: (tx, { params }) => byClubScope(tx, params.clubId),
    run: ({ tx }, { params, body }) => {
      removeFile(tx, getClub(tx, params.clubId).id, body.fileId, 'IMAGE')
      return noContent()
    },
  }),

  deleteClubDocument: defineOperation({
    params: DeleteClubDocumentParams,
    body: DeleteClubDocumentBody,
    scope: (tx, { params }) => byClubScope(tx, params.clubId),
    run: ({ tx }, { params, body }) => {
      removeFile(tx, getClub(tx, params.clubId).id, body.fileId, 'DOCUMENT')
      return noContent()
    },
  }),
}
