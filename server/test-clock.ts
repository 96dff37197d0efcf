/**
 * The backend's clock with test hooks on: journeys move it (`PUT /__mock/clock`) to see what a later
 * day brings (the annual tax transmission is possible only for past years) without waiting for it. Once
 * set, it runs on from the instant given; null goes back to the system's time. Only the domain's clock
 * moves: token lifetimes stay the identity provider's.
 */
import type { Clock } from '#domain/ports.ts'

export interface TestClock extends Clock {
  /** Runs on from `instant` (epoch ms); null: the system's time again. */
  set(instant: number | null): void
}

export const createTestClock = (system: () => number = () => Date.now()): TestClock => {
  let offset = 0
  return {
    now: () => system() + offset,
    set: (instant) => {
      offset = instant === null ? 0 : instant - system()
    },
  }
}
