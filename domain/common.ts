/** Small rules and lookups several resources share. */
import { visibleText } from '#checks/input-checks.ts'
import type { Ports } from './ports.ts'
import { notFound } from './problem.ts'
import type { CampaignRecord, ClubRecord, UserRecord } from './records.ts'

/** German collation for the short lists the domain sorts itself (users, types, roles, members). */
export const collator = new Intl.Collator('de', { sensitivity: 'base', numeric: true })

export const normalizeEmail = (email: string): string => email.trim().toLowerCase()

/** Names are compared without case and surrounding or repeated spaces. */
export const normalizeName = (name: string): string => name.trim().replace(/\s+/g, ' ')
/** Whether two names read the same: case, spacing and zero-width characters aside. */
export const sameName = (a: string, b: string): boolean =>
  normalizeName(visibleText(a)).toLocaleLowerCase('de') === normalizeName(visibleText(b)).toLocaleLowerCase('de')

export const getClub = async (ports: Ports, clubId: string): Promise<ClubRecord> => {
  const club = await ports.clubs.get(clubId)
  if (!club) throw notFound('Club', clubId)
  return club
}

export const getCampaign = async (ports: Ports, documentId: string): Promise<CampaignRecord> => {
  const campaign = await ports.campaigns.get(documentId)
  if (!campaign) throw notFound('Campaign', documentId)
  return campaign
}

export const getUser = async (ports: Ports, uid: string): Promise<UserRecord> => {
  const user = await ports.users.get(uid)
  if (!user) throw notFound('User', uid)
  return user
}

/** Newest first, then by id, for lists ordered by an ISO instant. */
export const newestFirst =
  <T>(instant: (item: T) => string, id: (item: T) => string) =>
  (a: T, b: T): number => {
    const x = instant(a)
    const y = instant(b)
    return x < y ? 1 : x > y ? -1 : id(a) < id(b) ? 1 : -1
  }
