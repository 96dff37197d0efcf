import { Trans, useLingui } from '@lingui/react/macro'
import type { ReactNode } from 'react'
import type { Club } from '#openapi/generated/model/club.ts'
import { ButtonLink } from '#src/components/ui/button.tsx'
import { Card, CardBody, CardHeader } from '#src/components/ui/card.tsx'
import { formatDate } from '#src/lib/format.ts'
import { knownBankOfIban, maskIban } from '#checks/iban.ts'

const Row = ({ term, children }: { term: string; children: ReactNode }) => (
  <div className="flex flex-col gap-0.5">
    <dt className="text-sm text-slate-600">{term}</dt>
    <dd className="min-w-0 font-medium break-words text-slate-900">{children}</dd>
  </div>
)

/**
 * Spec §2: the bank data, with the IBAN masked as it is written (the full number is in the club profile).
 * The bank's name comes from the IBAN where the portal knows the bank, never from the BIC. New bank
 * details awaiting the administration's confirmation say so: until then nothing is paid out.
 */
export const BankDataCard = ({ club, canEdit }: { club: Club; canEdit: boolean }) => {
  const { t } = useLingui()
  const { bankInfo, bankReview } = club
  const missing = <span className="font-normal text-slate-500">{t`nicht angegeben`}</span>
  const bankName = knownBankOfIban(bankInfo.iban)?.name ?? bankInfo.bankName
  return (
    <Card aria-labelledby="bank-title" id="bankdaten">
      <CardHeader
        id="bank-title"
        title={t`Bankverbindung`}
        actions={
          canEdit && (
            <ButtonLink
              to="/club/$clubId/$showSaveAlert"
              params={{ clubId: club.id, showSaveAlert: false }}
              variant="secondary"
              size="sm"
            >
              <Trans>Ändern</Trans>
            </ButtonLink>
          )
        }
      />
      <CardBody className="flex flex-col gap-3">
        {bankReview && (
          <div role="status" className="flex flex-col gap-1 rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-950">
            <p className="font-semibold">
              <Trans>Bankverbindung geändert – Prüfung ausstehend</Trans>
            </p>
            <p>
              <Trans>
                Geändert am {formatDate(bankReview.changedAt)} von {bankReview.changedByName}. Bis die Administration
                die neue Bankverbindung bestätigt, zahlt der Kartenzahlungsanbieter nichts aus; Spenden werden weiter
                angenommen.
              </Trans>
            </p>
          </div>
        )}
        <dl className="flex flex-col gap-3">
          <Row term={t`Kontoinhaber/in`}>{bankInfo.accountHolder || missing}</Row>
          <Row term={t`IBAN`}>
            {bankInfo.iban ? (
              <span className="font-mono tracking-wide whitespace-nowrap" data-testid="masked-iban">
                {maskIban(bankInfo.iban)}
              </span>
            ) : (
              missing
            )}
          </Row>
          <Row term={t`BIC`}>{bankInfo.bic || missing}</Row>
          <Row term={t`Bank`}>{bankName || missing}</Row>
        </dl>
      </CardBody>
    </Card>
  )
}
