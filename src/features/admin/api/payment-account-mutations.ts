import { t } from '@lingui/core/macro'
import { useQueryClient } from '@tanstack/react-query'
import { toast } from '#src/lib/toast.ts'
import {
  useCreatePaymentAccount,
  useDeletePaymentAccount,
  useRejectPaymentAccount,
} from '#src/api/generated/query/endpoints/payments/payments.ts'
import { invalidateClubs } from './invalidate-clubs.ts'

/**
 * The success toast, and fresh club reads also after a failure: a conflict (an account exists, the club is
 * no longer active, the account changed state) means the list is stale.
 */
const useAccountOptions = (success: () => string) => {
  const queryClient = useQueryClient()
  return {
    onSuccess: () => toast.success(success()),
    onSettled: () => invalidateClubs(queryClient),
  }
}

export const useCreatePaymentAccountMutation = () =>
  useCreatePaymentAccount({ mutation: useAccountOptions(() => t`Zahlungskonto wurde angelegt.`) })

export const useRejectPaymentAccountMutation = () =>
  useRejectPaymentAccount({ mutation: useAccountOptions(() => t`Zahlungskonto wurde deaktiviert.`) })

export const useDeletePaymentAccountMutation = () =>
  useDeletePaymentAccount({ mutation: useAccountOptions(() => t`Zahlungskonto wurde gelöscht.`) })
