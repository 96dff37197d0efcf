import { plural, t } from '@lingui/core/macro'
import type { $ZodRawIssue } from 'zod/v4/core'

/**
 * German messages for every zod check, from the Lingui catalogue. Generated schemas (from the OpenAPI
 * document) carry no messages of their own, so this map is what a person sees next to a field.
 */
export const zodMessage = (issue: $ZodRawIssue): string => {
  switch (issue.code) {
    case 'invalid_type':
      return issue.input === undefined || issue.input === null || issue.input === ''
        ? t`Bitte füllen Sie dieses Feld aus.`
        : t`Ungültige Eingabe.`
    case 'too_small': {
      const minimum = Number(issue.minimum)
      if (issue.origin === 'string') {
        return minimum <= 1
          ? t`Bitte füllen Sie dieses Feld aus.`
          : t`Bitte geben Sie mindestens ${minimum} Zeichen ein.`
      }
      if (issue.origin === 'array' || issue.origin === 'set')
        return plural(minimum, {
          one: 'Bitte wählen Sie mindestens # Eintrag.',
          other: 'Bitte wählen Sie mindestens # Einträge.',
        })
      return t`Der Wert muss mindestens ${minimum} sein.`
    }
    case 'too_big': {
      const maximum = Number(issue.maximum)
      if (issue.origin === 'string') return t`Bitte geben Sie höchstens ${maximum} Zeichen ein.`
      if (issue.origin === 'array' || issue.origin === 'set')
        return plural(maximum, {
          one: 'Bitte wählen Sie höchstens # Eintrag.',
          other: 'Bitte wählen Sie höchstens # Einträge.',
        })
      return t`Der Wert darf höchstens ${maximum} sein.`
    }
    case 'invalid_format':
      switch (issue.format) {
        case 'email':
          return t`Bitte geben Sie eine gültige E-Mail-Adresse ein.`
        case 'date':
          return t`Bitte geben Sie ein gültiges Datum ein.`
        case 'datetime':
          return t`Bitte geben Sie einen gültigen Zeitpunkt ein.`
        case 'url':
          return t`Bitte geben Sie eine gültige Adresse (URL) ein.`
        default:
          return t`Das Format ist ungültig.`
      }
    case 'invalid_value':
      return t`Bitte wählen Sie einen gültigen Wert.`
    default:
      return t`Ungültige Eingabe.`
  }
}
