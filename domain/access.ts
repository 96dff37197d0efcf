/**
 * The server-side permission matrix: who may call which operation. One table, checked against every
 * operation's `x-access` in openapi/portal.yaml by access.test.ts, so the contract and the mocked
 * backend cannot disagree.
 */
import type { Role } from '#openapi/generated/model/role.ts'

export type AccessRule = 'ANYONE' | 'SIGNED_IN' | 'ADMIN' | 'STAFF' | 'CLUB_MEMBER' | 'SELF' | 'UNCONFIRMED'

/**
 * `UNCONFIRMED` grants nothing by itself: it lets a caller whose e-mail address is not confirmed yet use
 * the operation its other rules allow. Every other operation answers such a caller 403
 * `email-not-verified`.
 */
export const allowsUnconfirmed = (rules: readonly AccessRule[]): boolean => rules.includes('UNCONFIRMED')

export const ACCESS = {
  // users
  getUsers: ['ADMIN'],
  createUser: ['ADMIN'],
  updateUser: ['ADMIN'],
  getCurrentUser: ['SIGNED_IN', 'UNCONFIRMED'],
  updateUserPassword: ['SIGNED_IN'],
  registerViaInvite: ['ANYONE'],
  getInvitation: ['ANYONE'],
  acceptInvitation: ['SIGNED_IN'],
  deleteUser: ['ADMIN'],
  getUserDeletionImpact: ['ADMIN'],
  // club types
  getClubTypes: ['ANYONE'],
  createClubType: ['ADMIN'],
  updateClubType: ['ADMIN'],
  deleteClubType: ['ADMIN'],
  // club roles
  getClubRoles: ['SIGNED_IN'],
  createClubRole: ['ADMIN'],
  updateClubRole: ['ADMIN'],
  deleteClubRole: ['ADMIN'],
  // clubs
  getClubs: ['ADMIN', 'STAFF'],
  updateClub: ['ADMIN', 'CLUB_MEMBER'],
  addClubImage: ['ADMIN', 'CLUB_MEMBER'],
  addClubDocument: ['ADMIN', 'CLUB_MEMBER'],
  deactivateClub: ['ADMIN'],
  activateClub: ['ADMIN'],
  setClubChecked: ['ADMIN'],
  confirmBankReview: ['ADMIN'],
  inviteClubUser: ['ADMIN', 'CLUB_MEMBER'],
  createClubWithUser: ['ANYONE'],
  getClubUsers: ['ADMIN', 'STAFF', 'CLUB_MEMBER'],
  removeClubMember: ['ADMIN', 'CLUB_MEMBER'],
  withdrawClubInvitation: ['ADMIN', 'CLUB_MEMBER'],
  resendClubInvitation: ['ADMIN', 'CLUB_MEMBER'],
  getClubImages: ['ADMIN', 'STAFF', 'CLUB_MEMBER'],
  getClubDocuments: ['ADMIN', 'STAFF', 'CLUB_MEMBER'],
  getClubOverview: ['ADMIN', 'STAFF', 'CLUB_MEMBER'],
  getClubsOfUser: ['SELF', 'ADMIN', 'STAFF'],
  deleteClubFile: ['ADMIN', 'CLUB_MEMBER'],
  deleteClubDocument: ['ADMIN', 'CLUB_MEMBER'],
  // campaigns
  createCampaign: ['ADMIN', 'CLUB_MEMBER'],
  updateCampaign: ['ADMIN', 'CLUB_MEMBER'],
  getCampaign: ['ADMIN', 'STAFF', 'CLUB_MEMBER'],
  deleteCampaign: ['ADMIN', 'CLUB_MEMBER'],
  getCampaignsOfClub: ['ADMIN', 'STAFF', 'CLUB_MEMBER'],
  // app logo
  getAppLogo: ['ANYONE'],
  createAppLogo: ['ADMIN'],
  replaceAppLogo: ['ADMIN'],
  deleteAppLogo: ['ADMIN'],
  getAppLogoFile: ['ANYONE'],
  // payments
  createPaymentAccount: ['ADMIN'],
  getPaymentAccount: ['ADMIN', 'STAFF', 'CLUB_MEMBER'],
  createOnboardingLink: ['ADMIN', 'CLUB_MEMBER'],
  rejectPaymentAccount: ['ADMIN'],
  deletePaymentAccount: ['ADMIN'],
  // donations
  getDonationsOfClub: ['ADMIN', 'STAFF', 'CLUB_MEMBER'],
  getDonationStatsOfClub: ['ADMIN', 'STAFF', 'CLUB_MEMBER'],
  getDonationsOfCampaign: ['ADMIN', 'STAFF', 'CLUB_MEMBER'],
  // audit log
  getAuditLog: ['ADMIN'],
  getClubAuditLog: ['ADMIN'],
  // other
  getGlobals: ['SIGNED_IN', 'UNCONFIRMED'],
  getCountries: ['ANYONE'],
  // files (the server's storage)
  uploadFile: ['ADMIN', 'CLUB_MEMBER'],
  discardUpload: ['ADMIN', 'CLUB_MEMBER'],
  getFileLink: ['ADMIN', 'STAFF', 'CLUB_MEMBER'],
  downloadFile: ['ANYONE'],
} as const satisfies Record<string, readonly AccessRule[]>

export type OperationId = keyof typeof ACCESS

export const OPERATION_IDS = Object.keys(ACCESS) as OperationId[]

/** What the request is about, for the rules that depend on it. */
export interface AccessScope {
  /** The club named in the path or body (or the club of the named campaign). */
  clubId?: string
  /** The user named in the path. */
  uid?: string
}

export interface AccessSubject {
  uid: string
  role: Role
  /** The clubs the caller belongs to. */
  clubIds: ReadonlySet<string>
}

const ROLE_RULES: Partial<Record<Role, AccessRule>> = { ROLE_ADMIN: 'ADMIN', ROLE_STAFF: 'STAFF' }

/** Whether any rule grants access by role alone (no need to look at the resource). */
export const grantedByRole = (rules: readonly AccessRule[], subject: AccessSubject | null): boolean => {
  if (rules.includes('ANYONE')) return true
  if (!subject) return false
  if (rules.includes('SIGNED_IN')) return true
  const rule = ROLE_RULES[subject.role]
  return rule !== undefined && rules.includes(rule)
}

/** Whether the rules could grant access once the resource is known (so validation comes before 403). */
export const dependsOnResource = (rules: readonly AccessRule[]): boolean =>
  rules.includes('CLUB_MEMBER') || rules.includes('SELF')

export const granted = (rules: readonly AccessRule[], subject: AccessSubject | null, scope: AccessScope): boolean => {
  if (grantedByRole(rules, subject)) return true
  if (!subject) return false
  if (rules.includes('CLUB_MEMBER') && scope.clubId !== undefined && subject.clubIds.has(scope.clubId)) return true
  if (rules.includes('SELF') && scope.uid !== undefined && scope.uid === subject.uid) return true
  return false
}
