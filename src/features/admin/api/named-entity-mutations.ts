import { t } from '@lingui/core/macro'
import { useQueryClient } from '@tanstack/react-query'
import { toast } from '#src/lib/toast.ts'
import {
  getGetClubRolesQueryKey,
  useCreateClubRole,
  useDeleteClubRole,
  useUpdateClubRole,
} from '#src/api/generated/query/endpoints/club-roles/club-roles.ts'
import {
  getGetClubTypesQueryKey,
  useCreateClubType,
  useDeleteClubType,
  useUpdateClubType,
} from '#src/api/generated/query/endpoints/club-types/club-types.ts'
import { invalidateClubs } from './invalidate-clubs.ts'

/** After a change the list itself and every club read that shows the names. */
const useRefresh = (listKey: readonly unknown[]) => {
  const queryClient = useQueryClient()
  return async () => {
    await queryClient.invalidateQueries({ queryKey: listKey })
    await invalidateClubs(queryClient)
  }
}

/** A success toast, then fresh reads (awaited, so `mutateAsync` resolves with the list up to date). */
const announce = (refresh: () => Promise<void>, message: () => string) => ({
  onSuccess: async () => {
    toast.success(message())
    await refresh()
  },
})

/** Create, rename and delete of club types; club lists and dashboards show the type's name. */
export const useClubTypeMutations = () => {
  const refresh = useRefresh(getGetClubTypesQueryKey())
  return {
    create: useCreateClubType({ mutation: announce(refresh, () => t`Vereinsart wurde angelegt.`) }),
    rename: useUpdateClubType({ mutation: announce(refresh, () => t`Vereinsart wurde umbenannt.`) }),
    remove: useDeleteClubType({ mutation: announce(refresh, () => t`Vereinsart wurde gelöscht.`) }),
  }
}

/** Create, change (name and rights) and delete of club roles; member lists show the role's name and rights. */
export const useClubRoleMutations = () => {
  const refresh = useRefresh(getGetClubRolesQueryKey())
  return {
    create: useCreateClubRole({ mutation: announce(refresh, () => t`Vereinsrolle wurde angelegt.`) }),
    rename: useUpdateClubRole({ mutation: announce(refresh, () => t`Vereinsrolle wurde gespeichert.`) }),
    remove: useDeleteClubRole({ mutation: announce(refresh, () => t`Vereinsrolle wurde gelöscht.`) }),
  }
}
