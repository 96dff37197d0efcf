import { Trans, useLingui } from '@lingui/react/macro'
import { ButtonLink } from '#src/components/ui/button.tsx'
import { DocumentTitle } from '#src/components/ui/page-header.tsx'

/**
 * A signed-in user opened a screen their role does not allow. Worded as every other refusal (a 403 of the
 * backend, components/ui/failure.ts): "Kein Zugriff".
 */
export const ForbiddenPage = () => {
  const { t } = useLingui()
  return (
    <div className="mx-auto max-w-xl py-12 text-center">
      <DocumentTitle title={t`Kein Zugriff`} />
      <h1 className="text-2xl font-bold text-slate-900">
        <Trans>Kein Zugriff</Trans>
      </h1>
      <p className="mt-3 text-slate-700">
        <Trans>Sie haben keinen Zugriff auf diese Seite. Wenden Sie sich bei Bedarf an die Administration.</Trans>
      </p>
      <div className="mt-6">
        <ButtonLink to="/home">
          <Trans>Zur Übersicht</Trans>
        </ButtonLink>
      </div>
    </div>
  )
}
