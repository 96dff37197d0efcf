import type { ReactNode } from 'react'

const APP_NAME = 'Vereinsportal'

/** React 19 hoists <title> into the document head: every screen names itself in the browser tab. */
export const DocumentTitle = ({ title }: { title: string }) => <title>{`${title} · ${APP_NAME}`}</title>

/**
 * The one h1 of a screen, with an optional lead text and actions; a string title also names the tab,
 * unless `documentTitle` names it more closely (the part of the screen that shows, e.g. an admin tab).
 */
export const PageHeader = ({
  title,
  documentTitle,
  description,
  actions,
}: {
  title: ReactNode
  documentTitle?: string
  description?: ReactNode
  actions?: ReactNode
}) => (
  <div className="mb-6 flex flex-wrap items-end justify-between gap-4">
    {documentTitle ? (
      <DocumentTitle title={documentTitle} />
    ) : (
      typeof title === 'string' && <DocumentTitle title={title} />
    )}
    <div className="min-w-0">
      <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">{title}</h1>
      {description && <p className="mt-1 max-w-prose text-slate-700">{description}</p>}
    </div>
    {actions && <div className="flex flex-wrap gap-2">{actions}</div>}
  </div>
)
