import { Trans, useLingui } from '@lingui/react/macro'
import type { UseQueryResult } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import { ButtonLink } from '#src/components/ui/button.tsx'
import { PageHeader } from '#src/components/ui/page-header.tsx'
import { QueryError, failureKind } from '#src/components/ui/query-error.tsx'
import { GivingSkeleton } from './giving-skeleton.tsx'

interface MailLinkPageProps<T> {
  query: UseQueryResult<T, unknown>
  /** The page's name while it loads or fails ("Einwilligung"). */
  title: string
  loading: string
  failed: string
  /** The heading when the link leads nowhere (404). */
  unknown: string
  children: (data: T) => ReactNode
}

/**
 * A page a donor opens from a link in a confirmation e-mail (the consent, the receipt): its loading state,
 * a link that leads nowhere (incomplete, or gone), another failure with a retry, then `children` with the
 * data. Public: the link's unguessable key is the donor's.
 */
export const MailLinkPage = <T,>({ query, title, loading, failed, unknown, children }: MailLinkPageProps<T>) => {
  const { t } = useLingui()
  if (query.isPending) return <GivingSkeleton title={title}>{loading}</GivingSkeleton>
  if (query.isError) {
    if (failureKind(query.error) === 'not-found')
      return (
        <>
          <PageHeader
            title={unknown}
            description={t`Vielleicht ist der Link unvollständig. Bitte öffnen Sie den Link aus der Bestätigung Ihrer Spende per E-Mail erneut.`}
          />
          <ButtonLink to="/" variant="secondary">
            <Trans>Zur Startseite</Trans>
          </ButtonLink>
        </>
      )
    return (
      <>
        <PageHeader title={title} />
        <QueryError error={query.error} title={failed} onRetry={() => void query.refetch()} />
      </>
    )
  }
  return children(query.data)
}
