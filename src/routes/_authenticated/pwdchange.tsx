import { createFileRoute } from '@tanstack/react-router'
import { PasswordChangePage } from '@/features/auth/password-change-page'

export const Route = createFileRoute('/_authenticated/pwdchange')({
  staticData: { roles: ['ROLE_ADMIN', 'ROLE_STAFF'] },
  component: PasswordChangePage,
})
