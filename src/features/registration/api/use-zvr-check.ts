import { useQueryClient } from '@tanstack/react-query'
import { useCallback } from 'react'
import {
  getCheckZvrAvailabilityQueryKey,
  getCheckZvrAvailabilityQueryOptions,
} from '#src/api/generated/query/endpoints/clubs/clubs.ts'
import type { ZvrAvailability } from '#openapi/generated/model/zvrAvailability.ts'
import { createClubWithUserBodyClubZvrNumberRegExp } from '#openapi/generated/zod/clubs/clubs.zod.ts'

/** An answer is reused this long: leaving the field and then pressing "Weiter" asks once. */
const ANSWER_FRESH_MS = 30_000

/**
 * The registration's early ZVR look-up (`GET club/zvr-availability`): whether another club has the number.
 * Advisory only: the registration itself decides at the end
 * (docs/decisions/0043-zvr-check-before-the-last-step.md).
 */
export const useZvrCheck = () => {
  const queryClient = useQueryClient()

  /**
   * True when another club has `zvrNumber`; false when it is free, is no ZVR number (the form says so
   * itself), or the look-up failed: a network error or a rate limit never holds the person up.
   */
  const isTaken = useCallback(
    async (zvrNumber: string): Promise<boolean> => {
      const zvr = zvrNumber.trim()
      if (!createClubWithUserBodyClubZvrNumberRegExp.test(zvr)) return false
      try {
        const answer = await queryClient.fetchQuery({
          // Not for the loading overlay: the look-up runs while the person goes on typing.
          ...getCheckZvrAvailabilityQueryOptions({ zvr }, { request: { background: true } }),
          staleTime: ANSWER_FRESH_MS,
          retry: false,
        })
        return !answer.available
      } catch {
        return false
      }
    },
    [queryClient],
  )

  /** The registration found the number taken after all (it had been free): later look-ups say so too. */
  const rememberTaken = useCallback(
    (zvrNumber: string) =>
      queryClient.setQueryData<ZvrAvailability>(getCheckZvrAvailabilityQueryKey({ zvr: zvrNumber.trim() }), {
        available: false,
      }),
    [queryClient],
  )

  return { isTaken, rememberTaken }
}
