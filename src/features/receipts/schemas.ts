import { t } from '@lingui/core/macro'
import type { ReceiptSettings } from '#openapi/generated/model/receiptSettings.ts'
import type { ReceiptWithdrawal } from '#openapi/generated/model/receiptWithdrawal.ts'
import {
  GetClubReceiptsQueryParams,
  UpdateReceiptSettingsBody,
  updateReceiptSettingsBodyGermanyOneExemptionLastPeriodOneMax,
  updateReceiptSettingsBodyGermanyOneExemptionLastPeriodOneMin,
  WithdrawReceiptBody,
  withdrawReceiptBodyReasonMax,
  withdrawReceiptBodyReasonMin,
} from '#openapi/generated/zod/receipts/receipts.zod.ts'
import { todayIso } from '#src/lib/format.ts'
import { plainText } from '#src/lib/form-checks.ts'
import { z } from '#src/lib/zod.ts'

/*
 * The receipts screen's forms, derived from the contract's bodies (`ReceiptWithdrawal`, `ReceiptSettings`):
 * the generated schemas keep the limits, the forms add German messages and what the backend checks
 * besides (no blank text: it trims; no control characters).
 */

/**
 * A text the backend trims and refuses blank, then the contract's limits. No `abort`: an explicitly
 * aborted field would keep the settings' cross-field checks (`when`) from running, and a pipe stops at its
 * first failing stage anyway.
 */
const text = <T extends z.ZodMiniType<string, string>>(contract: T, missing: () => string, multiline = false) =>
  z.pipe(z.pipe(z.string().check(z.trim(), z.minLength(1, { error: missing })), plainText(multiline)), contract)

// ------------------------------------------------------------------------------------------ period

const { from: contractFrom } = GetClubReceiptsQueryParams.shape

/** A day of the period: the list always shows one (this year when none is chosen), so both are needed. */
const periodDay = (missing: () => string) =>
  z.pipe(z.string().check(z.minLength(1, { error: missing, abort: true })), contractFrom.def.innerType)

/** The list's period by the day of issue: "Bis" not before "Von". */
export const periodSchema = () =>
  z
    .object({
      from: periodDay(() => t`Bitte geben Sie den ersten Tag des Zeitraums an.`),
      to: periodDay(() => t`Bitte geben Sie den letzten Tag des Zeitraums an.`),
    })
    .check(
      z.superRefine((value, context) => {
        if (value.to < value.from)
          context.addIssue({
            code: 'custom',
            path: ['to'],
            message: t`Das Bis-Datum darf nicht vor dem Von-Datum liegen.`,
          })
      }),
    )

export type PeriodInput = z.input<ReturnType<typeof periodSchema>>
export type PeriodValues = z.output<ReturnType<typeof periodSchema>>

// ------------------------------------------------------------------------------------------ withdraw

export const withdrawSchema = () =>
  z.object({
    reason: z.pipe(
      z.pipe(
        z.string().check(
          z.trim(),
          z.minLength(withdrawReceiptBodyReasonMin, {
            error: () => t`Bitte nennen Sie den Grund in mindestens ${withdrawReceiptBodyReasonMin} Zeichen.`,
            abort: true,
          }),
          z.maxLength(withdrawReceiptBodyReasonMax, {
            error: () => t`Der Grund darf höchstens ${withdrawReceiptBodyReasonMax} Zeichen lang sein.`,
            abort: true,
          }),
        ),
        plainText(true),
      ),
      WithdrawReceiptBody.shape.reason,
    ),
  })

export type WithdrawInput = z.input<ReturnType<typeof withdrawSchema>>
export type WithdrawValues = z.output<ReturnType<typeof withdrawSchema>>

/** The last gate before the request: the generated body schema itself. */
export const withdrawBody = (values: WithdrawValues): ReceiptWithdrawal => WithdrawReceiptBody.parse(values)

// ------------------------------------------------------------------------------------------ settings

const Settings = UpdateReceiptSettingsBody.shape
const Germany = Settings.germany.def.options[0].shape
const Exemption = Germany.exemption.shape
const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/

/** The German part: checked only when the club has its seat in Germany (see `receiptSettingsSchema`). */
const germanySchema = () =>
  z.object({
    purposes: text(
      Germany.purposes,
      () => t`Bitte nennen Sie die steuerbegünstigten Zwecke, zum Beispiel „Förderung des Sports“.`,
      true,
    ),
    exemption: z
      .object({
        kind: Exemption.kind,
        taxOffice: text(Exemption.taxOffice, () => t`Bitte geben Sie das Finanzamt an.`),
        taxNumber: text(Exemption.taxNumber, () => t`Bitte geben Sie die Steuernummer an.`),
        issuedOn: z.pipe(
          z.string().check(
            z.refine((value) => ISO_DAY.test(value) && !Number.isNaN(Date.parse(value)), {
              error: () => t`Bitte geben Sie das Datum des Bescheids an.`,
            }),
            // An empty or invalid day passes here (the check before has said so).
            z.refine((value) => !ISO_DAY.test(value) || value <= todayIso(), {
              error: () => t`Das Datum des Bescheids darf nicht in der Zukunft liegen.`,
            }),
          ),
          Exemption.issuedOn,
        ),
        lastPeriod: z.string(),
      })
      .check(
        // Only a Freistellungsbescheid names the last assessment period; a § 60a notice has none.
        z.superRefine(
          (exemption, context) => {
            if (exemption.kind !== 'FREISTELLUNGSBESCHEID') return
            const period = exemption.lastPeriod.trim()
            const message =
              period === ''
                ? t`Bitte geben Sie den letzten Veranlagungszeitraum an, zum Beispiel 2023.`
                : period.length < updateReceiptSettingsBodyGermanyOneExemptionLastPeriodOneMin ||
                    period.length > updateReceiptSettingsBodyGermanyOneExemptionLastPeriodOneMax
                  ? t`Bitte geben Sie den Zeitraum mit ${updateReceiptSettingsBodyGermanyOneExemptionLastPeriodOneMin} bis ${updateReceiptSettingsBodyGermanyOneExemptionLastPeriodOneMax} Zeichen an, zum Beispiel 2023 oder 2021–2023.`
                  : null
            if (message) context.addIssue({ code: 'custom', path: ['lastPeriod'], message, continue: true })
          },
          // Also when another field of the notice is wrong: every finding at once.
          { when: () => true },
        ),
      ),
  })

/**
 * "Angaben auf der Bestätigung": the place of issue and who signs, and for a club with its seat in
 * Germany (its address, `inGermany`) the purposes and the exemption notice, checked only then.
 */
export const receiptSettingsSchema = () => {
  const germany = germanySchema()
  return z
    .object({
      place: text(Settings.place, () => t`Bitte geben Sie den Ort der Ausstellung an.`),
      signerName: text(Settings.signerName, () => t`Bitte geben Sie den Namen der unterschreibenden Person an.`),
      signerRole: text(Settings.signerRole, () => t`Bitte geben Sie die Funktion an, zum Beispiel Obmann.`),
      inGermany: z.boolean(),
      germany: z.object({
        purposes: z.string(),
        exemption: z.object({
          kind: Exemption.kind,
          taxOffice: z.string(),
          taxNumber: z.string(),
          issuedOn: z.string(),
          lastPeriod: z.string(),
        }),
      }),
    })
    .check(
      z.superRefine(
        (value, context) => {
          if (!value.inGermany) return
          const result = germany.safeParse(value.germany)
          if (result.success) return
          for (const issue of result.error.issues)
            context.addIssue({
              code: 'custom',
              path: ['germany', ...issue.path],
              message: issue.message,
              continue: true,
            })
        },
        { when: (payload) => typeof payload.value === 'object' && payload.value !== null },
      ),
    )
}

export type ReceiptSettingsInput = z.input<ReturnType<typeof receiptSettingsSchema>>
export type ReceiptSettingsValues = z.output<ReturnType<typeof receiptSettingsSchema>>

/**
 * The form's values for the settings as saved; `inGermany` where the club's address is (its profile), so
 * the German part is asked for exactly for a German club.
 */
export const receiptSettingsFormValues = (settings: ReceiptSettings, inGermany: boolean): ReceiptSettingsInput => ({
  place: settings.place,
  signerName: settings.signerName,
  signerRole: settings.signerRole,
  inGermany,
  germany: {
    purposes: settings.germany?.purposes ?? '',
    exemption: {
      kind: settings.germany?.exemption.kind ?? 'FREISTELLUNGSBESCHEID',
      taxOffice: settings.germany?.exemption.taxOffice ?? '',
      taxNumber: settings.germany?.exemption.taxNumber ?? '',
      issuedOn: settings.germany?.exemption.issuedOn ?? '',
      lastPeriod: settings.germany?.exemption.lastPeriod ?? '',
    },
  },
})

/**
 * The body of `PUT …/receipt-settings`, through the generated body schema (the last gate). An Austrian
 * club keeps the German part as `saved` (not shown, not used): a club whose address moves back to Germany
 * finds its notice again.
 */
export const receiptSettingsBody = (
  values: ReceiptSettingsValues,
  saved: ReceiptSettings['germany'],
): ReceiptSettings => {
  const germany = values.inGermany ? germanySchema().parse(values.germany) : null
  return UpdateReceiptSettingsBody.parse({
    place: values.place,
    signerName: values.signerName,
    signerRole: values.signerRole,
    germany: germany
      ? {
          purposes: germany.purposes,
          exemption: {
            ...germany.exemption,
            lastPeriod: germany.exemption.kind === 'FREISTELLUNGSBESCHEID' ? germany.exemption.lastPeriod.trim() : null,
          },
        }
      : saved,
  })
}
