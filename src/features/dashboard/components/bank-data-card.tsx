import { Trans, useLingui } from '@lingui/react/macro'
import type { ReactNode } from 'react'
import type { Club } from '@/api/generated/query/model/club'
import { ButtonLink } from '@/components/ui/button'
import { Card, CardBody, CardHeader } from '@/components/ui/card'
import { maskIban } from '../mask-iban'

const Row = ({ term, children }: { term: string; children: ReactNode }) => (
  <div className="flex flex-col gap-0.5">
    <dt className="text-sm text-slate-600">{term}</dt>
    <dd className="min-w-0 font-medium break-words text-slate-900">{children}</dd>
  </div>
)

/** Spec §2: the bank data, with the IBAN masked (the full number is in the club profile). */
export const BankDataCard = ({ club, canEdit }: { club: Club; canEdit: boolean }) => {
  const { t } = useLingui()
  const { bankInfo } = club
  const missing = <span className="font-normal text-slate-500">{t`nicht angegeben`}</span>
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
      <CardBody>
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
          <Row term={t`Bank`}>{bankInfo.bankName || missing}</Row>
        </dl>
      </CardBody>
    </Card>
  )
}
