import { t } from '@lingui/core/macro'
import { useQueryClient } from '@tanstack/react-query'
import { toast } from '#src/lib/toast.ts'
import { useUpdateClub } from '#src/api/generated/query/endpoints/clubs/clubs.ts'
import { notReauthenticatedMessage, problemKind, toastSaveFailure } from '#src/lib/api-errors.ts'
import { invalidateClub, putClubIntoOverview } from '#src/lib/club-cache.ts'

/** `PUT club`: the saved club straight into the overview, fresh reads of everything that shows it, toasts. */
export const useSaveClub = () => {
  const queryClient = useQueryClient()
  return useUpdateClub({
    mutation: {
      onSuccess: (club) => {
        putClubIntoOverview(queryClient, club)
        void invalidateClub(queryClient, club.id)
        toast.success(t`Vereinsdaten wurden aktualisiert`)
      },
      onError: (error) => {
        // A taken ZVR number is shown at its field, a possible duplicate is asked about: no toast for those.
        const kind = problemKind(error)
        if (kind === 'zvr-taken' || kind === 'possible-duplicate') return
        // Changed bank details from a member whose club role may not manage the club's money.
        if (kind === 'club-right-missing') {
          toast.error(
            t`Ihre Rolle im Verein darf die Bankverbindung nicht ändern. Das dürfen nur Personen, deren Rolle Geld verwalten darf (zum Beispiel Obmann/Obfrau oder Kassier/in), und die Administration.`,
          )
          return
        }
        const notReauthenticated = notReauthenticatedMessage(error)
        if (notReauthenticated) toast.error(notReauthenticated)
        else toastSaveFailure(t`Fehler beim Aktualisieren der Vereinsdaten`, error)
      },
    },
  })
}
