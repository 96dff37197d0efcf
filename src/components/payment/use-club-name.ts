import { useGetClubOverview } from '#src/api/generated/query/endpoints/clubs/clubs.ts'
import { useAuthUser } from '#src/lib/auth/use-auth.ts'

/**
 * The name of the club a payment page is about (`?clubId=…`), so a representative of several clubs never
 * has to guess which one. Undefined while it loads, for a signed-out visitor, or when the club cannot be
 * read (the page says why through its own query). The overview is usually in the cache already: the
 * dashboard loads it.
 */
export const useClubName = (clubId: string | undefined): string | undefined => {
  const user = useAuthUser()
  const signedIn = Boolean(user?.uid && user.emailVerified)
  const overview = useGetClubOverview(clubId ?? '', {
    query: { enabled: signedIn && Boolean(clubId), select: (data) => data.club.name },
  })
  return overview.data
}
