import type { ErrorComponentProps } from '@tanstack/react-router'
import { ForbiddenError } from '#src/lib/auth/guard.ts'
import { ErrorPage } from './error-page.tsx'
import { ForbiddenPage } from './forbidden-page.tsx'

/** The error component of the guarded layout: a refused role is not a crash. */
export const GuardedError = (props: ErrorComponentProps) =>
  props.error instanceof ForbiddenError ? <ForbiddenPage /> : <ErrorPage {...props} />
