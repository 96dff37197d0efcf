import { createFileRoute } from '@tanstack/react-router'
import { z } from 'zod'
import { LoginPage } from '@/features/auth/login-page'

export const Route = createFileRoute('/login')({
  validateSearch: z.object({ redirect: z.string().max(2000).optional().catch(undefined) }),
  component: LoginPage,
})
