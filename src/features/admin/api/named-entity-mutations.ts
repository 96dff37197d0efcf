import { t } from '@lingui/core/macro'
import { useMutation, useQueryClient, type UseMutationResult } from '@tanstack/react-query'
import { toast } from 'sonner'
import {
  createClubRole,
  deleteClubRole,
  getGetClubRolesQueryKey,
  updateClubRole,
} from '@/api/generated/query/endpoints/club-roles/club-roles'
import {
  createClubType,
  deleteClubType,
  getGetClubTypesQueryKey,
  updateClubType,
} from '@/api/generated/query/endpoints/club-types/club-types'
import { invalidateClubs } from './query-keys'

/** Create, rename and delete of club types and club roles: the same three calls with their own toasts. */
export interface NamedEntityMutations {
  create: UseMutationResult<unknown, unknown, string>
  rename: UseMutationResult<unknown, unknown, { id: string; name: string }>
  remove: UseMutationResult<unknown, unknown, string>
}

export const useClubTypeMutations = (): NamedEntityMutations => {
  const queryClient = useQueryClient()
  const refresh = async () => {
    await queryClient.invalidateQueries({ queryKey: getGetClubTypesQueryKey() })
    // Club lists and dashboards show the type's name.
    await invalidateClubs(queryClient)
  }
  return {
    create: useMutation({
      mutationFn: (name: string) => createClubType({ name }),
      onSuccess: async () => {
        toast.success(t`Vereinsart wurde angelegt.`)
        await refresh()
      },
    }),
    rename: useMutation({
      mutationFn: ({ id, name }: { id: string; name: string }) => updateClubType(id, { name }),
      onSuccess: async () => {
        toast.success(t`Vereinsart wurde umbenannt.`)
        await refresh()
      },
    }),
    remove: useMutation({
      mutationFn: (id: string) => deleteClubType(id),
      onSuccess: async () => {
        toast.success(t`Vereinsart wurde gelöscht.`)
        await refresh()
      },
    }),
  }
}

export const useClubRoleMutations = (): NamedEntityMutations => {
  const queryClient = useQueryClient()
  const refresh = async () => {
    await queryClient.invalidateQueries({ queryKey: getGetClubRolesQueryKey() })
    // Member lists show the role's name.
    await invalidateClubs(queryClient)
  }
  return {
    create: useMutation({
      mutationFn: (name: string) => createClubRole({ name }),
      onSuccess: async () => {
        toast.success(t`Vereinsrolle wurde angelegt.`)
        await refresh()
      },
    }),
    rename: useMutation({
      mutationFn: ({ id, name }: { id: string; name: string }) => updateClubRole({ id, name }),
      onSuccess: async () => {
        toast.success(t`Vereinsrolle wurde umbenannt.`)
        await refresh()
      },
    }),
    remove: useMutation({
      mutationFn: (id: string) => deleteClubRole(id),
      onSuccess: async () => {
        toast.success(t`Vereinsrolle wurde gelöscht.`)
        await refresh()
      },
    }),
  }
}
