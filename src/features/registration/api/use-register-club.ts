import { t } from '@lingui/core/macro'
import { useMutation } from '@tanstack/react-query'
import { toast } from 'sonner'
import { createClubWithUser } from '@/api/generated/query/endpoints/clubs/clubs'
import type { ClubRegistration } from '@/api/generated/query/model/clubRegistration'
import { problemKind, problemStatus } from '@/lib/api-errors'

/** A taken e-mail address (409 `user-exists`): the wizard shows it at the e-mail field, not as a toast. */
export const isUserExists = (error: unknown): boolean =>
  problemKind(error) === 'user-exists' || (problemStatus(error) === 409 && problemKind(error) === undefined)

/**
 * `POST club/createWithUser` (public). The generated client has no mutation hook for it (orval emits
 * query hooks for every verb with `useQuery: true`), so the generated request function runs in a
 * mutation here. Success and generic failures are toasts; the page puts field errors next to fields.
 */
export const useRegisterClub = () =>
  useMutation({
    mutationFn: (body: ClubRegistration) => createClubWithUser(body),
    onSuccess: () => {
      toast.success(t`Verein erfolgreich registriert`)
    },
    onError: (error) => {
      if (!isUserExists(error)) toast.error(t`Fehler bei der Registrierung!`)
    },
  })
