import { createFileRoute } from '@tanstack/react-router'
import { z } from 'zod'
import { ClubProfilePage } from '@/features/club-profile/club-profile-page'

export const Route = createFileRoute('/_authenticated/club/$clubId/$showSaveAlert')({
  params: z.object({
    clubId: z.string().min(1).max(64),
    // Passed to the screen as a flag (spec §2); anything but "true" means no save alert.
    showSaveAlert: z.string().transform((value) => value === 'true'),
  }),
  component: ClubProfilePage,
})
