import { Trans } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { useHydrated } from '@tanstack/react-router'
import { useEffect, useState } from 'react'
import { getGetAppLogoQueryOptions } from '#src/api/generated/query/endpoints/app-logo/app-logo.ts'
import { useDownloadUrl } from '#src/components/files/use-file-storage.ts'
import { cn } from '#src/lib/cn.ts'

const REMEMBERED_LOGO_KEY = 'vereinsportal.appLogoPath'

/**
 * The uploaded logo's storage path as this browser last saw it, or null. While `GET applogo` has not
 * answered (a slow backend on a full page load), the header shows that logo rather than the default mark:
 * the portal's own logo, not a stranger's "V", from the first paint on. It is the portal's public logo,
 * nothing of the user, so the real build keeps it too. Storage may be unavailable: then there is none.
 */
const readRememberedLogoPath = (): string | null => {
  try {
    return globalThis.localStorage?.getItem(REMEMBERED_LOGO_KEY) ?? null
  } catch {
    return null
  }
}

const rememberLogoPath = (path: string | null): void => {
  try {
    if (path) globalThis.localStorage?.setItem(REMEMBERED_LOGO_KEY, path)
    else globalThis.localStorage?.removeItem(REMEMBERED_LOGO_KEY)
  } catch {
    // Without storage the next load shows the default mark until the answer comes.
  }
}

/**
 * The link to the administrators' uploaded logo (`GET applogo`, public), or undefined while there is none,
 * or storage cannot give a link. Until the backend answers (or when it fails), the logo this browser saw
 * last. The logo changes rarely: cached for the session and refreshed when an administrator saves a new
 * one (the admin screen invalidates the query).
 */
export const useAppLogoUrl = (): string | undefined => {
  const { data } = useQuery({ ...getGetAppLogoQueryOptions(), staleTime: 10 * 60_000, retry: false })
  const [remembered] = useState(readRememberedLogoPath)
  const answered = data !== undefined
  const path = answered ? data.logo?.path : (remembered ?? undefined)
  useEffect(() => {
    if (answered) rememberLogoPath(path ?? null)
  }, [answered, path])
  const { data: url } = useDownloadUrl(path)
  return path ? url : undefined
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
