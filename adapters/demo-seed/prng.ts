/** A small seeded PRNG (mulberry32): the same seed gives the same demo data on every machine. */
export interface Prng {
  /** A float in [0, 1). */
  next(): number
  /** An integer in [min, max]. */
  int(min: number, max: number): number
  pick<T>(items: readonly T[]): T
  /** Picks by relative weights (same length as `items`). */
  weighted<T>(items: readonly T[], weights: readonly number[]): T
  chance(probability: number): boolean
  /** A string of `length` characters from `alphabet`. */
  string(length: number, alphabet?: string): string
}

const ID_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789'

export const createPrng = (seed: number): Prng => {
  let state = seed >>> 0
  const next = (): number => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
  const prng: Prng = {
    next,
    int: (min, max) => min + Math.floor(next() * (max - min + 1)),
    pick: (items) => {
      if (items.length === 0) throw new Error('pick from an empty list')
      return items[Math.floor(next() * items.length)]!
    },
    weighted: (items, weights) => {
      const total = weights.reduce((sum, weight) => sum + weight, 0)
      let roll = next() * total
      for (let i = 0; i < items.length; i++) {
        roll -= weights[i] ?? 0
        if (roll < 0) return items[i]!
      }
      return items[items.length - 1]!
    },
    chance: (probability) => next() < probability,
    string: (length, alphabet = ID_ALPHABET) => {
      let out = ''
      for (let i = 0; i < length; i++) out += alphabet[Math.floor(next() * alphabet.length)]
      return out
    },
  }
  return prng
}
