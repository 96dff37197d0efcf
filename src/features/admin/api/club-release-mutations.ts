import { t } from '@lingui/core/macro'
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query'
import { toast } from '#src/lib/toast.ts'
import {
  activateClub,
  setClubChecked,
  useActivateClub,
  useConfirmBankReview,
  useDeactivateClub,
  useSetClubChecked,
} from '#src/api/generated/query/endpoints/clubs/clubs.ts'
import type { Club } from '#openapi/generated/model/club.ts'
import type { ClubPage } from '#openapi/generated/model/clubPage.ts'
import { isClubListQuery } from '#src/lib/query-keys.ts'
import { invalidateClubs } from './invalidate-clubs.ts'

/** The release list shows the new state at once; the refetch that follows brings filters and counts up to date. */
const patchListedClub = (queryClient: QueryClient, club: Club) => {
  queryClient.setQueriesData<ClubPage>({ predicate: isClubListQuery }, (page) =>
    page && Array.isArray(page.items)
      ? {
          ...page,
          items: page.items.map((item) =>
            item.id === club.id
              ? {
                  ...item,
                  status: club.status,
                  isChecked: club.isChecked,
                  completeness: club.completeness,
                  bankReview: club.bankReview,
                }
              : item,
          ),
        }
      : page,
  )
}

/** What every release action does: the list patched, the toast, and fresh club reads. */
const useReleaseOptions = (success: (club: Club) => string) => {
  const queryClient = useQueryClient()
  return {
    onSuccess: (club: Club) => {
      patchListedClub(queryClient, club)
      toast.success(success(club))
    },
    // Also after a failure (another administrator changed the club meanwhile): the list is stale then.
    onSettled: () => invalidateClubs(queryClient),
  }
}

export const useActivateClubMutation = () =>
  useActivateClub({ mutation: useReleaseOptions((club) => t`${club.name} ist jetzt aktiv (freigegeben).`) })

/**
 * The release of a club nobody has marked as checked yet, once the administrator has confirmed that they
 * checked it: the check mark first (the backend releases only checked clubs), then the release. Should the
 * release fail, the mark stays: the club was checked.
 */
export const useCheckAndActivateClubMutation = () => {
  const queryClient = useQueryClient()
  const release = useReleaseOptions((club) => t`${club.name} ist als geprüft markiert und jetzt aktiv (freigegeben).`)
  return useMutation({
    mutationFn: async ({ clubId }: { clubId: string }) => {
      patchListedClub(queryClient, await setClubChecked(clubId, { isChecked: true }))
      return activateClub(clubId)
    },
    ...release,
  })
}

export const useDeactivateClubMutation = () =>
  useDeactivateClub({ mutation: useReleaseOptions((club) => t`${club.name} ist jetzt inaktiv.`) })

export const useConfirmBankReviewMutation = () =>
  useConfirmBankReview({
    mutation: useReleaseOptions((club) => t`Die neue Bankverbindung von ${club.name} ist bestätigt.`),
  })

export const useSetClubCheckedMutation = () =>
  useSetClubChecked({
    mutation: useReleaseOptions((club) =>
      club.isChecked ? t`${club.name} ist als geprüft markiert.` : t`Der Prüfvermerk von ${club.name} wurde entfernt.`,
    ),
  })
