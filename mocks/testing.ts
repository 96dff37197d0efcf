/**
 * Helpers for tests that use the mocked backend of mocks/node.ts without going through the network.
 */
import { mintIdToken } from './domain/identity.ts'
import { findUserByEmail } from './domain/session.ts'
import { mailbox } from './domain/control.ts'
import type { Mail } from './domain/control.ts'
import { backend } from './node.ts'

/** A valid ID token for a user of the current store (e.g. a seed account), as the offline sign-in issues it. */
export const idTokenFor = (email: string): string =>
  backend.store.read((tx) => {
    const user = findUserByEmail(tx, email)
    if (!user) throw new Error(`No user with the e-mail address ${email} in the mocked backend.`)
    return mintIdToken(user, backend.now(), tx.singleton('faults').tokenLifetimeSeconds)
  })

/** The mails the backend has "sent", newest first. */
export const sentMails = (): Mail[] => backend.store.read((tx) => mailbox(tx))
