import './messages.ts'
import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { getRouteApi } from '@tanstack/react-router'
import { Suspense, lazy, useCallback, useEffect, useRef, useState } from 'react'
import {
  getGetClubOverviewQueryOptions,
  getGetClubsOfUserQueryOptions,
} from '#src/api/generated/query/endpoints/clubs/clubs.ts'
import type { Completeness } from '#openapi/generated/model/completeness.ts'
import { Alert } from '#src/components/ui/alert.tsx'
import { ButtonLink } from '#src/components/ui/button.tsx'
import { ConfirmDialog } from '#src/components/ui/dialog.tsx'
import { LoadingBlock } from '#src/components/ui/loading-block.tsx'
import { PageHeader } from '#src/components/ui/page-header.tsx'
import { useCurrentUser } from '#src/lib/auth/use-auth.ts'
import { useUnsavedChanges } from '#src/lib/use-unsaved-changes.ts'
import { ClubProfileForm } from './components/club-profile-form.tsx'
import { CompletenessSummary, SaveAlert } from './components/completeness-summary.tsx'

// The logo, the documents, the gallery and the other documents stand below the form: their code comes
// after the form's (decision 46).
const LogoSection = lazy(() =>
  import('./components/logo-section.tsx').then((module) => ({ default: module.LogoSection })),
)
const DocumentsSection = lazy(() =>
  import('./components/documents-section.tsx').then((module) => ({ default: module.DocumentsSection })),
)
const GallerySection = lazy(() =>
  import('./components/media-section.tsx').then((module) => ({ default: module.GallerySection })),
)
const OtherDocumentsSection = lazy(() =>
  import('./components/media-section.tsx').then((module) => ({ default: module.OtherDocumentsSection })),
)

const DeductibilitySection = lazy(() =>
  import('./components/deductibility-section.tsx').then((module) => ({ default: module.DeductibilitySection })),
)

const routeApi = getRouteApi('/_authenticated/club/$clubId/$showSaveAlert')

/**
 * The club edit form (spec §2 `/club/:clubId/:showSaveAlert`). `showSaveAlert`: with `true` a
 * successful save is also confirmed in place (an alert at the top that takes the focus and lists what the
 * backend still misses); with `false` the toast alone reports it. The confirmation before saving incomplete
 * data (spec §4) always applies.
 */
export const ClubProfilePage = () => {
  const { t } = useLingui()
  const { clubId, showSaveAlert } = routeApi.useParams()
  // The route's loader has put the club into the cache; later refetches (after uploads) update it in place.
  const { data: overview } = useQuery(getGetClubOverviewQueryOptions(clubId))
  const { data: me } = useCurrentUser()
  const readOnly = me?.role === 'ROLE_STAFF'
  // The bank details are the money right's (administrators have every right; a member by their club role).
  // Until the member's clubs are there the fields stay open: the backend decides (403 club-right-missing).
  const { data: ownClubs } = useQuery({
    ...getGetClubsOfUserQueryOptions(me?.uid ?? ''),
    enabled: me?.role === 'ROLE_USER',
  })
  const ownClub = ownClubs?.find((own) => own.id === clubId)
  const bankReadOnly = readOnly || (ownClub !== undefined && !ownClub.manageMoney)
  const [formDirty, setFormDirty] = useState(false)
  const [documentsDirty, setDocumentsDirty] = useState(false)
  const [deductibilityDirty, setDeductibilityDirty] = useState(false)
  const [saveResult, setSaveResult] = useState<Completeness | null>(null)
  const saveAlert = useRef<HTMLDivElement>(null)
  const prompt = useUnsavedChanges(formDirty || documentsDirty || deductibilityDirty)

  useEffect(() => {
    if (saveResult) {
      saveAlert.current?.scrollIntoView?.({ block: 'center' })
      saveAlert.current?.focus()
    }
  }, [saveResult])

  const onSaved = useCallback(
    (saved: { completeness: Completeness }) => {
      if (showSaveAlert) setSaveResult(saved.completeness)
    },
    [showSaveAlert],
  )

  if (!overview) return <LoadingBlock />
  const club = overview.club

  return (
    <>
      <PageHeader
        title={t`Vereinsdaten bearbeiten`}
        description={club.name}
        actions={
          <ButtonLink to="/home" search={{ id: clubId }} variant="secondary">
            <Trans>Zur Übersicht</Trans>
          </ButtonLink>
        }
      />
      <div className="flex flex-col gap-6">
        {readOnly && (
          <Alert tone="info" title={t`Nur Ansicht`}>
            <Trans>Als Mitarbeiter/in können Sie die Vereinsdaten ansehen, aber nicht ändern.</Trans>
          </Alert>
        )}
        {saveResult ? (
          <SaveAlert
            ref={saveAlert}
            completeness={club.completeness}
            clubName={me?.role === 'ROLE_USER' ? undefined : club.name}
            onClose={() => setSaveResult(null)}
          />
        ) : (
          <CompletenessSummary completeness={club.completeness} />
        )}
        <ClubProfileForm
          key={`form-${club.id}`}
          club={club}
          readOnly={readOnly}
          bankReadOnly={bankReadOnly}
          onDirtyChange={setFormDirty}
          onSaved={onSaved}
        />
        {/* Its own form and "Speichern": an entry on the BMF list waits for the administration's check. Its
            code comes after the profile form's (it is below it, and only clubs on the BMF list need it). */}
        <Suspense fallback={<LoadingBlock />}>
          <DeductibilitySection clubId={clubId} canEdit={!bankReadOnly} onDirtyChange={setDeductibilityDirty} />
        </Suspense>
        <Suspense fallback={<LoadingBlock />}>
          <LogoSection clubId={clubId} logo={club.logo} disabled={readOnly} />
          <DocumentsSection
            key={`documents-${club.id}`}
            clubId={clubId}
            documents={club.documents}
            onDirtyChange={setDocumentsDirty}
            disabled={readOnly}
          />
          <GallerySection clubId={clubId} disabled={readOnly} />
          <OtherDocumentsSection clubId={clubId} disabled={readOnly} />
        </Suspense>
      </div>
      <ConfirmDialog
        open={prompt.open}
        onOpenChange={(open) => {
          if (!open) prompt.stay()
        }}
        title={t`Ungespeicherte Änderungen verwerfen?`}
        description={t`Sie haben Änderungen, die noch nicht gespeichert sind. Wenn Sie die Seite jetzt verlassen, gehen sie verloren.`}
        confirmLabel={t`Seite verlassen`}
        destructive
        onConfirm={prompt.leave}
      />
    </>
  )
}
