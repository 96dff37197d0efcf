import { Trans, useLingui } from '@lingui/react/macro'

/** A progress bar for one upload (0…1), announced as a percentage. */
export const UploadProgress = ({ value, name }: { value: number; name?: string | undefined }) => {
  const { t } = useLingui()
  const percent = Math.max(0, Math.min(100, Math.round(value * 100)))
  return (
    <div className="flex flex-col gap-1">
      <div className="flex justify-between gap-2 text-sm text-slate-700">
        <span className="min-w-0 truncate">
          {name ? <Trans>{name} wird hochgeladen …</Trans> : <Trans>Wird hochgeladen …</Trans>}
        </span>
        <span aria-hidden="true">{percent} %</span>
      </div>
      <div
        role="progressbar"
        aria-label={name ? t`Fortschritt beim Hochladen von ${name}` : t`Fortschritt beim Hochladen`}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={`${percent} %`}
        className="h-2 w-full overflow-hidden rounded-full bg-slate-200"
      >
        <div className="h-full rounded-full bg-brand-700 transition-[width]" style={{ width: `${percent}%` }} />
      </div>
    </div>
  )
}
