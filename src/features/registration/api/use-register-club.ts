import { t } from '@lingui/core/macro'
import { toast } from '#src/lib/toast.ts'
import { useCreateClubWithUser } from '#src/api/generated/query/endpoints/clubs/clubs.ts'
import { problemKind, problemStatus, tooManyRequestsMessage } from '#src/lib/api-errors.ts'

/** A taken e-mail address (409 `user-exists`): the wizard shows it at the e-mail field, not as a toast. */
export const isUserExists = (error: unknown): boolean =>
  problemKind(error) === 'user-exists' || (problemStatus(error) === 409 && problemKind(error) === undefined)

/** Another club has the ZVR number (409 `zvr-taken`): the wizard shows it at the ZVR field. */
export const isZvrTaken = (error: unknown): boolean => problemKind(error) === 'zvr-taken'

/** A club of the same name in the same postal code (409 `possible-duplicate`): the wizard asks first. */
export const isPossibleDuplicate = (error: unknown): boolean => problemKind(error) === 'possible-duplicate'

/**
 * `POST club/createWithUser` (public). Success and generic failures are toasts (a rate limit's with its
 * reason); the page puts field errors next to fields.
 */
export const useRegisterClub = () =>
  useCreateClubWithUser({
    mutation: {
      onSuccess: () => {
        toast.success(t`Verein erfolgreich registriert`)
      },
      onError: (error) => {
        // Too many registrations from this network (429): the same toast, saying why and what to do.
        if (!isUserExists(error) && !isZvrTaken(error) && !isPossibleDuplicate(error))
          toast.error(t`Fehler bei der Registrierung!`, { description: tooManyRequestsMessage(error) })
      },
    },
  })
