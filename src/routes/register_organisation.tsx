import { createFileRoute } from '@tanstack/react-router'
import { z } from 'zod'
import { RegistrationPage } from '@/features/registration/registration-page'

export const Route = createFileRoute('/register_organisation')({
  // The wizard's step lives in the URL, so the browser's back button steps back too.
  validateSearch: z.object({ step: z.coerce.number().int().min(1).max(5).optional().catch(undefined) }),
  component: RegistrationPage,
})
