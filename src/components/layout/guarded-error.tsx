import type { ErrorComponentProps } from '@tanstack/react-router'
import { ForbiddenError } from '@/lib/auth/guard'
import { ErrorPage } from './error-page'
import { ForbiddenPage } from './forbidden-page'

/** The error component of the guarded layout: a refused role is not a crash. */
export const GuardedError = (props: ErrorComponentProps) =>
  props.error instanceof ForbiddenError ? <ForbiddenPage /> : <ErrorPage {...props} />
