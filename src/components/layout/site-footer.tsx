import { Trans } from '@lingui/react/macro'
import { operator } from '#src/lib/config.ts'

/** Spec §1: the operator's company line with links to the privacy document and the imprint/contact page. */
export const SiteFooter = () => (
  <footer className="mt-auto border-t border-slate-200 bg-white">
    <div className="mx-auto flex max-w-6xl flex-col gap-2 px-4 py-6 text-sm text-slate-700 sm:flex-row sm:items-center sm:justify-between">
      <p>{operator.line}</p>
      <ul className="flex gap-4">
        <li>
          <a className="underline hover:text-brand-800" href={operator.privacyUrl}>
            <Trans>Datenschutz</Trans>
          </a>
        </li>
        <li>
          <a className="underline hover:text-brand-800" href={operator.imprintUrl}>
            <Trans>Impressum &amp; Kontakt</Trans>
          </a>
        </li>
      </ul>
    </div>
  </footer>
)
