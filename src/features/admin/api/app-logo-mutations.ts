import { t } from '@lingui/core/macro'
import { useQueryClient } from '@tanstack/react-query'
import { toast } from '#src/lib/toast.ts'
import {
  getGetAppLogoQueryKey,
  useCreateAppLogo,
  useDeleteAppLogo,
  useReplaceAppLogo,
} from '#src/api/generated/query/endpoints/app-logo/app-logo.ts'

/** The shell shows the logo on every page; after a conflict the current state is needed too. */
const useRefreshLogo = () => {
  const queryClient = useQueryClient()
  return () => queryClient.invalidateQueries({ queryKey: getGetAppLogoQueryKey() })
}

const toastSaved = () => toast.success(t`Das Logo wurde gespeichert und erscheint jetzt im Portal.`)

/** Records an uploaded logo while none is set (`POST applogo`). */
export const useCreateAppLogoMutation = () => {
  const refresh = useRefreshLogo()
  return useCreateAppLogo({ mutation: { onSuccess: toastSaved, onSettled: refresh } })
}

/** Records an uploaded logo in place of the current one (`PUT applogo`). */
export const useReplaceAppLogoMutation = () => {
  const refresh = useRefreshLogo()
  return useReplaceAppLogo({ mutation: { onSuccess: toastSaved, onSettled: refresh } })
}

export const useDeleteAppLogoMutation = () => {
  const refresh = useRefreshLogo()
  return useDeleteAppLogo({
    mutation: { onSuccess: () => toast.success(t`Das Logo wurde entfernt.`), onSettled: refresh },
  })
}
