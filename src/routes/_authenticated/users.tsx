import { createFileRoute } from '@tanstack/react-router'
import { UsersPage } from '@/features/users/users-page'

export const Route = createFileRoute('/_authenticated/users')({
  staticData: { roles: ['ROLE_ADMIN'] },
  component: UsersPage,
})
