import { Trans } from '@lingui/react/macro'
import type { ReactNode } from 'react'
import { Spinner } from './spinner.tsx'

/** In-place loading state for a section while its data is on the way. */
export const LoadingBlock = ({ children }: { children?: ReactNode }) => (
  <div className="flex items-center gap-3 py-6 text-slate-600" role="status">
    <Spinner className="size-5 text-brand-700" />
    <span>{children ?? <Trans>Wird geladen …</Trans>}</span>
  </div>
)
