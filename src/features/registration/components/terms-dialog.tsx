import { Trans, useLingui } from '@lingui/react/macro'
import { Dialog, DialogClose } from '#src/components/ui/dialog.tsx'

/**
 * The terms of use (AGB) a club accepts when it registers. A plain summary the operator can replace; the
 * wizard shows it in a dialog so nothing typed is left behind for reading it.
 */
export const TermsDialog = ({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) => {
  const { t } = useLingui()
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      size="lg"
      title={t`Allgemeine Geschäftsbedingungen (AGB)`}
      description={t`Für die Nutzung des Vereinsportals durch Vereine`}
      footer={
        <DialogClose>
          <Trans>Schließen</Trans>
        </DialogClose>
      }
    >
      <div className="flex flex-col gap-3 text-sm text-slate-800">
        <h3 className="font-semibold">
          <Trans>1. Geltungsbereich</Trans>
        </h3>
        <p>
          <Trans>
            Diese Bedingungen gelten für die Nutzung des Vereinsportals durch gemeinnützige Vereine mit Sitz in
            Österreich. Mit der Registrierung schließt der Verein einen Nutzungsvertrag mit dem Betreiber des Portals.
          </Trans>
        </p>
        <h3 className="font-semibold">
          <Trans>2. Registrierung und Prüfung</Trans>
        </h3>
        <p>
          <Trans>
            Der Verein gibt bei der Registrierung wahrheitsgemäße Daten an. Der Betreiber prüft die Angaben und die
            hochgeladenen Dokumente (SPEND 2-Formular, Bescheid über die Spendenbegünstigung, Ausweis der Kontaktperson)
            und schaltet den Verein anschließend frei. Ein Anspruch auf Freischaltung besteht nicht.
          </Trans>
        </p>
        <h3 className="font-semibold">
          <Trans>3. Spenden und Auszahlung</Trans>
        </h3>
        <p>
          <Trans>
            Spenden werden über einen Zahlungsdienstleister abgewickelt und auf das angegebene Vereinskonto ausgezahlt.
            Der Verein ist für die korrekte Verwendung der Spenden und die Ausstellung von Spendenbestätigungen
            verantwortlich.
          </Trans>
        </p>
        <h3 className="font-semibold">
          <Trans>4. Pflichten des Vereins</Trans>
        </h3>
        <p>
          <Trans>
            Der Verein hält seine Daten aktuell, schützt die Zugangsdaten seiner Benutzer und informiert den Betreiber
            unverzüglich über Änderungen, etwa den Verlust der Spendenbegünstigung.
          </Trans>
        </p>
        <h3 className="font-semibold">
          <Trans>5. Datenschutz</Trans>
        </h3>
        <p>
          <Trans>
            Personenbezogene Daten werden nur zur Erbringung des Dienstes verarbeitet. Details stehen in der
            Datenschutzerklärung.
          </Trans>
        </p>
        <h3 className="font-semibold">
          <Trans>6. Kündigung</Trans>
        </h3>
        <p>
          <Trans>
            Beide Seiten können den Vertrag jederzeit schriftlich kündigen. Bereits eingegangene Spenden werden
            ordnungsgemäß ausgezahlt.
          </Trans>
        </p>
      </div>
    </Dialog>
  )
}
