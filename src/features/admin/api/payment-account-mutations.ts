import { t } from '@lingui/core/macro'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { toast } from 'sonner'
import {
  createPaymentAccount,
  deletePaymentAccount,
  rejectPaymentAccount,
} from '@/api/generated/query/endpoints/payments/payments'
import { invalidateClubs } from './query-keys'

interface AccountRef {
  accountId: string
  clubId: string
}

export const useCreatePaymentAccountMutation = () => {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (clubId: string) => createPaymentAccount(clubId),
    onSuccess: () => toast.success(t`Zahlungskonto wurde angelegt.`),
    // Also after a failure: the conflict (an account exists, the club is no longer active) means the list is stale.
    onSettled: () => invalidateClubs(queryClient),
  })
}

export const useRejectPaymentAccountMutation = () => {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ accountId, clubId, reason }: AccountRef & { reason: string }) =>
      rejectPaymentAccount(accountId, clubId, { reason }),
    onSuccess: () => toast.success(t`Zahlungskonto wurde deaktiviert.`),
    onSettled: () => invalidateClubs(queryClient),
  })
}

export const useDeletePaymentAccountMutation = () => {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ accountId, clubId }: AccountRef) => deletePaymentAccount(accountId, clubId),
    onSuccess: () => toast.success(t`Zahlungskonto wurde gelöscht.`),
    onSettled: () => invalidateClubs(queryClient),
  })
}
