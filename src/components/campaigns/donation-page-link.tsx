import { Trans, useLingui } from '@lingui/react/macro'
import { useId, useState } from 'react'
import { Button } from '#src/components/ui/button.tsx'
import { cn } from '#src/lib/cn.ts'
import { donationPageUrl } from '#src/lib/donation-page-url.ts'
import { toast } from '#src/lib/toast.ts'

interface DonationPageLinkProps {
  campaignId: string
  /** Names the campaign for screen readers where several links stand in one list. */
  campaignName?: string
  /** Also shows the address itself (the campaign's page); a list shows only the two actions. */
  showUrl?: boolean
  className?: string
}

/**
 * A campaign's public donation page: "Spendenseite öffnen" in a new tab, and "Link kopieren" for mails and
 * social media. Where the browser refuses the clipboard (no permission, a page not served over HTTPS), the
 * address is offered selected, to copy by hand.
 */
export const DonationPageLink = ({ campaignId, campaignName, showUrl = false, className }: DonationPageLinkProps) => {
  const { t } = useLingui()
  const fallbackId = useId()
  const url = donationPageUrl(campaignId)
  const [refused, setRefused] = useState(false)

  const copy = async () => {
    try {
      // Missing outside a secure context: the same fallback as a refusal.
      if (!navigator.clipboard) throw new Error('No clipboard')
      await navigator.clipboard.writeText(url)
      setRefused(false)
      toast.success(t`Link kopiert`)
    } catch {
      setRefused(true)
    }
  }

  return (
    <div className={cn('flex flex-col gap-2', className)}>
      {showUrl && <p className="text-sm break-all text-slate-700">{url}</p>}
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <a
          href={url}
          target="_blank"
          rel="noopener noreferrer"
          className="inline-flex min-h-9 items-center gap-1 text-sm font-medium text-brand-800 underline underline-offset-2 hover:text-brand-900"
        >
          <Trans>Spendenseite öffnen</Trans>
          <span aria-hidden="true">↗</span>
          <span className="sr-only">
            {' '}
            {campaignName ? (
              <Trans>von „{campaignName}“ (öffnet in einem neuen Tab)</Trans>
            ) : (
              <Trans>(öffnet in einem neuen Tab)</Trans>
            )}
          </span>
        </a>
        <Button variant="secondary" size="sm" onClick={() => void copy()}>
          <Trans>Link kopieren</Trans>
          {campaignName && (
            <span className="sr-only">
              <Trans>: Spendenseite von „{campaignName}“</Trans>
            </span>
          )}
        </Button>
      </div>
      {refused && (
        <div role="alert" className="flex flex-col gap-1 text-sm text-slate-800">
          <label htmlFor={fallbackId}>
            <Trans>
              Der Link konnte nicht in die Zwischenablage kopiert werden. Bitte kopieren Sie ihn hier selbst:
            </Trans>
          </label>
          <input
            id={fallbackId}
            readOnly
            value={url}
            onFocus={(event) => event.currentTarget.select()}
            className="w-full rounded-md border border-slate-300 bg-white px-2 py-1 font-mono text-sm"
          />
        </div>
      )}
    </div>
  )
}
