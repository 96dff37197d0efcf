/**
 * Helpers for tests that use the mocked backend of mocks/node.ts without going through the network.
 * Synchronous on purpose: component tests ask for a token while they render.
 */
import type { Mail } from './control/control.ts'
import { mailbox } from './control/control.ts'
import { backend } from './node.ts'

/** A valid ID token for a user of the current store (e.g. a seed account), as the offline sign-in issues it. */
export const idTokenFor = (email: string): string => backend.idTokenFor(email)

/** The mails the backend has "sent", newest first. */
export const sentMails = (): Mail[] => backend.store.read((tx) => mailbox(tx))

/** The uid and address of a member of the club holding `clubRoleId` (the seed's generated board members). */
export const memberWithRole = (clubId: string, clubRoleId: string): { uid: string; email: string } =>
  backend.store.read((tx) => {
    const membership = [...tx.table('memberships').values()].find(
      (candidate) => candidate.clubId === clubId && candidate.clubRoleId === clubRoleId,
    )
    const user = membership && tx.table('users').get(membership.uid)
    if (!user) throw new Error(`Nobody holds ${clubRoleId} in ${clubId}.`)
    return { uid: user.uid, email: user.email }
  })

/** Gives a member of the club another club role in the store itself: a test's setup, past the rules. */
export const setClubRole = (clubId: string, uid: string, clubRoleId: string): void =>
  backend.store.transact((tx) => {
    const membership = tx.table('memberships').get(`${clubId}:${uid}`)
    if (!membership) throw new Error(`${uid} is no member of ${clubId}.`)
    tx.put('memberships', membership.id, { ...membership, clubRoleId })
  })

/** Sets a club role's rights in the store itself (a test's setup). */
export const setClubRoleRights = (clubRoleId: string, rights: { manageMoney: boolean; manageMembers: boolean }) =>
  backend.store.transact((tx) => {
    const role = tx.table('clubRoles').get(clubRoleId)
    if (!role) throw new Error(`No club role ${clubRoleId}.`)
    tx.put('clubRoles', role.id, { ...role, ...rights })
  })
