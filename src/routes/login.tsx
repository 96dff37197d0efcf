import { createFileRoute } from '@tanstack/react-router'
import { optionalString, schema } from '@/lib/search-params'
import { LoginPage } from '@/features/auth/login-page'

export const Route = createFileRoute('/login')({
  validateSearch: schema({ redirect: optionalString(2000) }),
  component: LoginPage,
})
