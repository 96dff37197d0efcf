import { useState, type ReactNode } from 'react'
import { Trans, useLingui } from '@lingui/react/macro'
import type { ClubOverview } from '#openapi/generated/model/clubOverview.ts'
import { ContinueOnboardingButton } from '#src/components/payment/continue-onboarding-button.tsx'
import { Badge, StatusBadge } from '#src/components/ui/badge.tsx'
import { Card, CardBody, CardHeader } from '#src/components/ui/card.tsx'
import { formatNumber } from '#src/lib/format.ts'
import { CLUB_STATUS } from '#src/lib/labels/club-labels.ts'
import { PAYMENT_STATUS } from '#src/lib/labels/payment-labels.ts'
import { useDownloadUrl } from '#src/components/files/use-file-storage.ts'

const ClubLogo = ({ path, name }: { path: string | undefined; name: string }) => {
  const { t } = useLingui()
  const url = useDownloadUrl(path)
  // A link that no longer loads shows the initials instead of a broken image.
  const [failed, setFailed] = useState(false)
  const initials = name
    .split(/\s+/)
    .filter((part) => /^[A-Za-zÄÖÜäöü]/.test(part))
    .slice(0, 2)
    .map((part) => part[0]?.toUpperCase())
    .join('')
  return url.data && !failed ? (
    <img
      src={url.data}
      onError={() => setFailed(true)}
      alt={t`Logo von ${name}`}
      className="size-20 shrink-0 rounded-md border border-slate-200 bg-white object-contain p-1"
    />
  ) : (
    <div
      aria-hidden="true"
      className="flex size-20 shrink-0 items-center justify-center rounded-md border border-slate-200 bg-brand-50 text-2xl font-bold text-brand-800"
    >
      {initials}
    </div>
  )
}

const Fact = ({ term, children }: { term: string; children: ReactNode }) => (
  <div className="min-w-0">
    <dt className="text-sm text-slate-600">{term}</dt>
    <dd className="font-medium break-words text-slate-900">{children}</dd>
  </div>
)

/**
 * Spec §2: club overview with name, ZVR number, club type, status and logo. While the card-payment account
 * waits for its onboarding, the badge comes with the way there (`canStartOnboarding`: the club's
 * representatives and administrators, who may ask for an onboarding link; staff only read).
 */
export const ClubOverviewCard = ({
  overview,
  canStartOnboarding,
}: {
  overview: ClubOverview
  canStartOnboarding: boolean
}) => {
  const { t, i18n } = useLingui()
  const { club } = overview
  const status = CLUB_STATUS[club.status]
  const payment = overview.paymentAccount ? PAYMENT_STATUS[overview.paymentAccount.status] : null
  const onboardingOpen = overview.paymentAccount?.status === 'ONBOARDING'
  const city = [club.address.postalCode, club.address.city].filter(Boolean).join(' ')
  return (
    <Card aria-labelledby="verein-title">
      <CardHeader id="verein-title" title={t`Vereinsübersicht`} />
      <CardBody className="flex flex-col gap-4 sm:flex-row sm:items-start">
        <ClubLogo path={club.logo?.path} name={club.name} />
        <div className="flex min-w-0 flex-1 flex-col gap-3">
          <div className="flex flex-wrap items-center gap-2">
            <p className="text-xl font-semibold text-slate-900">{club.name}</p>
            <StatusBadge status={status} />
          </div>
          {club.shortDescription && <p className="text-slate-700">{club.shortDescription}</p>}
          <dl className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-3">
            <Fact term={t`ZVR-Zahl`}>{club.zvrNumber || <Trans>nicht angegeben</Trans>}</Fact>
            <Fact term={t`Vereinsart`}>{overview.clubTypeName}</Fact>
            <Fact term={t`Status`}>{i18n._(status.label)}</Fact>
            <Fact term={t`Adresse`}>
              {club.address.street ? (
                `${club.address.street} ${club.address.houseNumber}, ${city}`
              ) : (
                <Trans>nicht angegeben</Trans>
              )}
            </Fact>
            <Fact term={t`Mitglieder im Portal`}>{formatNumber(overview.memberCount)}</Fact>
            <Fact term={t`Kartenzahlung`}>
              {payment ? <StatusBadge status={payment} /> : <Trans>nicht eingerichtet</Trans>}
              {overview.paymentAccount?.payoutsBlocked && overview.paymentAccount.status !== 'REJECTED' && (
                <span className="ml-1">
                  <Badge tone="warning">
                    <Trans>Auszahlungen angehalten</Trans>
                  </Badge>
                </span>
              )}
              {onboardingOpen && canStartOnboarding && (
                <div className="mt-2">
                  <ContinueOnboardingButton
                    clubId={club.id}
                    label={t`Kartenzahlung einrichten`}
                    variant="secondary"
                    size="sm"
                  />
                </div>
              )}
            </Fact>
          </dl>
        </div>
      </CardBody>
    </Card>
  )
}
