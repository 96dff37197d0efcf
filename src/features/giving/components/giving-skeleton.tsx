import type { ReactNode } from 'react'
import { DocumentTitle } from '#src/components/ui/page-header.tsx'
import { LoadingBlock } from '#src/components/ui/loading-block.tsx'

/**
 * The outline of a public giving page while its data is on the way. It names no campaign and no checkout:
 * the build prerenders it once for every campaign (src/prerender.tsx), so it must look the same for all.
 */
export const GivingSkeleton = ({ title, children }: { title: string; children: ReactNode }) => (
  <div data-testid="giving-skeleton">
    <DocumentTitle title={title} />
    <div aria-hidden="true" className="mb-6 flex items-center gap-3">
      <div className="size-12 shrink-0 animate-pulse rounded-md bg-slate-200" />
      <div className="flex w-full flex-col gap-2">
        <div className="h-4 w-40 max-w-full animate-pulse rounded bg-slate-100" />
        <div className="h-8 w-80 max-w-full animate-pulse rounded-md bg-slate-200" />
      </div>
    </div>
    <LoadingBlock>{children}</LoadingBlock>
    <div aria-hidden="true" className="mt-2 grid gap-6 lg:grid-cols-[minmax(0,1fr)_24rem]">
      <div className="flex flex-col gap-3">
        <div className="h-4 w-full animate-pulse rounded bg-slate-100" />
        <div className="h-4 w-5/6 animate-pulse rounded bg-slate-100" />
        <div className="h-3 w-full animate-pulse rounded-full bg-slate-200" />
      </div>
      <div className="h-72 animate-pulse rounded-lg bg-slate-100" />
    </div>
  </div>
)
