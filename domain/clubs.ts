/**
 * Clubs: the release list, the profile and its completeness, files, the status state machine, the check
 * mark, members and invitations, and the public registration.
 */
import {
  createClubWithUserBodyClubNameMin,
  deactivateClubBodyReasonMin,
  updateClubBodyOneNameMin,
} from '#openapi/generated/zod/clubs/clubs.zod.ts'
import type { ClubAttentionFilter } from '#openapi/generated/model/clubAttentionFilter.ts'
import type { ClubListItem } from '#openapi/generated/model/clubListItem.ts'
import type { ClubMember } from '#openapi/generated/model/clubMember.ts'
import type { ClubStatus } from '#openapi/generated/model/clubStatus.ts'
import type { ClubSummary } from '#openapi/generated/model/clubSummary.ts'
import { SIGNATURE_MAX_BYTES } from '#checks/file-kind.ts'
import { isValidIban } from '#checks/iban.ts'
import {
  assertDistinctClub,
  checkedRegistrationAddress,
  checkProfileInput,
  isZvrTaken,
  normalizeProfile,
} from './club-checks.ts'
import { change, recordAudit } from './audit.ts'
import {
  applyBankChange,
  bankDetailsDiffer,
  bankReviewDetails,
  checkBicAgainstIban,
  withKnownBankName,
} from './bank-review.ts'
import { requireClubRight, requireRightsToGrant, rightsOf } from './club-rights.ts'
import { clubSearchOf } from './club-search.ts'
import { isOpenInvitation } from './club-roles.ts'
import { collator, getClub, getUser, normalizeName } from './common.ts'
import { claimBlob, filePlaceRule, isFilePlace, releaseBlob } from './files.ts'
import { sendInvitation } from './invitations.ts'
import { clubReleasedMail, verificationMail } from './mails.ts'
import { defineOperations, json, noContent, requireCaller, requireFreshSignIn } from './operation.ts'
import type { ClubAttention, ClubSortField, Ports } from './ports.ts'
import { invalidField, notFound, problem } from './problem.ts'
import type { ClubRecord, FileKind, FileLabel, FileRecord } from './records.ts'
import { isoInstant, startOfMonth, viennaDay } from './time.ts'
import { insertUser } from './users.ts'
import { FieldErrors, normalizedText } from './validation.ts'
import {
  accountOfClub,
  byUploadNewestFirst,
  computeCompleteness,
  currentAccount,
  filesOfClub,
  toBankReview,
  toClub,
  toPaymentAccount,
  toStoredFile,
  toUser,
} from './views.ts'

const clubTypeName = async (ports: Ports, typeId: string): Promise<string> =>
  typeId === '' ? '' : ((await ports.clubTypes.get(typeId))?.name ?? '')

/**
 * The list items of a page of clubs: three lookups for the whole page, not three per club. Only
 * administrators (`withReviewDetails`) get a pending review's bank details in full and the club's documents.
 */
const toListItems = async (
  ports: Ports,
  clubs: readonly ClubRecord[],
  withReviewDetails: boolean,
): Promise<ClubListItem[]> => {
  const ids = clubs.map((club) => club.id)
  const [files, accounts, types] = await Promise.all([
    ports.files.listByClubs(ids),
    ports.paymentAccounts.listByClubs(ids),
    ports.clubTypes.list(),
  ])
  const typeNames = new Map(types.map((type) => [type.id, type.name]))
  return clubs.map((club) => {
    const account = currentAccount(accounts.get(club.id) ?? [])
    const clubFiles = (files.get(club.id) ?? []).sort(byUploadNewestFirst)
    return {
      id: club.id,
      name: club.profile.name,
      zvrNumber: club.profile.zvrNumber,
      clubTypeId: club.profile.clubTypeId,
      clubTypeName: typeNames.get(club.profile.clubTypeId) ?? '',
      status: club.status,
      isChecked: club.isChecked,
      completeness: computeCompleteness(club, clubFiles, typeNames.has(club.profile.clubTypeId)),
      createdAt: club.createdAt,
      paymentAccount: account ? toPaymentAccount(account, club) : null,
      bankReview: toBankReview(club.bankReview),
      bankReviewDetails: withReviewDetails && club.bankReview !== null ? bankReviewDetails(club, clubFiles) : null,
    }
  })
}

const CLUB_SORT_FIELDS: readonly ClubSortField[] = ['name', 'createdAt', 'status', 'zvrNumber']

const ATTENTION: Readonly<Record<ClubAttentionFilter, ClubAttention | null>> = {
  ALL: null,
  BANK_REVIEW_PENDING: 'bank-review-pending',
  UNCHECKED: 'unchecked',
}

/** `field,direction` as the contract's `sort` parameters have it. */
/** A billing address that is the club's own: no separate one, every part empty (registration, the seed). */
export const BILLING_SAME_AS_CLUB: ClubRecord['profile']['billingAddress'] = {
  sameAsClubAddress: true,
  street: '',
  houseNumber: '',
  postalCode: '',
  city: '',
  country: '',
  additionalInformation: '',
}

export const parseSort = (sort: string): { field: string; descending: boolean } => {
  const [field = '', direction = 'asc'] = sort.split(',')
  return { field, descending: direction === 'desc' }
}

/** The contract's page envelope around a slice. */
export const pageOf = <T>(items: T[], totalItems: number, page: number, size: number) => ({
  items,
  page,
  size,
  totalItems,
  totalPages: Math.ceil(totalItems / size),
})

const addFile = async (
  ports: Ports,
  now: number,
  clubId: string,
  kind: FileKind,
  body: { label: FileLabel; name: string; path: string; contentType: string; size: number },
  /** Labels a club has once: a new file replaces the old record (and its blob goes after the commit). */
  single: boolean,
): Promise<FileRecord> => {
  const errors = new FieldErrors()
  const place = { kind: 'club', clubId, label: body.label } as const
  if (!isFilePlace(body.path, place)) errors.add('path', filePlaceRule(place), 'invalid_path')
  if (body.label === 'LEGITIMATION_FRONT' || body.label === 'LEGITIMATION_BACK') {
    // The card provider accepts only JPEG scans.
    if (body.contentType !== 'image/jpeg')
      errors.add('contentType', 'Legitimation scans must be image/jpeg.', 'invalid_value')
    if (!/\.jpe?g$/i.test(body.name))
      errors.add('name', 'Legitimation scans must be .jpg or .jpeg files.', 'invalid_format')
  }
  if (body.label === 'SIGNATURE') {
    // Receipts are PDF/A: it embeds JPEG and PNG, no WebP; and each receipt carries the image again.
    if (body.contentType !== 'image/jpeg' && body.contentType !== 'image/png')
      errors.add('contentType', 'The signature must be image/jpeg or image/png.', 'invalid_value')
    if (body.size > SIGNATURE_MAX_BYTES)
      errors.add('size', `The signature may have at most ${SIGNATURE_MAX_BYTES} bytes.`, 'too_big')
  }
  errors.throwIfAny()
  // The blob must be there as the record describes it (the in-memory store of the mock accepts any).
  await claimBlob(ports, now, body)
  if (single) {
    for (const file of await ports.files.listByClub(clubId)) {
      if (file.label !== body.label) continue
      await ports.files.delete(file.id)
      await releaseBlob(ports, file.path)
    }
  }
  const file: FileRecord = { id: ports.ids.id(), clubId, kind, ...body, uploadedAt: isoInstant(now) }
  await ports.files.insert(file)
  return file
}

const removeFile = async (ports: Ports, clubId: string, fileId: string, kind: FileKind): Promise<void> => {
  const file = await ports.files.get(fileId)
  if (!file || file.clubId !== clubId || file.kind !== kind) {
    throw notFound(kind === 'IMAGE' ? 'Image' : 'Document', fileId)
  }
  await ports.files.delete(file.id)
  await releaseBlob(ports, file.path)
}

/** A release: the status, and the deactivation's reason and time cleared. */
const setStatus = async (ports: Ports, now: number, club: ClubRecord, status: ClubStatus): Promise<ClubRecord> => {
  const saved = { ...club, status, deactivationReason: null, deactivatedAt: null, updatedAt: isoInstant(now) }
  await ports.clubs.update(saved)
  return saved
}

/** The release notice to every person of the club, in address order (in the request's transaction). */
const sendReleaseNotice = async (ports: Ports, club: ClubRecord): Promise<void> => {
  const memberships = await ports.memberships.listByClub(club.id)
  const users = await ports.users.getMany(memberships.map((membership) => membership.uid))
  const recipients = [...users.values()].sort((a, b) => (a.email < b.email ? -1 : a.email > b.email ? 1 : 0))
  for (const user of recipients) {
    await ports.mailer.send(clubReleasedMail(user.email, user.firstName, { id: club.id, name: club.profile.name }))
  }
}

/** The role a registering club's first user gets: Obmann/Obfrau while it exists. */
const firstRepresentativeRole = async (ports: Ports, now: number): Promise<string> => {
  const roles = await ports.clubRoles.list()
  const role =
    roles.find((candidate) => candidate.id === 'cr-obmann') ??
    roles.find((candidate) => /^obmann|^obfrau/i.test(candidate.name))
  if (role) return role.id
  // The club's first person manages its money and members until they hand that on.
  const id = ports.ids.id()
  await ports.clubRoles.insert({
    id,
    name: 'Obmann/Obfrau',
    createdAt: isoInstant(now),
    manageMoney: true,
    manageMembers: true,
  })
  return id
}

const byClubScope = async (ports: Ports, clubId: string) => ({ clubId: (await getClub(ports, clubId)).id })

export const clubOperations = defineOperations({
  getClubs: {
    run: async (ctx, { query }) => {
      const { ports } = ctx
      const { field, descending } = parseSort(query.sort)
      const sort = (CLUB_SORT_FIELDS as readonly string[]).includes(field) ? (field as ClubSortField) : 'name'
      const slice = await ports.clubs.page({
        status: query.clubStatus === 'ALL' ? null : query.clubStatus,
        clubTypeId: query.clubType === undefined || query.clubType === '' ? null : query.clubType,
        search: clubSearchOf(query.q),
        attention: ATTENTION[query.filter],
        sort,
        descending,
        offset: query.page * query.size,
        limit: query.size,
      })
      const admin = requireCaller(ctx).user.role === 'ROLE_ADMIN'
      return json(200, pageOf(await toListItems(ports, slice.items, admin), slice.totalItems, query.page, query.size))
    },
  },

  updateClub: {
    scope: (ports, { body }) => byClubScope(ports, body.id),
    run: async (ctx, { body }) => {
      const { ports, now } = ctx
      const { id, confirmDuplicate = false, ...profile } = body
      const club = await getClub(ports, id)
      if (bankDetailsDiffer(club.profile.bankInfo, profile.bankInfo)) {
        // Who may not change them learns so before being asked to sign in again.
        await requireClubRight(ctx, club.id, 'money')
        requireFreshSignIn(ctx, 'Changing the bank details')
      }
      const name = normalizedText('name', profile.name, updateClubBodyOneNameMin)
      if (profile.clubTypeId !== '' && !(await ports.clubTypes.get(profile.clubTypeId)))
        throw notFound('Club type', profile.clubTypeId)
      const errors = new FieldErrors()
      if (profile.bankInfo.iban !== '' && !isValidIban(profile.bankInfo.iban)) {
        errors.add('bankInfo.iban', 'The IBAN check digits are wrong.', 'invalid_checksum')
      }
      const stored = normalizeProfile({ ...profile, name })
      checkProfileInput(errors, stored, viennaDay(now))
      checkBicAgainstIban(errors, stored.bankInfo)
      errors.throwIfAny()
      await assertDistinctClub(
        ports,
        { zvrNumber: stored.zvrNumber, name: stored.name, postalCode: stored.address.postalCode },
        {
          fields: { zvrNumber: 'zvrNumber', name: 'name', postalCode: 'address.postalCode' },
          confirmed: confirmDuplicate,
          clubId: club.id,
          before: { name: club.profile.name, postalCode: club.profile.address.postalCode },
        },
      )
      // The bank's name follows the IBAN where the portal knows the bank; a change is recorded and may
      // put the payout into review (domain/bank-review.ts).
      const bankInfo = withKnownBankName(stored.bankInfo)
      const bankReview = await applyBankChange(ctx, club, bankInfo)
      const saved: ClubRecord = {
        ...club,
        profile: { ...stored, bankInfo },
        bankReview,
        updatedAt: isoInstant(now),
      }
      await ports.clubs.update(saved)
      return json(200, await toClub(ports, saved))
    },
  },

  addClubImage: {
    scope: (ports, { params }) => byClubScope(ports, params.clubId),
    run: async (ctx, { params, body }) => {
      const { ports, now } = ctx
      const club = await getClub(ports, params.clubId)
      // The signature signs the club's donation receipts: whoever may issue them (the money right) sets it.
      if (body.label === 'SIGNATURE') await requireClubRight(ctx, club.id, 'money')
      const file = await addFile(ports, now, club.id, 'IMAGE', body, body.label !== 'GALLERY')
      return json(200, toStoredFile(file))
    },
  },

  addClubDocument: {
    scope: (ports, { params }) => byClubScope(ports, params.clubId),
    run: async ({ ports, now }, { params, body }) => {
      const club = await getClub(ports, params.clubId)
      const file = await addFile(ports, now, club.id, 'DOCUMENT', body, body.label !== 'OTHER_DOCUMENT')
      return json(200, toStoredFile(file))
    },
  },

  deactivateClub: {
    run: async (ctx, { params, body }) => {
      const { ports, now } = ctx
      const club = await getClub(ports, params.clubId)
      const reason = normalizedText('reason', body.reason, deactivateClubBodyReasonMin)
      if (club.status === 'INACTIVE') throw problem('invalid-transition', 'The club is inactive already.')
      // The reason is the club's to read (its dashboard) until it is released again.
      const saved: ClubRecord = {
        ...club,
        status: 'INACTIVE',
        deactivationReason: reason,
        deactivatedAt: isoInstant(now),
        updatedAt: isoInstant(now),
      }
      await ports.clubs.update(saved)
      await recordAudit(ctx, {
        action: 'CLUB_DEACTIVATED',
        club: saved,
        changes: [change('status', club.status, 'INACTIVE'), change('deactivationReason', null, reason)],
      })
      return json(200, await toClub(ports, saved))
    },
  },

  activateClub: {
    run: async (ctx, { params }) => {
      const { ports, now } = ctx
      const club = await getClub(ports, params.clubId)
      if (club.status === 'ACTIVE') throw problem('invalid-transition', 'The club is active already.')
      const { completeness } = await toClub(ports, club)
      if (!completeness.complete) {
        throw problem(
          'club-incomplete',
          `The profile is incomplete: ${completeness.missing.join(', ')}.`,
          completeness.missing.map((field) => ({ field, message: 'Missing.', code: 'missing' })),
        )
      }
      // Checking is an act of its own, recorded with who and when: a release never stands in for it
      // (docs/decisions/0044-activation-after-the-check.md).
      if (!club.isChecked) {
        throw problem('club-not-checked', 'The club is not marked as checked; mark it as checked first (isChecked).')
      }
      const released = await setStatus(ports, now, club, 'ACTIVE')
      await recordAudit(ctx, {
        action: 'CLUB_ACTIVATED',
        club: released,
        changes: [
          change('status', club.status, 'ACTIVE'),
          ...(club.deactivationReason === null ? [] : [change('deactivationReason', club.deactivationReason, null)]),
        ],
      })
      await sendReleaseNotice(ports, released)
      return json(200, await toClub(ports, released))
    },
  },

  setClubChecked: {
    run: async (ctx, { params, body }) => {
      const caller = requireCaller(ctx)
      const club = await getClub(ctx.ports, params.clubId)
      // `checkedAt` is when it was last marked as checked, so un-checking keeps it.
      const saved: ClubRecord = {
        ...club,
        isChecked: body.isChecked,
        checkedAt: body.isChecked ? isoInstant(ctx.now) : club.checkedAt,
        checkedBy: body.isChecked ? caller.user.uid : club.checkedBy,
        updatedAt: isoInstant(ctx.now),
      }
      await ctx.ports.clubs.update(saved)
      await recordAudit(ctx, {
        action: body.isChecked ? 'CLUB_CHECKED' : 'CLUB_UNCHECKED',
        club: saved,
        changes: [change('isChecked', String(club.isChecked), String(body.isChecked))],
      })
      return json(200, await toClub(ctx.ports, saved))
    },
  },

  inviteClubUser: {
    scope: (ports, { params }) => byClubScope(ports, params.clubId),
    run: async (ctx, { params, body }) => {
      const { ports, now } = ctx
      const caller = requireCaller(ctx)
      const club = await getClub(ports, params.clubId)
      await requireClubRight(ctx, club.id, 'members')
      const role = await ports.clubRoles.get(body.clubRoleId)
      if (!role) throw notFound('Club role', body.clubRoleId)
      await requireRightsToGrant(ctx, club.id, role)
      return json(201, await sendInvitation(ports, now, { club, role, email: body.email, inviter: caller.user }))
    },
  },

  createClubWithUser: {
    run: async ({ ports, now }, { body }) => {
      if (!(await ports.clubTypes.get(body.club.clubTypeId))) {
        throw invalidField('club.clubTypeId', 'No club type has this id.', 'unknown_id')
      }
      const name = normalizeName(normalizedText('club.name', body.club.name, createClubWithUserBodyClubNameMin))
      const address = checkedRegistrationAddress(body.club.address)
      await assertDistinctClub(
        ports,
        { zvrNumber: body.club.zvrNumber, name, postalCode: address.postalCode },
        {
          fields: { zvrNumber: 'club.zvrNumber', name: 'club.name', postalCode: 'club.address.postalCode' },
          confirmed: body.confirmDuplicate ?? false,
        },
      )
      const user = await insertUser(
        ports,
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
      const id = ports.ids.id()
      const club: ClubRecord = {
        id,
        profile: {
          name,
          zvrNumber: body.club.zvrNumber,
          vatNumber: '',
          donationNumber: '',
          description: '',
          shortDescription: '',
          address,
          bankInfo: { bankName: '', iban: '', bic: '', accountHolder: '' },
          billingAddress: { ...BILLING_SAME_AS_CLUB },
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
        bankReview: null,
        deactivationReason: null,
        deactivatedAt: null,
        createdAt: isoInstant(now),
        updatedAt: isoInstant(now),
      }
      await ports.clubs.insert(club)
      await ports.memberships.insert({
        id: `${id}:${user.uid}`,
        clubId: id,
        uid: user.uid,
        clubRoleId: await firstRepresentativeRole(ports, now),
        createdAt: isoInstant(now),
      })
      const code = await ports.identity.emailVerificationCode(user.uid, user.email, now)
      await ports.mailer.send(verificationMail(user.email, user.firstName, code))
      return json(201, { club: await toClub(ports, club), user: toUser(user) })
    },
  },

  checkZvrAvailability: {
    // Only free or not: which club has the number is none of an anonymous caller's business, and the
    // registration decides again anyway (docs/decisions/0043-zvr-check-before-the-last-step.md).
    run: async ({ ports }, { query }) => json(200, { available: !(await isZvrTaken(ports, query.zvr)) }),
  },

  getClubUsers: {
    scope: (ports, { params }) => byClubScope(ports, params.clubId),
    run: async ({ ports, now }, { params }) => {
      const club = await getClub(ports, params.clubId)
      const [memberships, invitations, roles] = await Promise.all([
        ports.memberships.listByClub(club.id),
        ports.invitations.listByClub(club.id),
        ports.clubRoles.list(),
      ])
      const rolesById = new Map(roles.map((role) => [role.id, role]))
      const roleName = (id: string) => rolesById.get(id)?.name ?? ''
      const users = await ports.users.getMany(memberships.map((membership) => membership.uid))
      const members: ClubMember[] = []
      for (const membership of memberships) {
        const user = users.get(membership.uid)
        if (!user) continue
        members.push({
          uid: user.uid,
          invitationId: null,
          email: user.email,
          firstName: user.firstName,
          lastName: user.lastName,
          clubRoleId: membership.clubRoleId,
          clubRoleName: roleName(membership.clubRoleId),
          ...rightsOf(rolesById.get(membership.clubRoleId)),
          status: 'ACTIVE',
        })
      }
      members.sort((a, b) => collator.compare(a.lastName, b.lastName) || collator.compare(a.firstName, b.firstName))
      const invited: ClubMember[] = invitations
        .filter((invitation) => isOpenInvitation(invitation, now))
        .sort((a, b) => collator.compare(a.email, b.email))
        .map((invitation) => ({
          uid: null,
          invitationId: invitation.id,
          email: invitation.email,
          firstName: '',
          lastName: '',
          clubRoleId: invitation.clubRoleId,
          clubRoleName: roleName(invitation.clubRoleId),
          ...rightsOf(rolesById.get(invitation.clubRoleId)),
          status: 'INVITED',
        }))
      return json(200, [...members, ...invited])
    },
  },

  getClubImages: {
    scope: (ports, { params }) => byClubScope(ports, params.clubId),
    run: async ({ ports }, { params, query }) => {
      const club = await getClub(ports, params.clubId)
      const files = (await filesOfClub(ports, club.id)).filter(
        (file) => file.kind === 'IMAGE' && (!query.label || file.label === query.label),
      )
      return json(200, files.map(toStoredFile))
    },
  },

  getClubDocuments: {
    scope: (ports, { params }) => byClubScope(ports, params.clubId),
    run: async ({ ports }, { params, query }) => {
      const club = await getClub(ports, params.clubId)
      const files = (await filesOfClub(ports, club.id)).filter(
        (file) => file.kind === 'DOCUMENT' && (!query.label || file.label === query.label),
      )
      return json(200, files.map(toStoredFile))
    },
  },

  getClubOverview: {
    scope: (ports, { params }) => byClubScope(ports, params.id),
    run: async ({ ports, now }, { params }) => {
      const club = await getClub(ports, params.id)
      const [view, typeName, totals, campaigns, memberCount, account] = await Promise.all([
        toClub(ports, club),
        clubTypeName(ports, club.profile.clubTypeId),
        ports.donations.clubTotals(club.id, startOfMonth(viennaDay(now))),
        ports.campaigns.countsOfClub(club.id),
        ports.memberships.countByClub(club.id),
        accountOfClub(ports, club.id),
      ])
      return json(200, {
        club: view,
        clubTypeName: typeName,
        donations: {
          totalCents: totals.all.cents,
          count: totals.all.count,
          thisMonthCents: totals.since.cents,
          thisMonthCount: totals.since.count,
          currency: 'EUR',
        },
        campaigns,
        memberCount,
        paymentAccount: account ? toPaymentAccount(account, club) : null,
      })
    },
  },

  getClubsOfUser: {
    scope: async (_ports, { params }) => ({ uid: params.id }),
    run: async ({ ports }, { params }) => {
      const user = await getUser(ports, params.id)
      const memberships = await ports.memberships.listByUser(user.uid)
      const clubIds = memberships.map((membership) => membership.clubId)
      const [clubs, files, roles] = await Promise.all([
        ports.clubs.getMany(clubIds),
        ports.files.listByClubs(clubIds),
        ports.clubRoles.list(),
      ])
      const rolesById = new Map(roles.map((role) => [role.id, role]))
      const summaries: ClubSummary[] = []
      for (const membership of memberships) {
        const club = clubs.get(membership.clubId)
        if (!club) continue
        const logo = (files.get(club.id) ?? []).sort(byUploadNewestFirst).find((file) => file.label === 'LOGO')
        summaries.push({
          id: club.id,
          name: club.profile.name,
          status: club.status,
          logo: logo ? toStoredFile(logo) : null,
          clubRoleName: rolesById.get(membership.clubRoleId)?.name ?? null,
          ...rightsOf(rolesById.get(membership.clubRoleId)),
        })
      }
      return json(
        200,
        summaries.sort((a, b) => collator.compare(a.name, b.name)),
      )
    },
  },

  deleteClubFile: {
    scope: (ports, { params }) => byClubScope(ports, params.clubId),
    run: async (ctx, { params, body }) => {
      const club = await getClub(ctx.ports, params.clubId)
      const file = await ctx.ports.files.get(body.fileId)
      // Taking the signature off the receipts needs the right that set it.
      if (file?.clubId === club.id && file.label === 'SIGNATURE') await requireClubRight(ctx, club.id, 'money')
      await removeFile(ctx.ports, club.id, body.fileId, 'IMAGE')
      return noContent()
    },
  },

  deleteClubDocument: {
    scope: (ports, { params }) => byClubScope(ports, params.clubId),
    run: async ({ ports }, { params, body }) => {
      await removeFile(ports, (await getClub(ports, params.clubId)).id, body.fileId, 'DOCUMENT')
      return noContent()
    },
  },
})
