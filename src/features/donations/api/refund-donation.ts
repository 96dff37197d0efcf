import { t } from '@lingui/core/macro'
import { useQueryClient } from '@tanstack/react-query'
import { useRefundDonation } from '#src/api/generated/query/endpoints/donations/donations.ts'
import { isDonationQuery } from '#src/lib/query-keys.ts'
import { toast } from '#src/lib/toast.ts'

/**
 * The card provider confirms a refund with an event shortly after it took the request (the simulated one
 * within a moment); the list asks again after this long, so the new status shows without a reload.
 */
export const PROVIDER_EVENT_DELAY_MS = 2000

/**
 * `POST /donations/{donationId}/refund` with the dialog's `Idempotency-Key`: a submit sent again (after a
 * timeout or an error whose answer never arrived) carries the same key, so the provider refunds once. A
 * fresh sign-in, when the backend asks for one, is the transport's (src/api/client.ts) and the shell's
 * password dialog.
 */
export const useRefundDonationMutation = (idempotencyKey: string) => {
  const queryClient = useQueryClient()
  return useRefundDonation({
    request: { headers: { 'Idempotency-Key': idempotencyKey } },
    mutation: {
      onSuccess: (donation) => {
        toast.success(
          t`Die Erstattung wurde beim Zahlungsanbieter beauftragt. Der Status der Spende ändert sich, sobald er sie bestätigt.`,
        )
        const refresh = () => void queryClient.invalidateQueries({ predicate: isDonationQuery(donation.clubId) })
        refresh()
        setTimeout(refresh, PROVIDER_EVENT_DELAY_MS)
      },
    },
  })
}
