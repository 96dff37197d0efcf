import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import type { TaxRecordType } from '#openapi/generated/model/taxRecordType.ts'
import type { TaxTransmissionMode } from '#openapi/generated/model/taxTransmissionMode.ts'
import type { TaxYearSummary } from '#openapi/generated/model/taxYearSummary.ts'
import type { StatusLabel } from '#src/lib/labels/status-tone.ts'

/** The record the next file carries for a donor (`Uebermittlungs_Typ`). */
export const RECORD_TYPE_LABELS: Readonly<Record<TaxRecordType, MessageDescriptor>> = {
  E: msg`Erstmeldung`,
  A: msg`Änderung`,
  S: msg`Storno`,
}

export const TRANSMISSION_MODE: Readonly<Record<TaxTransmissionMode, StatusLabel>> = {
  PRODUCTION: { label: msg`Produktion`, tone: 'info' },
  TEST: { label: msg`Test`, tone: 'neutral' },
}

/**
 * Where a year stands: still running (the current year, transmittable from January on), something to send
 * (also after an accepted transmission, when a total changed since), accepted by the tax office, or
 * nothing to send at all (no consenting donor).
 */
export const yearStatus = (summary: TaxYearSummary): StatusLabel => {
  if (!summary.mayTransmit) return { label: msg`läuft noch`, tone: 'info' }
  if (summary.open > 0) return { label: msg`offen`, tone: 'warning' }
  if (summary.transmitted) return { label: msg`übermittelt`, tone: 'success' }
  return { label: msg`nichts zu übermitteln`, tone: 'neutral' }
}
