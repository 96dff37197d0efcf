import { Trans } from '@lingui/react/macro'
import {
  forwardRef,
  useId,
  type InputHTMLAttributes,
  type ReactNode,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
} from 'react'
import { cn } from '#src/lib/cn.ts'

const controlClasses = (invalid: boolean) =>
  cn(
    'block w-full rounded-md border bg-white px-3 py-2 text-base text-slate-900 shadow-sm placeholder:text-slate-400',
    'disabled:bg-slate-100 disabled:text-slate-500',
    invalid ? 'border-red-600' : 'border-slate-300',
  )

interface FieldFrameProps {
  id: string
  label: ReactNode
  error?: string | undefined
  hint?: ReactNode
  required?: boolean | undefined
  children: ReactNode
  className?: string | undefined
}

/** Label, control, hint and the German error message right below the control. */
export const FieldFrame = ({ id, label, error, hint, required, children, className }: FieldFrameProps) => (
  <div className={cn('flex flex-col gap-1', className)}>
    <label htmlFor={id} className="text-sm font-medium text-slate-800">
      {label}
      {required && (
        <span className="text-red-700" aria-hidden="true">
          {' '}
          *
        </span>
      )}
    </label>
    {children}
    {hint && !error && (
      <p id={`${id}-hint`} className="text-sm text-slate-600">
        {hint}
      </p>
    )}
    {error && (
      <p id={`${id}-error`} className="text-sm font-medium text-red-700" role="alert">
        {error}
      </p>
    )}
  </div>
)

const describedBy = (id: string, error?: string, hint?: ReactNode) =>
  error ? `${id}-error` : hint ? `${id}-hint` : undefined

interface CommonProps {
  label: ReactNode
  error?: string | undefined
  hint?: ReactNode
  containerClassName?: string
}

export type TextFieldProps = CommonProps & InputHTMLAttributes<HTMLInputElement>

export const TextField = forwardRef<HTMLInputElement, TextFieldProps>(function TextField(
  { label, error, hint, containerClassName, className, id, required, ...props },
  ref,
) {
  const generated = useId()
  const fieldId = id ?? generated
  return (
    <FieldFrame id={fieldId} label={label} error={error} hint={hint} required={required} className={containerClassName}>
      <input
        ref={ref}
        id={fieldId}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(fieldId, error, hint)}
        aria-required={required || undefined}
        className={cn(controlClasses(Boolean(error)), className)}
        {...props}
      />
    </FieldFrame>
  )
})

export type TextAreaFieldProps = CommonProps & TextareaHTMLAttributes<HTMLTextAreaElement>

export const TextAreaField = forwardRef<HTMLTextAreaElement, TextAreaFieldProps>(function TextAreaField(
  { label, error, hint, containerClassName, className, id, required, rows = 4, ...props },
  ref,
) {
  const generated = useId()
  const fieldId = id ?? generated
  return (
    <FieldFrame id={fieldId} label={label} error={error} hint={hint} required={required} className={containerClassName}>
      <textarea
        ref={ref}
        id={fieldId}
        rows={rows}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(fieldId, error, hint)}
        aria-required={required || undefined}
        className={cn(controlClasses(Boolean(error)), className)}
        {...props}
      />
    </FieldFrame>
  )
})

export interface SelectOption {
  value: string
  label: string
}

export type SelectFieldProps = CommonProps &
  SelectHTMLAttributes<HTMLSelectElement> & {
    options: readonly SelectOption[]
    /** A first, empty choice ("Bitte wählen"); omit for selects that always have a value. */
    placeholder?: string
  }

/** A native select: keyboard, screen readers and phones handle it best. */
export const SelectField = forwardRef<HTMLSelectElement, SelectFieldProps>(function SelectField(
  { label, error, hint, containerClassName, className, id, required, options, placeholder, ...props },
  ref,
) {
  const generated = useId()
  const fieldId = id ?? generated
  return (
    <FieldFrame id={fieldId} label={label} error={error} hint={hint} required={required} className={containerClassName}>
      <select
        ref={ref}
        id={fieldId}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(fieldId, error, hint)}
        aria-required={required || undefined}
        className={cn(controlClasses(Boolean(error)), 'pr-8', className)}
        {...props}
      >
        {placeholder !== undefined && <option value="">{placeholder}</option>}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </FieldFrame>
  )
})

export type CheckboxFieldProps = Omit<CommonProps, 'hint'> &
  InputHTMLAttributes<HTMLInputElement> & { hint?: ReactNode }

export const CheckboxField = forwardRef<HTMLInputElement, CheckboxFieldProps>(function CheckboxField(
  { label, error, hint, containerClassName, className, id, ...props },
  ref,
) {
  const generated = useId()
  const fieldId = id ?? generated
  return (
    <div className={cn('flex flex-col gap-1', containerClassName)}>
      <div className="flex items-start gap-3">
        <input
          ref={ref}
          id={fieldId}
          type="checkbox"
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(fieldId, error, hint)}
          className={cn('mt-1 size-5 shrink-0 rounded border-slate-400 accent-brand-700', className)}
          {...props}
        />
        <label htmlFor={fieldId} className="text-base text-slate-800">
          {label}
        </label>
      </div>
      {hint && !error && (
        <p id={`${fieldId}-hint`} className="pl-8 text-sm text-slate-600">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${fieldId}-error`} className="pl-8 text-sm font-medium text-red-700" role="alert">
          {error}
        </p>
      )}
    </div>
  )
})

/** The note above a form that explains the asterisk. */
export const RequiredNote = () => (
  <p className="text-sm text-slate-600">
    <Trans>Mit * gekennzeichnete Felder sind Pflichtfelder.</Trans>
  </p>
)
