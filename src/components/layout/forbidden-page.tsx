import { Trans, useLingui } from '@lingui/react/macro'
import { ButtonLink } from '#src/components/ui/button.tsx'
import { DocumentTitle } from '#src/components/ui/page-header.tsx'

/** A signed-in user opened a screen their role does not allow. */
export const ForbiddenPage = () => {
  const { t } = useLingui()
  return (
    <div className="mx-auto max-w-xl py-12 text-center">
      <DocumentTitle title={t`Keine Berechtigung`} />
      <h1 className="text-2xl font-bold text-slate-900">
        <Trans>Keine Berechtigung</Trans>
      </h1>
      <p className="mt-3 text-slate-700">
        <Trans>
          Für diese Seite fehlt Ihnen die nötige Berechtigung. Wenden Sie sich bei Bedarf an die Administration.
        </Trans>
      </p>
      <div className="mt-6">
        <ButtonLink to="/home">
          <Trans>Zur Übersicht</Trans>
        </ButtonLink>
      </div>
    </div>
  )
}
