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
