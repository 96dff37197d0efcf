import { t } from '@lingui/core/macro'
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query'
import { toast } from 'sonner'
import { activateClub, deactivateClub, setClubChecked } from '@/api/generated/query/endpoints/clubs/clubs'
import type { Club } from '@/api/generated/query/model/club'
import type { ClubPage } from '@/api/generated/query/model/clubPage'
import { invalidateClubs } from './query-keys'

/** The release list shows the new state at once; the refetch that follows brings filters and counts up to date. */
const patchListedClub = (queryClient: QueryClient, club: Club) => {
  queryClient.setQueriesData<ClubPage>({ queryKey: ['/club'] }, (page) =>
    page && Array.isArray(page.items)
      ? {
          ...page,
          items: page.items.map((item) =>
            item.id === club.id
              ? { ...item, status: club.status, isChecked: club.isChecked, completeness: club.completeness }
              : item,
          ),
        }
      : page,
  )
}

const useClubMutation = (request: (clubId: string) => Promise<Club>, success: (club: Club) => string) => {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: request,
    onSuccess: (club) => {
      patchListedClub(queryClient, club)
      toast.success(success(club))
    },
    // Also after a failure (another administrator changed the club meanwhile): the list is stale then.
    onSettled: () => invalidateClubs(queryClient),
  })
}

export const useActivateClubMutation = () =>
  useClubMutation(activateClub, (club) => t`${club.name} ist jetzt aktiv (freigegeben).`)

export const useDeactivateClubMutation = () =>
  useClubMutation(deactivateClub, (club) => t`${club.name} ist jetzt inaktiv.`)

export const useSetClubCheckedMutation = () => {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ clubId, isChecked }: { clubId: string; isChecked: boolean }) =>
      setClubChecked(clubId, { isChecked }),
    onSuccess: (club) => {
      patchListedClub(queryClient, club)
      toast.success(
        club.isChecked
          ? t`${club.name} ist als geprüft markiert.`
          : t`Der Prüfvermerk von ${club.name} wurde entfernt.`,
      )
    },
    onSettled: () => invalidateClubs(queryClient),
  })
}
