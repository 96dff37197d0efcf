import { t } from '@lingui/core/macro'
import { ApiError } from '#src/api/client.ts'
import type { CampaignFormApi } from './components/campaign-form.tsx'
import { SERVER_FIELD_TO_FORM, type CampaignFormField } from './schemas.ts'

const messageFor = (field: CampaignFormField): string => {
  switch (field) {
    case 'to':
      return t`Das Ende muss nach dem Beginn liegen.`
    case 'amount':
      return t`Der vorgeschlagene Betrag darf nicht höher als das Spendenziel sein.`
    case 'minimumDonation':
      return t`Die Mindestspende darf nicht höher als der vorgeschlagene Betrag sein.`
    default:
      return t`Bitte prüfen Sie diese Angabe.`
  }
}

/**
 * Puts the backend's field errors of a 400 (`Problem.errors`) next to the matching fields. Returns true
 * when at least one field was marked.
 */
export const applyCampaignServerErrors = (error: unknown, form: CampaignFormApi): boolean => {
  if (!(error instanceof ApiError) || error.status !== 400) return false
  let marked = false
  for (const fieldError of error.problem?.errors ?? []) {
    const field = SERVER_FIELD_TO_FORM[fieldError.field]
    if (field) {
      form.setError(field, { type: 'server', message: messageFor(field) }, { shouldFocus: !marked })
      marked = true
    }
  }
  return marked
}
