import { Trans } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { useHydrated } from '@tanstack/react-router'
import { useState } from 'react'
import { getGetAppLogoQueryOptions } from '#src/api/generated/query/endpoints/app-logo/app-logo.ts'
import { useDownloadUrl } from '#src/components/files/use-file-storage.ts'
import { cn } from '#src/lib/cn.ts'

/**
 * The link to the administrators' uploaded logo (`GET applogo`, public), or undefined while there is none,
 * it is loading, or storage cannot give a link. The logo changes rarely: cached for the session and
 * refreshed when an administrator saves a new one (the admin screen invalidates the query).
 */
export const useAppLogoUrl = (): string | undefined => {
  const { data } = useQuery({ ...getGetAppLogoQueryOptions(), staleTime: 10 * 60_000, retry: false })
  const { data: url } = useDownloadUrl(data?.logo?.path)
  return data?.logo ? url : undefined
}

/** The portal's default mark, shown until (or instead of) an uploaded logo. */
const DefaultMark = ({ className }: { className?: string }) => (
  <svg className={cn('shrink-0', className)} viewBox="0 0 32 32" aria-hidden="true">
    <rect width="32" height="32" rx="7" fill="currentColor" />
    <path d="M8 9l8 15 8-15" fill="none" stroke="#fff" strokeWidth="3.5" strokeLinecap="round" strokeLinejoin="round" />
  </svg>
)

/**
 * The logo image alone (decorative: the text "Vereinsportal" next to it names the link). An image that
 * fails to load falls back to the default mark, so the header never shows a broken picture.
 */
export const AppLogoMark = ({ className }: { className?: string }) => {
  const url = useAppLogoUrl()
  const [failed, setFailed] = useState<string | null>(null)
  // A prerendered page was built without the logo. Hydration may reach this mark only after the
  // header's query has the logo (a lazily loaded screen resumes later), so it hydrates as the default mark
  // and swaps to the image right after; a page rendered in the browser shows the image at once.
  const hydrated = useHydrated()
  if (!hydrated || !url || failed === url) return <DefaultMark className={className} />
  return (
    <img
      src={url}
      alt=""
      className={cn('shrink-0 object-contain', className)}
      data-testid="app-logo-image"
      onError={() => setFailed(url)}
    />
  )
}

/** The header's logo: the uploaded logo (or the default mark) with the portal's name as its text. */
export const AppLogo = () => (
  <>
    <AppLogoMark className="size-8" />
    <span>
      <Trans>Vereinsportal</Trans>
    </span>
  </>
)
