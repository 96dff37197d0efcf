import { seedClubs } from '#adapters/demo-seed/seed-accounts.ts'
import { buildSeed } from '#adapters/demo-seed/seed.ts'

/**
 * The seed's "Musikverein Hallein", for the journeys and scenes of a second club with its ZVR number or
 * its name (issue 11). The seed's numbers come from its fixed random sequence, whatever the day, so the
 * seed built here has the numbers of the one in the page.
 */
export const seedHallein = () => {
  const club = buildSeed(Date.now()).tables.clubs.get(seedClubs.secondActive)!
  return { name: club.profile.name, zvr: club.profile.zvrNumber, postcode: club.profile.address.postalCode }
}
