import { Trans } from '@lingui/react/macro'
import type { PublicCampaign } from '#openapi/generated/model/publicCampaign.ts'
import { DocumentTitle } from '#src/components/ui/page-header.tsx'
import { formatDate } from '#src/lib/format.ts'

/**
 * The club behind the campaign, the campaign's name (the page's h1), whether a donation counts for tax (the
 * club's entry on the BMF list holds today: donors decide on it before reading further), its period and
 * what it is for.
 */
export const CampaignIntro = ({ campaign }: { campaign: PublicCampaign }) => {
  const from = formatDate(campaign.from)
  const to = formatDate(campaign.to)
  return (
    <div className="flex flex-col gap-4">
      <DocumentTitle title={campaign.name} />
      <div className="flex items-center gap-3">
        {campaign.logoUrl ? (
          // The club's name stands beside it: the logo adds nothing a screen reader should repeat.
          <img
            src={campaign.logoUrl}
            alt=""
            className="size-12 shrink-0 rounded-md border border-slate-200 bg-white object-contain"
          />
        ) : null}
        <div className="min-w-0">
          <p className="text-sm font-medium break-words text-brand-800">{campaign.clubName}</p>
          <h1 className="text-2xl font-bold tracking-tight break-words text-slate-900 sm:text-3xl">{campaign.name}</h1>
        </div>
      </div>
      {campaign.taxDeductible && (
        <p className="inline-flex w-fit items-center gap-2 rounded-full border border-green-300 bg-green-50 px-3 py-1 text-sm font-semibold text-green-900">
          <span aria-hidden="true">✓</span>
          <Trans>Ihre Spende ist steuerlich absetzbar</Trans>
        </p>
      )}
      <p className="text-sm text-slate-600">
        <Trans>
          Spenden möglich vom {from} bis {to}
        </Trans>
      </p>
      <p className="max-w-prose break-words whitespace-pre-line text-slate-800">{campaign.description}</p>
    </div>
  )
}
