import { useMutation, useQueryClient } from '@tanstack/react-query'
import { createOnboardingLink, getGetPaymentAccountQueryKey } from '@/api/generated/query/endpoints/payments/payments'

/**
 * A fresh single-use link to the provider's hosted onboarding for the club's account. After a conflict
 * (the account is no longer in onboarding) the account state is read again.
 */
export const useCreateOnboardingLinkMutation = (clubId: string) => {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: () => createOnboardingLink(clubId),
    onError: () => queryClient.invalidateQueries({ queryKey: getGetPaymentAccountQueryKey(clubId) }),
  })
}
