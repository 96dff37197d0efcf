/** Every operation of the contract, by operationId. The type makes a missing or extra one a compile error. */
import type { OperationId } from '#openapi/generated/operations.ts'
import { appLogoOperations } from './app-logo.ts'
import { auditOperations } from './audit.ts'
import { bankReviewOperations } from './bank-review.ts'
import { campaignOperations } from './campaigns.ts'
import { clubRoleOperations } from './club-roles.ts'
import { clubTypeOperations } from './club-types.ts'
import { clubOperations } from './clubs.ts'
import { donationOperations } from './donations.ts'
import { fileOperations } from './files.ts'
import { givingOperations } from './giving.ts'
import { otherOperations } from './globals.ts'
import { invitationOperations } from './invitations.ts'
import { memberOperations } from './members.ts'
import type { AnyOperation } from './operation.ts'
import { paymentEventOperations } from './payment-events.ts'
import { paymentOperations } from './payments.ts'
import { receiptOperations } from './receipts.ts'
import { taxOperations } from './tax.ts'
import { userOperations } from './users.ts'

const all = {
  ...userOperations,
  ...clubTypeOperations,
  ...clubRoleOperations,
  ...clubOperations,
  ...bankReviewOperations,
  ...invitationOperations,
  ...memberOperations,
  ...campaignOperations,
  ...appLogoOperations,
  ...paymentOperations,
  ...paymentEventOperations,
  ...givingOperations,
  ...auditOperations,
  ...donationOperations,
  ...otherOperations,
  ...fileOperations,
  ...taxOperations,
  ...receiptOperations,
}

// Both directions: every operation of the contract has an implementation, and nothing is implemented
// that the contract does not have.
type Exact<A, B> = [Exclude<keyof A, B>, Exclude<B, keyof A>] extends [never, never] ? A : never
export const OPERATIONS: Record<OperationId, AnyOperation> = all satisfies Exact<typeof all, OperationId>
