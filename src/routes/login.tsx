import { createFileRoute } from '@tanstack/react-router'
import { optionalString, z } from '@/lib/search-params'
import { LoginPage } from '@/features/auth/login-page'

export const Route = createFileRoute('/login')({
  validateSearch: z.object({ redirect: optionalString(2000) }),
  component: LoginPage,
})
