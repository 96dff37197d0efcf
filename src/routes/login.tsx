import { createFileRoute } from '@tanstack/react-router'
import { optionalString, schema } from '#src/lib/search-params.ts'
import { LoginPage } from '#src/features/auth/login-page.tsx'

export const Route = createFileRoute('/login')({
  validateSearch: schema({ redirect: optionalString(2000) }),
  component: LoginPage,
})
