import { t } from '@lingui/core/macro'
import { useQueryClient } from '@tanstack/react-query'
import { toast } from '#src/lib/toast.ts'
import {
  getGetCurrentUserQueryKey,
  getGetUsersQueryKey,
  useCreateUser,
  useDeleteUser,
  useUpdateUser,
} from '#src/api/generated/query/endpoints/users/users.ts'

/*
 * The generated mutations with what every caller needs: the success toast and a fresh list. Failures are
 * left to the screen, which knows which field or dialog a conflict belongs to.
 */

export const useCreateUserMutation = () => {
  const queryClient = useQueryClient()
  return useCreateUser({
    mutation: {
      onSuccess: async () => {
        toast.success(t`Benutzer wurde angelegt.`)
        await queryClient.invalidateQueries({ queryKey: getGetUsersQueryKey() })
      },
    },
  })
}

export const useUpdateUserMutation = () => {
  const queryClient = useQueryClient()
  return useUpdateUser({
    mutation: {
      onSuccess: async () => {
        toast.success(t`Benutzer wurde aktualisiert.`)
        await Promise.all([
          queryClient.invalidateQueries({ queryKey: getGetUsersQueryKey() }),
          // The administrator may have edited their own name or address.
          queryClient.invalidateQueries({ queryKey: getGetCurrentUserQueryKey() }),
        ])
      },
    },
  })
}

export const useDeleteUserMutation = () => {
  const queryClient = useQueryClient()
  return useDeleteUser({
    mutation: {
      onSuccess: async () => {
        toast.success(t`Benutzer wurde entfernt.`)
        await queryClient.invalidateQueries({ queryKey: getGetUsersQueryKey() })
      },
    },
  })
}
