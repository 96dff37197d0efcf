import { Trans } from '@lingui/react/macro'
import { LoadingBlock } from '#src/components/ui/loading-block.tsx'

/**
 * A screen whose data is still on the way (the router's pending component): the outline of a
 * page and "Seite wird geladen …" in place of the screen, inside the shell. No heading of its own: the
 * screen's h1 comes with the screen.
 */
export const PagePending = () => (
  <div data-testid="page-pending">
    <div aria-hidden="true" className="mb-6 flex flex-col gap-3">
      <div className="h-8 w-64 max-w-full animate-pulse rounded-md bg-slate-200" />
      <div className="h-4 w-96 max-w-full animate-pulse rounded bg-slate-100" />
    </div>
    <LoadingBlock>
      <Trans>Seite wird geladen …</Trans>
    </LoadingBlock>
    <div aria-hidden="true" className="mt-2 grid gap-6 lg:grid-cols-3">
      <div className="h-40 animate-pulse rounded-lg bg-slate-100 lg:col-span-2" />
      <div className="h-40 animate-pulse rounded-lg bg-slate-100" />
    </div>
  </div>
)
