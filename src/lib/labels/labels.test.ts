import type { MessageDescriptor } from '@lingui/core'
import { describe, expect, it } from 'vitest'
import { AuditAction } from '#openapi/generated/model/auditAction.ts'
import { AuditField } from '#openapi/generated/model/auditField.ts'
import { CampaignPhase } from '#openapi/generated/model/campaignPhase.ts'
import { ClubField } from '#openapi/generated/model/clubField.ts'
import { ClubSize } from '#openapi/generated/model/clubSize.ts'
import { ClubStatus } from '#openapi/generated/model/clubStatus.ts'
import { ClubStatusFilter } from '#openapi/generated/model/clubStatusFilter.ts'
import { DocumentLabel } from '#openapi/generated/model/documentLabel.ts'
import { DonationStatus } from '#openapi/generated/model/donationStatus.ts'
import { LegitimationDocumentKind } from '#openapi/generated/model/legitimationDocumentKind.ts'
import { PaymentAccountStatus } from '#openapi/generated/model/paymentAccountStatus.ts'
import { PaymentRequirement } from '#openapi/generated/model/paymentRequirement.ts'
import { Role } from '#openapi/generated/model/role.ts'
import { i18n } from '#src/lib/i18n/i18n.ts'
import { AUDIT_ACTIONS, AUDIT_FIELD_LABELS, auditValue } from './audit-labels.ts'
import { CAMPAIGN_PHASE } from './campaign-labels.ts'
import {
  CLUB_FIELD_LABELS,
  CLUB_SIZES,
  CLUB_STATUS,
  CLUB_STATUS_FILTER_LABELS,
  clubSizeLabel,
  DOCUMENT_LABELS,
  LEGITIMATION_DOCUMENT_KIND_LABELS,
} from './club-labels.ts'
import { DONATION_STATUS } from './donation-labels.ts'
import { PAYMENT_REQUIREMENTS, PAYMENT_STATUS } from './payment-labels.ts'
import { ROLE_LABELS } from './role-labels.ts'
import type { StatusLabel } from './status-tone.ts'

const labelsOf = (table: Readonly<Record<string, StatusLabel>>) =>
  Object.fromEntries(Object.entries(table).map(([value, { label }]) => [value, label]))

/** Every value of a generated enum has a German name in the table, and the table names nothing else. */
const labelTables: Array<[string, Record<string, string>, Record<string, MessageDescriptor>]> = [
  ['ClubStatus', ClubStatus, labelsOf(CLUB_STATUS)],
  ['ClubStatusFilter', ClubStatusFilter, CLUB_STATUS_FILTER_LABELS],
  ['ClubField', ClubField, CLUB_FIELD_LABELS],
  ['DocumentLabel', DocumentLabel, DOCUMENT_LABELS],
  ['LegitimationDocumentKind', LegitimationDocumentKind, LEGITIMATION_DOCUMENT_KIND_LABELS],
  ['PaymentAccountStatus', PaymentAccountStatus, labelsOf(PAYMENT_STATUS)],
  ['PaymentRequirement', PaymentRequirement, PAYMENT_REQUIREMENTS],
  ['Role', Role, ROLE_LABELS],
  ['CampaignPhase', CampaignPhase, labelsOf(CAMPAIGN_PHASE)],
  ['AuditAction', AuditAction, labelsOf(AUDIT_ACTIONS)],
  ['AuditField', AuditField, AUDIT_FIELD_LABELS],
  ['DonationStatus', DonationStatus, labelsOf(DONATION_STATUS)],
]

describe('shared labels', () => {
  it.each(labelTables)('names every %s value in German', (_name, generated, labels) => {
    expect(Object.keys(labels).sort()).toEqual(Object.values(generated).sort())
    for (const value of Object.values(generated)) {
      const text = i18n._(labels[value]!)
      expect(text.trim(), value).not.toBe('')
      // A missing translation would show the catalogue id or the wire value instead of German.
      expect(text, value).not.toBe(labels[value]!.id)
      expect(text, value).not.toBe(value)
    }
  })

  it('gives distinct names within a table, so no two states or fields read alike', () => {
    for (const [name, , labels] of labelTables) {
      const texts = Object.values(labels).map((label) => i18n._(label))
      // The filter's "Alle" aside, its labels are the club states' own.
      expect(new Set(texts).size, name).toBe(texts.length)
    }
  })

  it('offers every club size of the contract', () => {
    expect(CLUB_SIZES.map(Number).sort((a, b) => a - b)).toEqual(Object.values(ClubSize).sort((a, b) => a - b))
    expect(i18n._(clubSizeLabel('50'))).toBe('50 Mitglieder')
  })

  it('names the states of a donation as the club’s treasurer reads them', () => {
    expect(
      Object.fromEntries(Object.entries(DONATION_STATUS).map(([status, { label }]) => [status, i18n._(label)])),
    ).toEqual({
      PAID: 'bezahlt',
      PARTIALLY_REFUNDED: 'teilweise erstattet',
      REFUNDED: 'erstattet',
      DISPUTED: 'angefochten',
    })
  })

  it('uses the admin filter’s wording for club states everywhere', () => {
    expect(i18n._(CLUB_STATUS.PROCESSING.label)).toBe('In Bearbeitung')
    expect(i18n._(CLUB_STATUS_FILTER_LABELS.PROCESSING)).toBe('In Bearbeitung')
  })
})

describe('auditValue', () => {
  it('names states, roles and marks in German and shows other values as they are', () => {
    expect(auditValue(i18n, 'status', 'INACTIVE')).toBe('Inaktiv')
    expect(auditValue(i18n, 'paymentAccount.status', 'REJECTED')).toBe('Deaktiviert')
    expect(auditValue(i18n, 'role', 'ROLE_STAFF')).toBe('Mitarbeiter/in')
    expect(auditValue(i18n, 'isChecked', 'true')).toBe('geprüft')
    expect(auditValue(i18n, 'bankReview', 'PENDING')).toBe('Prüfung ausstehend')
    expect(auditValue(i18n, 'bankInfo.iban', 'AT61 **** **** **** 3201')).toBe('AT61 **** **** **** 3201')
    expect(auditValue(i18n, 'deactivationReason', null)).toBeNull()
  })
})
