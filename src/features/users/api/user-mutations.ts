import { t } from '@lingui/core/macro'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { toast } from 'sonner'
import {
  createUser,
  deleteUser,
  getGetCurrentUserQueryKey,
  getGetUsersQueryKey,
  updateUser,
} from '@/api/generated/query/endpoints/users/users'
import type { UserCreate } from '@/api/generated/query/model/userCreate'
import type { UserUpdate } from '@/api/generated/query/model/userUpdate'

/*
 * The generated client exposes the write operations as plain request functions (orval generates query
 * hooks only); these wrappers add what every caller needs: the success toast and a fresh list. Failures
 * are left to the screen, which knows which field or dialog a conflict belongs to.
 */

export const useCreateUserMutation = () => {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: UserCreate) => createUser(body),
    onSuccess: async () => {
      toast.success(t`Benutzer wurde angelegt.`)
      await queryClient.invalidateQueries({ queryKey: getGetUsersQueryKey() })
    },
  })
}

export const useUpdateUserMutation = () => {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: UserUpdate) => updateUser(body),
    onSuccess: async () => {
      toast.success(t`Benutzer wurde aktualisiert.`)
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: getGetUsersQueryKey() }),
        // The administrator may have edited their own name or address.
        queryClient.invalidateQueries({ queryKey: getGetCurrentUserQueryKey() }),
      ])
    },
  })
}

export const useDeleteUserMutation = () => {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (uid: string) => deleteUser(uid),
    onSuccess: async () => {
      toast.success(t`Benutzer wurde entfernt.`)
      await queryClient.invalidateQueries({ queryKey: getGetUsersQueryKey() })
    },
  })
}
