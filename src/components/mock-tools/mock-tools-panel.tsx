import './messages.ts'
import { Trans, useLingui } from '@lingui/react/macro'
import { useCallback, useEffect, useState, type FormEvent, type ReactNode } from 'react'
import { Alert } from '#src/components/ui/alert.tsx'
import { Button } from '#src/components/ui/button.tsx'
import { ConfirmDialog, Dialog } from '#src/components/ui/dialog.tsx'
import { SelectField, TextField } from '#src/components/ui/field.tsx'
import { formatDateTime } from '#src/lib/format.ts'
import {
  clearMailbox,
  getFaults,
  getMailbox,
  getMockOperations,
  resetDemoData,
  setFaults,
  type MockFaults,
  type MockMail,
} from '#src/lib/mock-control.ts'

export interface MockToolsPanelProps {
  open: boolean
  onOpenChange: (open: boolean) => void
}

const FAILURE_STATUSES = ['400', '401', '403', '404', '409', '500', '503']

const Section = ({ title, children }: { title: string; children: ReactNode }) => (
  <section className="border-t border-slate-200 pt-4 first:border-t-0 first:pt-0">
    <h3 className="mb-2 text-base font-semibold text-slate-900">{title}</h3>
    {children}
  </section>
)

/**
 * Developer and QA tools of the mocked backend (loaded lazily by the shell's demo banner): the demo
 * mailbox with the links the portal would e-mail, injected delay and failures, the sign-in lifetime,
 * and restoring the demo data.
 */
export const MockToolsPanel = ({ open, onOpenChange }: MockToolsPanelProps) => {
  const { t } = useLingui()
  const [mails, setMails] = useState<MockMail[] | null>(null)
  const [faults, setFaultState] = useState<MockFaults | null>(null)
  const [operations, setOperations] = useState<string[]>([])
  const [delay, setDelay] = useState('0')
  const [lifetime, setLifetime] = useState('3600')
  const [failureOperation, setFailureOperation] = useState('')
  const [failureStatus, setFailureStatus] = useState('500')
  const [failureTimes, setFailureTimes] = useState('')
  const [error, setError] = useState<string | null>(null)
  const [notice, setNotice] = useState<string | null>(null)
  const [confirmReset, setConfirmReset] = useState(false)
  const [resetting, setResetting] = useState(false)

  const failed = useCallback(
    () => setError(t`Der Demo-Server hat nicht geantwortet. Bitte versuchen Sie es erneut.`),
    [t],
  )

  const applyFaults = useCallback((next: MockFaults) => {
    setFaultState(next)
    setDelay(String(next.delayMs))
    setLifetime(String(next.tokenLifetimeSeconds))
  }, [])

  const loadMails = useCallback(() => getMailbox().then(setMails, failed), [failed])

  useEffect(() => {
    if (!open) return
    void loadMails()
    getFaults().then(applyFaults, failed)
    getMockOperations().then((ids) => {
      setOperations(ids)
      setFailureOperation((current) => current || ids[0] || '')
    }, failed)
  }, [open, loadMails, applyFaults, failed])

  const run = async (work: () => Promise<void>, done?: string) => {
    setError(null)
    setNotice(null)
    try {
      await work()
      if (done) setNotice(done)
    } catch {
      failed()
    }
  }

  const saveTiming = (event: FormEvent) => {
    event.preventDefault()
    const delayMs = Number(delay)
    const tokenLifetimeSeconds = Number(lifetime)
    if (
      !Number.isInteger(delayMs) ||
      delayMs < 0 ||
      delayMs > 60_000 ||
      !Number.isInteger(tokenLifetimeSeconds) ||
      tokenLifetimeSeconds < 1
    ) {
      setError(t`Bitte geben Sie ganze Zahlen ein: Verzögerung 0 bis 60000 ms, Gültigkeit ab 1 Sekunde.`)
      return
    }
    void run(async () => applyFaults(await setFaults({ delayMs, tokenLifetimeSeconds })), t`Einstellungen übernommen.`)
  }

  const addFailure = (event: FormEvent) => {
    event.preventDefault()
    const times = failureTimes.trim() === '' ? null : Number(failureTimes)
    if (!failureOperation || (times !== null && (!Number.isInteger(times) || times < 1))) {
      setError(
        t`Bitte wählen Sie einen Aufruf und geben Sie als Anzahl eine ganze Zahl ab 1 ein (oder nichts für „immer“).`,
      )
      return
    }
    const failures = [
      ...(faults?.failures ?? []),
      { operationId: failureOperation, status: Number(failureStatus), remaining: times },
    ]
    void run(async () => applyFaults(await setFaults({ failures })), t`Fehler hinzugefügt.`)
  }

  const removeFailure = (index: number) => {
    const failures = (faults?.failures ?? []).filter((_failure, position) => position !== index)
    void run(async () => applyFaults(await setFaults({ failures })))
  }

  const reset = async () => {
    setResetting(true)
    try {
      await resetDemoData()
      window.location.reload()
    } catch {
      setResetting(false)
      setConfirmReset(false)
      failed()
    }
  }

  return (
    <>
      <Dialog
        open={open}
        onOpenChange={onOpenChange}
        size="lg"
        title={<Trans>Demo-Werkzeuge</Trans>}
        description={
          <Trans>
            Für Entwicklung und Tests: die E-Mails, die das Portal verschicken würde, simulierte Verzögerungen und
            Fehler sowie die Beispieldaten.
          </Trans>
        }
        footer={
          <Button variant="secondary" onClick={() => onOpenChange(false)}>
            <Trans>Schließen</Trans>
          </Button>
        }
      >
        <div className="flex flex-col gap-5">
          {error && (
            <Alert tone="error" role="alert">
              {error}
            </Alert>
          )}
          {notice && (
            <Alert tone="success" role="status">
              {notice}
            </Alert>
          )}

          <Section title={t`Demo-Postfach`}>
            <div className="mb-3 flex flex-wrap gap-2">
              <Button size="sm" variant="secondary" onClick={() => void run(loadMails)}>
                <Trans>Aktualisieren</Trans>
              </Button>
              <Button
                size="sm"
                variant="secondary"
                onClick={() => void run(async () => (await clearMailbox(), setMails([])), t`Postfach geleert.`)}
              >
                <Trans>Postfach leeren</Trans>
              </Button>
            </div>
            {mails === null ? (
              <p className="text-sm text-slate-600">
                <Trans>Wird geladen …</Trans>
              </p>
            ) : mails.length === 0 ? (
              <p className="text-sm text-slate-600">
                <Trans>Keine E-Mails.</Trans>
              </p>
            ) : (
              <ul className="flex flex-col gap-3" aria-label={t`E-Mails, neueste zuerst`}>
                {mails.map((mail) => (
                  <li key={mail.id} className="rounded-md border border-slate-200 p-3 text-sm">
                    <p className="font-semibold text-slate-900">{mail.subject}</p>
                    <p className="text-slate-600">
                      <Trans>
                        An {mail.to} · {formatDateTime(mail.sentAt)}
                      </Trans>
                    </p>
                    <p className="mt-2 whitespace-pre-line text-slate-800">{mail.text}</p>
                    <a
                      href={mail.link}
                      className="mt-2 inline-block font-medium text-sky-800 underline hover:text-sky-950"
                      onClick={() => onOpenChange(false)}
                    >
                      <Trans>Link öffnen: {mail.subject}</Trans>
                    </a>
                  </li>
                ))}
              </ul>
            )}
          </Section>

          <Section title={t`Verzögerung und Anmeldung`}>
            <form className="grid gap-3 sm:grid-cols-2" onSubmit={saveTiming}>
              <TextField
                label={t`Verzögerung pro Anfrage (ms)`}
                type="number"
                inputMode="numeric"
                min={0}
                max={60000}
                value={delay}
                onChange={(event) => setDelay(event.target.value)}
              />
              <TextField
                label={t`Gültigkeit neuer Anmeldungen (Sekunden)`}
                hint={t`Kurze Werte lassen die Anmeldung schnell ablaufen.`}
                type="number"
                inputMode="numeric"
                min={1}
                value={lifetime}
                onChange={(event) => setLifetime(event.target.value)}
              />
              <div className="sm:col-span-2">
                <Button type="submit" size="sm">
                  <Trans>Übernehmen</Trans>
                </Button>
              </div>
            </form>
          </Section>

          <Section title={t`Simulierte Fehler`}>
            {faults && faults.failures.length > 0 ? (
              <ul className="mb-3 flex flex-col gap-2" aria-label={t`Aktive Fehler`}>
                {faults.failures.map((failure, index) => (
                  <li
                    key={`${failure.operationId}-${index}`}
                    className="flex items-center justify-between gap-2 text-sm"
                  >
                    <span>
                      {failure.remaining === null ? (
                        <Trans>
                          {failure.operationId}: Status {failure.status}, immer
                        </Trans>
                      ) : (
                        <Trans>
                          {failure.operationId}: Status {failure.status}, noch {failure.remaining}-mal
                        </Trans>
                      )}
                    </span>
                    <Button
                      size="sm"
                      variant="ghost"
                      aria-label={t`Fehler für ${failure.operationId} entfernen`}
                      onClick={() => removeFailure(index)}
                    >
                      <Trans>Entfernen</Trans>
                    </Button>
                  </li>
                ))}
              </ul>
            ) : (
              <p className="mb-3 text-sm text-slate-600">
                <Trans>Keine simulierten Fehler.</Trans>
              </p>
            )}
            <form className="grid gap-3 sm:grid-cols-3" onSubmit={addFailure}>
              <SelectField
                label={t`Aufruf`}
                options={operations.map((id) => ({ value: id, label: id }))}
                value={failureOperation}
                onChange={(event) => setFailureOperation(event.target.value)}
              />
              <SelectField
                label={t`Status`}
                options={FAILURE_STATUSES.map((status) => ({ value: status, label: status }))}
                value={failureStatus}
                onChange={(event) => setFailureStatus(event.target.value)}
              />
              <TextField
                label={t`Anzahl`}
                hint={t`Leer: bei jeder Anfrage.`}
                type="number"
                inputMode="numeric"
                min={1}
                value={failureTimes}
                onChange={(event) => setFailureTimes(event.target.value)}
              />
              <div className="sm:col-span-3">
                <Button type="submit" size="sm" variant="secondary">
                  <Trans>Fehler hinzufügen</Trans>
                </Button>
              </div>
            </form>
          </Section>

          <Section title={t`Beispieldaten`}>
            <p className="mb-2 text-sm text-slate-700">
              <Trans>Stellt alle Vereine, Benutzer, Kampagnen und Spenden wieder her und leert das Postfach.</Trans>
            </p>
            <Button variant="danger" size="sm" onClick={() => setConfirmReset(true)}>
              <Trans>Demo-Daten zurücksetzen</Trans>
            </Button>
          </Section>
        </div>
      </Dialog>
      <ConfirmDialog
        open={confirmReset}
        onOpenChange={setConfirmReset}
        title={<Trans>Demo-Daten zurücksetzen?</Trans>}
        description={
          <Trans>Alle Änderungen in diesem Browser gehen verloren; die Beispieldaten werden neu geladen.</Trans>
        }
        confirmLabel={<Trans>Zurücksetzen</Trans>}
        destructive
        pending={resetting}
        onConfirm={() => void reset()}
      />
    </>
  )
}
