import { createFileRoute } from '@tanstack/react-router'
import { PasswordChangePage } from '#src/features/auth/password-change-page.tsx'

export const Route = createFileRoute('/_authenticated/pwdchange')({
  staticData: { roles: ['ROLE_ADMIN', 'ROLE_STAFF'] },
  component: PasswordChangePage,
})
