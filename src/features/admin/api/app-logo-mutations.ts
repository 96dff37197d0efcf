import { t } from '@lingui/core/macro'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { toast } from 'sonner'
import {
  createAppLogo,
  deleteAppLogo,
  getGetAppLogoQueryKey,
  replaceAppLogo,
} from '@/api/generated/query/endpoints/app-logo/app-logo'
import type { AppLogoInput } from '@/api/generated/query/model/appLogoInput'

/** Records an uploaded logo: POST while none is set, PUT to replace the current one. */
export const useSaveAppLogoMutation = () => {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ currentId, input }: { currentId: string | null; input: AppLogoInput }) =>
      currentId ? replaceAppLogo({ ...input, id: currentId }) : createAppLogo(input),
    onSuccess: () => toast.success(t`Das Logo wurde gespeichert und erscheint jetzt im Portal.`),
    // The shell shows the logo on every page; after a conflict the current state is needed too.
    onSettled: () => queryClient.invalidateQueries({ queryKey: getGetAppLogoQueryKey() }),
  })
}

export const useDeleteAppLogoMutation = () => {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (id: string) => deleteAppLogo(id),
    onSuccess: () => toast.success(t`Das Logo wurde entfernt.`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: getGetAppLogoQueryKey() }),
  })
}
