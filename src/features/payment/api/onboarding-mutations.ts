import { useQueryClient } from '@tanstack/react-query'
import {
  getGetPaymentAccountQueryKey,
  useCreateOnboardingLink,
} from '@/api/generated/query/endpoints/payments/payments'

/**
 * A fresh single-use link to the provider's hosted onboarding for the club's account. After a conflict
 * (the account is no longer in onboarding) the account state is read again.
 */
export const useCreateOnboardingLinkMutation = () => {
  const queryClient = useQueryClient()
  return useCreateOnboardingLink({
    mutation: {
      onError: (_error, { clubId }) =>
        queryClient.invalidateQueries({ queryKey: getGetPaymentAccountQueryKey(clubId) }),
    },
  })
}
