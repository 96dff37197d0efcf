import { Trans, useLingui } from '@lingui/react/macro'
import { ButtonLink } from '#src/components/ui/button.tsx'
import { DocumentTitle } from '#src/components/ui/page-header.tsx'

export const NotFoundPage = () => {
  const { t } = useLingui()
  return (
    <div className="mx-auto max-w-xl py-12 text-center">
      <DocumentTitle title={t`Seite nicht gefunden`} />
      <p className="text-sm font-semibold text-brand-700">404</p>
      <h1 className="mt-1 text-2xl font-bold text-slate-900">
        <Trans>Seite nicht gefunden</Trans>
      </h1>
      <p className="mt-3 text-slate-700">
        <Trans>Die Adresse gibt es im Vereinsportal nicht. Vielleicht hilft die Startseite weiter.</Trans>
      </p>
      <div className="mt-6">
        <ButtonLink to="/">
          <Trans>Zur Startseite</Trans>
        </ButtonLink>
      </div>
    </div>
  )
}
