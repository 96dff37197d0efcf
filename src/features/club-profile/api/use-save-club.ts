import { t } from '@lingui/core/macro'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { toast } from 'sonner'
import { updateClub } from '@/api/generated/query/endpoints/clubs/clubs'
import type { ClubUpdate } from '@/api/generated/query/model/clubUpdate'
import { invalidateClub, putClubIntoOverview } from './club-cache'

/**
 * `PUT club`. The generated client has no mutation hook (orval emits query hooks for every verb with
 * `useQuery: true`), so the generated request function runs in a mutation here.
 */
export const useSaveClub = (clubId: string) => {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: ClubUpdate) => updateClub(body),
    onSuccess: (club) => {
      putClubIntoOverview(queryClient, club)
      void invalidateClub(queryClient, clubId)
      toast.success(t`Vereinsdaten wurden aktualisiert`)
    },
    onError: () => {
      toast.error(t`Fehler beim Aktualisieren der Vereinsdaten`)
    },
  })
}
