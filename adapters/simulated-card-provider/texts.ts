/**
 * The simulated card provider's hosted onboarding page: the same German texts for the browser (DOM,
 * provider-dom.ts) and the mock server (HTML, provider-html.ts). It stands in for a third party, so it
 * deliberately looks unlike the portal.
 */
import type { PaymentRequirement } from '#openapi/generated/model/paymentRequirement.ts'
import type { LinkStatus } from '#domain/onboarding.ts'

export const PROVIDER_TEXTS = {
  documentTitle: 'Kartenzahlungen einrichten – Simulierter Zahlungsanbieter',
  brand: 'PayDemo · Simulierter Zahlungsanbieter',
  heading: 'Konto für Kartenzahlungen einrichten',
  intro: (clubName: string) =>
    `Der Verein „${clubName}“ richtet ein Konto für Kartenzahlungen ein. Dies ist eine Simulation für die Entwicklung: Es werden keine echten Daten übermittelt.`,
  open: 'Noch offen:',
  complete: 'Alle Angaben übermitteln',
  completeHint: 'Das Konto wird sofort für Kartenzahlungen freigeschaltet.',
  partial: 'Nur einen Teil übermitteln',
  partialHint: 'Identität und Bankkonto bleiben offen; das Konto bleibt in Einrichtung.',
  cancel: 'Abbrechen',
  cancelHint: 'Nichts wird geändert.',
  expired: 'Dieser Link ist abgelaufen.',
  used: 'Dieser Link wurde bereits verwendet.',
  unknown: 'Dieser Link ist ungültig.',
  back: 'Zurück zum Vereinsportal',
  error: 'Die Angaben konnten nicht übermittelt werden. Bitte versuchen Sie es erneut.',
} as const

export const REQUIREMENT_LABELS: Readonly<Record<PaymentRequirement, string>> = {
  BUSINESS_DETAILS: 'Angaben zum Verein',
  REPRESENTATIVE_IDENTITY: 'Identität der Kontaktperson',
  BANK_ACCOUNT: 'Bankkonto für Auszahlungen',
  TERMS_ACCEPTANCE: 'Zustimmung zu den Nutzungsbedingungen',
}

export const statusMessage = (status: Exclude<LinkStatus, 'OPEN'>): string =>
  status === 'EXPIRED' ? PROVIDER_TEXTS.expired : PROVIDER_TEXTS.used
