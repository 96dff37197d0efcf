import { seedClubs } from '#adapters/demo-seed/seed-accounts.ts'
import { buildSeed } from '#adapters/demo-seed/seed.ts'
import type { RegistrationOptions } from './forms.ts'

/**
 * The seed's "Musikverein Hallein", for the journeys and scenes of a second club with its ZVR number or
 * its name. The seed's numbers come from its fixed random sequence, whatever the day, so the seed built
 * here has the numbers of the one in the page.
 */
export const seedHallein = () => {
  const club = buildSeed(Date.now()).tables.clubs.get(seedClubs.secondActive)!
  return { name: club.profile.name, zvr: club.profile.zvrNumber, postcode: club.profile.address.postalCode }
}

/** The registration of a second "Musikverein Hallein": the seed's name, ZVR number and postal code. */
export const halleinAgain = (): RegistrationOptions => {
  const hallein = seedHallein()
  return {
    club: hallein.name,
    zvr: hallein.zvr,
    street: 'Davisstraße',
    houseNumber: '5',
    postcode: hallein.postcode,
    city: 'Hallein',
    clubType: 'Musikverein',
    email: 'kapellmeisterin@mv-hallein.at',
  }
}
