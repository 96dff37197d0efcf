import { Trans } from '@lingui/react/macro'
import type { ReactNode } from 'react'
import { Alert } from './alert.tsx'
import { Button } from './button.tsx'
import { useFailureMessage, type FailureKind } from './failure.ts'

export { failureKind, isRetryable, useFailureMessage, type FailureKind, type FailureMessage } from './failure.ts'

export interface QueryErrorProps {
  /** The failed query's error. */
  error: unknown
  /** Asks again (the query's `refetch`); offered only where that can help, never for 403 or 404. */
  onRetry?: () => void
  /** What could not be loaded, as the title of a failure a retry may fix. */
  title?: string
  /** This screen's own text per kind (e.g. `'not-found'`: "Diese Kampagne gibt es nicht (mehr)."). */
  messages?: Partial<Record<FailureKind, string>>
  /** Further ways out, shown for every kind (e.g. "Anderen Verein wählen"). */
  actions?: ReactNode
  className?: string
}

/** The one way a screen shows a query that failed: in place, with what the person can do. */
export const QueryError = ({ error, onRetry, title, messages, actions, className }: QueryErrorProps) => {
  const failure = useFailureMessage(error, { title, messages })
  const retry = failure.retryable && onRetry
  return (
    <Alert
      tone={failure.retryable ? 'error' : 'warning'}
      role="alert"
      title={failure.title}
      className={className}
      actions={
        retry || actions ? (
          <>
            {retry && (
              <Button variant="secondary" size="sm" onClick={onRetry}>
                <Trans>Erneut versuchen</Trans>
              </Button>
            )}
            {actions}
          </>
        ) : undefined
      }
    >
      <span data-failure={failure.kind}>{failure.text}</span>
    </Alert>
  )
}
