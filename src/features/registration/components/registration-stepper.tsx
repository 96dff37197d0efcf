import { Trans, useLingui } from '@lingui/react/macro'
import { cn } from '#src/lib/cn.ts'
import { STEPS } from '#src/features/registration/schemas.ts'

/**
 * Where the wizard stands. A list with `aria-current="step"`; each item says in words whether it is done,
 * current or still to come (colour alone would not). On a phone only the numbers show, plus the step name
 * in the heading below.
 */
export const RegistrationStepper = ({ step }: { step: number }) => {
  const { t, i18n } = useLingui()
  return (
    <nav aria-label={t`Schritte der Registrierung`} className="mb-6">
      <ol className="flex items-start gap-1 sm:gap-2">
        {STEPS.map((item, index) => {
          const number = index + 1
          const state = number < step ? 'done' : number === step ? 'current' : 'todo'
          return (
            <li
              key={number}
              aria-current={state === 'current' ? 'step' : undefined}
              className="flex min-w-0 flex-1 flex-col items-center gap-1 text-center"
            >
              <span
                aria-hidden="true"
                className={cn(
                  'flex size-9 items-center justify-center rounded-full border-2 text-sm font-semibold',
                  state === 'done' && 'border-brand-700 bg-brand-700 text-white',
                  state === 'current' && 'border-brand-700 bg-white text-brand-800',
                  state === 'todo' && 'border-slate-300 bg-white text-slate-500',
                )}
              >
                {state === 'done' ? '✓' : number}
              </span>
              <span
                aria-hidden="true"
                className={cn(
                  'hidden text-xs sm:block',
                  state === 'current' ? 'font-semibold text-slate-900' : 'text-slate-600',
                )}
              >
                {i18n._(item.title)}
              </span>
              <span className="sr-only">
                {state === 'done' ? (
                  <Trans>
                    Schritt {number}: {i18n._(item.title)}, erledigt
                  </Trans>
                ) : state === 'current' ? (
                  <Trans>
                    Schritt {number}: {i18n._(item.title)}, aktueller Schritt
                  </Trans>
                ) : (
                  <Trans>
                    Schritt {number}: {i18n._(item.title)}, offen
                  </Trans>
                )}
              </span>
            </li>
          )
        })}
      </ol>
    </nav>
  )
}
