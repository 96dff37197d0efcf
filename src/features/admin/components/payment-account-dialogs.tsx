import { Trans, useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { lazy, Suspense, useEffect, useState } from 'react'
import { toast } from '#src/lib/toast.ts'
import type { OnboardingLink } from '#openapi/generated/model/onboardingLink.ts'
import { buttonClasses } from '#src/components/ui/button.tsx'
import { ConfirmDialog, Dialog, DialogClose, useLastDefined } from '#src/components/ui/dialog.tsx'
import { LoadingBlock } from '#src/components/ui/loading-block.tsx'
import { problemKind } from '#src/lib/api-errors.ts'
import { formatDateTime } from '#src/lib/format.ts'
import { whenIdle } from '#src/lib/when-idle.ts'
import {
  useCreatePaymentAccountMutation,
  useDeletePaymentAccountMutation,
} from '#src/features/admin/api/payment-account-mutations.ts'
import { paymentAccountHeadingId, type PaymentAction } from './payment-account-panel.tsx'

// The reason form (react-hook-form, zod) is its own chunk, fetched when the release tab is idle.
const loadForms = () => import('./reason-dialog-forms.tsx')
const RejectForm = lazy(() => loadForms().then((module) => ({ default: module.RejectForm })))

interface PaymentAccountDialogsProps {
  action: PaymentAction | null
  onClose: () => void
}

/** Create (then the onboarding link), deactivate with a reason, delete: each asks first. */
export const PaymentAccountDialogs = ({ action, onClose }: PaymentAccountDialogsProps) => {
  const [link, setLink] = useState<{ clubId: string; clubName: string; onboarding: OnboardingLink } | null>(null)
  useEffect(() => whenIdle(() => void loadForms()), [])
  return (
    <>
      <CreateAccountDialog
        action={action?.kind === 'create' ? action : null}
        onClose={onClose}
        onCreated={(clubId, clubName, onboarding) => {
          onClose()
          setLink({ clubId, clubName, onboarding })
        }}
      />
      <RejectAccountDialog action={action?.kind === 'reject' ? action : null} onClose={onClose} />
      <DeleteAccountDialog action={action?.kind === 'delete' ? action : null} onClose={onClose} />
      <OnboardingLinkDialog link={link} onClose={() => setLink(null)} />
    </>
  )
}

const CreateAccountDialog = ({
  action,
  onClose,
  onCreated,
}: {
  action: Extract<PaymentAction, { kind: 'create' }> | null
  onClose: () => void
  onCreated: (clubId: string, clubName: string, link: OnboardingLink) => void
}) => {
  const { t } = useLingui()
  const create = useCreatePaymentAccountMutation()
  const shown = useLastDefined(action)
  const name = shown?.club.name ?? ''
  const confirm = () => {
    if (!shown) return
    create.mutate(
      { clubId: shown.club.id },
      {
        onSuccess: (link) => onCreated(shown.club.id, shown.club.name, link),
        onError: (error) => {
          const kind = problemKind(error)
          toast.error(
            kind === 'payment-account-exists'
              ? t`Für ${name} gibt es bereits ein Zahlungskonto. Die Liste wurde aktualisiert.`
              : kind === 'club-not-active'
                ? t`Ein Zahlungskonto kann nur für einen aktiven Verein angelegt werden.`
                : t`Fehler beim Anlegen des Zahlungskontos`,
          )
          onClose()
        },
      },
    )
  }
  return (
    <ConfirmDialog
      open={action !== null}
      onOpenChange={(open) => !open && onClose()}
      title={t`Zahlungskonto für ${name} anlegen?`}
      description={t`Beim Kartenzahlungsanbieter wird ein Konto für den Verein angelegt. Danach bekommen Sie einen Link zur Einrichtung, die der Verein beim Anbieter abschließt.`}
      confirmLabel={t`Zahlungskonto anlegen`}
      pending={create.isPending}
      onConfirm={confirm}
    />
  )
}

const OnboardingLinkDialog = ({
  link,
  onClose,
}: {
  link: { clubId: string; clubName: string; onboarding: OnboardingLink } | null
  onClose: () => void
}) => {
  const { t } = useLingui()
  const shown = useLastDefined(link)
  return (
    <Dialog
      open={link !== null}
      onOpenChange={(open) => !open && onClose()}
      // It opened from the confirmation, which is gone, as is the club's "Zahlungskonto anlegen": the focus
      // goes to the club's account, which now shows the new one.
      fallbackFocus={() => (shown ? document.getElementById(paymentAccountHeadingId(shown.clubId)) : null)}
      title={t`Zahlungskonto angelegt`}
      description={
        shown ? t`Das Konto für ${shown.clubName} wartet auf die Einrichtung beim Zahlungsanbieter.` : undefined
      }
      footer={
        <DialogClose variant="secondary">
          <Trans>Schließen</Trans>
        </DialogClose>
      }
    >
      {shown && (
        <div className="flex flex-col gap-3 text-sm text-slate-800">
          <p>
            <Trans>
              Öffnen Sie die Einrichtung selbst oder geben Sie dem Verein Bescheid: Der Link gilt einmal und bis{' '}
              {formatDateTime(shown.onboarding.expiresAt)}. Danach startet der Verein die Einrichtung auf der
              Zahlungsseite neu.
            </Trans>
          </p>
          <div className="flex flex-wrap gap-2">
            <a href={shown.onboarding.url} className={buttonClasses('primary', 'md')}>
              <Trans>Einrichtung beim Zahlungsanbieter öffnen</Trans>
            </a>
            <Link
              to="/payment"
              search={{ clubId: shown.clubId }}
              className={buttonClasses('secondary', 'md')}
              onClick={onClose}
            >
              <Trans>Zur Zahlungsseite des Vereins</Trans>
            </Link>
          </div>
          <p className="break-all text-slate-600">
            <Trans>Link zur Einrichtung:</Trans> <span className="font-mono">{shown.onboarding.url}</span>
          </p>
        </div>
      )}
    </Dialog>
  )
}

const RejectAccountDialog = ({
  action,
  onClose,
}: {
  action: Extract<PaymentAction, { kind: 'reject' }> | null
  onClose: () => void
}) => {
  const { t } = useLingui()
  const shown = useLastDefined(action)
  return (
    <Dialog
      open={action !== null}
      onOpenChange={(open) => !open && onClose()}
      title={t`Zahlungskonto von ${shown?.club.name ?? ''} deaktivieren?`}
      description={t`Der Verein kann danach keine Kartenzahlungen mehr annehmen. Der Grund wird dem Verein angezeigt.`}
    >
      {action && (
        <Suspense fallback={<LoadingBlock />}>
          <RejectForm key={action.account.accountId} action={action} onDone={onClose} />
        </Suspense>
      )}
    </Dialog>
  )
}

const DeleteAccountDialog = ({
  action,
  onClose,
}: {
  action: Extract<PaymentAction, { kind: 'delete' }> | null
  onClose: () => void
}) => {
  const { t } = useLingui()
  const remove = useDeletePaymentAccountMutation()
  const shown = useLastDefined(action)
  const name = shown?.club.name ?? ''
  const confirm = () => {
    if (!shown) return
    remove.mutate(
      { accountId: shown.account.accountId, clubId: shown.club.id },
      {
        onSuccess: onClose,
        onError: () => {
          toast.error(t`Fehler beim Löschen des Zahlungskontos`)
          onClose()
        },
      },
    )
  }
  return (
    <ConfirmDialog
      open={action !== null}
      onOpenChange={(open) => !open && onClose()}
      title={t`Zahlungskonto von ${name} löschen?`}
      description={t`Das Konto wird beim Kartenzahlungsanbieter geschlossen. Danach hat der Verein kein Zahlungskonto mehr; ein neues kann angelegt werden.`}
      confirmLabel={t`Endgültig löschen`}
      destructive
      pending={remove.isPending}
      onConfirm={confirm}
    />
  )
}
