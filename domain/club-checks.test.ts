import { describe, expect, it } from 'vitest'
import { seedAccounts, seedClubTypes, seedClubs } from '#adapters/demo-seed/seed-accounts.ts'
import { clubUpdateOf } from '#tests/backend/bodies.ts'
import { type BodyOf, call, kindOf } from '#tests/backend/client.ts'
import { viennaDay } from './time.ts'

/** No duplicate clubs, and input that makes sense (postal codes, birth dates, characters, trimming). */

const admin = seedAccounts.admin.email
const member = seedAccounts.verein.email
const clubOf = async (clubId: string) => (await call('GET', `/club/cluboverview/${clubId}`, { as: admin })).body.club
/** A club as the profile form sends it back. */
const profileOf = async (clubId: string) => clubUpdateOf(await clubOf(clubId))
type Registration = BodyOf<'POST', '/club/createWithUser'>
const save = (body: BodyOf<'PUT', '/club'>, as: string = admin) => call('PUT', '/club', { as, body })
const register = (body: Registration) => call('POST', '/club/createWithUser', { body })
const clubCount = async () => (await call('GET', '/club', { as: admin, query: { size: 1 } })).body.totalItems

const registration = (
  club: Partial<Registration['club']> = {},
  user: Partial<Registration['user']> = {},
): Registration => ({
  club: {
    name: 'Schachklub Hernals',
    zvrNumber: '4711',
    address: { street: 'Hernalser Hauptstraße', houseNumber: '100', postalCode: '1170', city: 'Wien' },
    clubTypeId: seedClubTypes.kultur,
    clubSize: 20,
    ...club,
  },
  user: {
    email: 'obfrau@schach-hernals.at',
    password: 'Schachmatt-1',
    firstName: 'Sabine',
    lastName: 'Springer',
    ...user,
  },
  acceptedTerms: true,
})

/** The day `years` years before today (Vienna), `days` later. */
const yearsAgo = (years: number, days = 0) => {
  const [year, month, day] = viennaDay(Date.now()).split('-').map(Number) as [number, number, number]
  return new Date(Date.UTC(year - years, month - 1, day + days)).toISOString().slice(0, 10)
}

describe('one club per ZVR number', () => {
  it('refuses a registration with another club’s number (409 zvr-taken at club.zvrNumber), leading zeros or not', async () => {
    const hallein = await clubOf(seedClubs.secondActive)
    const before = await clubCount()
    for (const zvrNumber of [hallein.zvrNumber, `0${hallein.zvrNumber}`]) {
      const result = await register(registration({ name: 'Musikverein Hallein', zvrNumber }))
      expect(result.status).toBe(409)
      expect(kindOf(result)).toBe('zvr-taken')
      expect(result.error?.errors).toEqual([expect.objectContaining({ field: 'club.zvrNumber', code: 'taken' })])
    }
    // Nothing was stored: no club, no user.
    expect(await clubCount()).toBe(before)
    expect((await register(registration())).status).toBe(201)
  })

  it('refuses a profile change to another club’s number (409 zvr-taken at zvrNumber); its own number and none are fine', async () => {
    const hallein = await clubOf(seedClubs.secondActive)
    const profile = await profileOf(seedClubs.volume)
    const taken = await save({ ...profile, zvrNumber: hallein.zvrNumber }, member)
    expect(taken.status).toBe(409)
    expect(kindOf(taken)).toBe('zvr-taken')
    expect(taken.error?.errors).toEqual([expect.objectContaining({ field: 'zvrNumber', code: 'taken' })])
    expect((await save(profile, member)).status).toBe(200)
    expect((await save({ ...profile, zvrNumber: '' }, member)).status).toBe(200)
    // With the number free again, another club may take it (and only one of two at once).
    const other = await profileOf(seedClubs.incomplete)
    expect((await save({ ...other, zvrNumber: profile.zvrNumber })).status).toBe(200)
    expect((await save({ ...(await profileOf(seedClubs.releasable)), zvrNumber: profile.zvrNumber })).status).toBe(409)
  })

  it('lets only one of two registrations with one number through, whichever store', async () => {
    const [first, second] = await Promise.all([
      register(registration({ name: 'Schachklub Ottakring', zvrNumber: '555444333' }, { email: 'a@schach.at' })),
      register(registration({ name: 'Schachklub Favoriten', zvrNumber: '0555444333' }, { email: 'b@schach.at' })),
    ])
    expect([first.status, second.status].sort()).toEqual([201, 409])
    expect(kindOf(first.status === 409 ? first : second)).toBe('zvr-taken')
  })

  it('has no two seed clubs with one number', async () => {
    const items = (await call('GET', '/club', { as: admin, query: { size: 100 } })).body.items as Array<{
      zvrNumber: string
    }>
    const numbers = items.map((item) => item.zvrNumber.replace(/^0+/, '')).filter((zvr) => zvr !== '')
    expect(new Set(numbers).size).toBe(numbers.length)
  })
})

describe('the ZVR check before the registration’s last step', () => {
  const availability = (zvr: string, as?: string) =>
    call('GET', '/club/zvr-availability', { query: { zvr }, ...(as === undefined ? {} : { as }) })

  it('tells anyone whether a number is free, leading zeros or not, and nothing about the club that has it', async () => {
    const hallein = await clubOf(seedClubs.secondActive)
    for (const zvr of [hallein.zvrNumber, `0${hallein.zvrNumber}`]) {
      const taken = await availability(zvr)
      expect(taken.status).toBe(200)
      // Exactly the one flag: no id, name or status of the club.
      expect(taken.body).toEqual({ available: false })
    }
    expect((await availability('4711')).body).toEqual({ available: true })
    // Signed in or not, the same answer.
    expect((await availability(hallein.zvrNumber, member)).body).toEqual({ available: false })
  })

  it('counts every club, whatever its status, as the registration does', async () => {
    for (const clubId of [seedClubs.inactive, seedClubs.incomplete]) {
      const { zvrNumber } = await clubOf(clubId)
      expect((await availability(zvrNumber)).body).toEqual({ available: false })
      expect(kindOf(await register(registration({ zvrNumber })))).toBe('zvr-taken')
    }
  })

  it('follows the clubs: a registered number is taken at once, a number given up is free again', async () => {
    expect((await availability('4711')).body).toEqual({ available: true })
    expect((await register(registration({ zvrNumber: '4711' }))).status).toBe(201)
    expect((await availability('04711')).body).toEqual({ available: false })

    const profile = await profileOf(seedClubs.volume)
    expect((await save({ ...profile, zvrNumber: '999888777' }, member)).status).toBe(200)
    expect((await availability(profile.zvrNumber)).body).toEqual({ available: true })
    expect((await availability('999888777')).body).toEqual({ available: false })
  })

  it('refuses what is no ZVR number (400), and a request without one', async () => {
    for (const zvr of ['', '12a4', '12345678901', ' 4711']) {
      const refused = await availability(zvr)
      expect(refused.status).toBe(400)
      expect(kindOf(refused)).toBe('validation')
    }
    expect((await call('GET', '/club/zvr-availability')).status).toBe(400)
  })
})

describe('a club of the same name in the same postal code', () => {
  it('is registered only when the request confirms it (409 possible-duplicate); case, accents and spaces do not count', async () => {
    const namesake = registration({
      name: '  musikverein   HALLEIN ',
      address: { street: 'Davisstraße', houseNumber: '5', postalCode: '5400', city: 'Hallein' },
    })
    const warned = await register(namesake)
    expect(warned.status).toBe(409)
    expect(kindOf(warned)).toBe('possible-duplicate')
    expect(warned.error?.errors?.map((error) => error.field)).toEqual(['club.name', 'club.address.postalCode'])
    const confirmed = await register({ ...namesake, confirmDuplicate: true })
    expect(confirmed.status).toBe(201)
    // Stored trimmed, inner spaces collapsed.
    expect(confirmed.body.club.name).toBe('musikverein HALLEIN')
    // Another postal code is another place: no question.
    const elsewhere = registration(
      {
        name: 'Musikverein Hallein',
        zvrNumber: '4712',
        address: { street: 'Hauptplatz', houseNumber: '1', postalCode: '5020', city: 'Salzburg' },
      },
      { email: 'x@mv-salzburg.at' },
    )
    expect((await register(elsewhere)).status).toBe(201)
  })

  it('asks in the profile when the name or postal code becomes another club’s, and not again once confirmed', async () => {
    const profile = await profileOf(seedClubs.incomplete)
    const renamed = { ...profile, name: 'Musikverein Hallein', address: { ...profile.address, postalCode: '5400' } }
    const warned = await save(renamed)
    expect(warned.status).toBe(409)
    expect(kindOf(warned)).toBe('possible-duplicate')
    expect(warned.error?.errors?.map((error) => error.field)).toEqual(['name', 'address.postalCode'])
    expect((await save({ ...renamed, confirmDuplicate: true })).status).toBe(200)
    // Saving other changes later does not ask again; the flag is not stored.
    const saved = await save({ ...(await profileOf(seedClubs.incomplete)), description: 'Blasmusik.' })
    expect(saved.status).toBe(200)
    expect(saved.body).not.toHaveProperty('confirmDuplicate')
  })
})

describe('postal codes by country', () => {
  it('takes only Austrian postal codes for the club address (registration and profile)', async () => {
    for (const postalCode of ['540', '54000', '0400', 'A-5400']) {
      const result = await register(
        registration({ address: { street: 'Gasse', houseNumber: '1', postalCode, city: 'Wien' } }),
      )
      expect(result.status).toBe(400)
      expect(result.error?.errors).toEqual([expect.objectContaining({ field: 'club.address.postalCode' })])
    }
    const profile = await profileOf(seedClubs.incomplete)
    const wrong = await save({ ...profile, address: { ...profile.address, postalCode: '80331' } })
    expect(wrong.status).toBe(400)
    expect(wrong.error?.errors).toEqual([expect.objectContaining({ field: 'address.postalCode' })])
    // Empty while unknown (completeness reports it).
    const empty = await save({ ...profile, address: { ...profile.address, postalCode: '' } })
    expect(empty.status).toBe(200)
    expect(empty.body.completeness.missing).toContain('address.postalCode')
  })

  it('holds the club address to its country: Austria unless the profile names Germany', async () => {
    const profile = await profileOf(seedClubs.incomplete)
    // A club stored before addresses named a country is in Austria, and answers say so.
    expect(profile.address.country).toBe('AT')
    const passau = {
      ...profile.address,
      street: 'Innstraße',
      postalCode: '94032',
      city: 'Passau',
      country: 'DE' as const,
    }
    const moved = await save({
      ...profile,
      address: passau,
      billingAddress: { ...profile.billingAddress, sameAsClubAddress: true },
    })
    expect(moved.status, JSON.stringify(moved.error)).toBe(200)
    expect(moved.body.address).toEqual(passau)
    // The billing address repeats the club address, with its country.
    expect(moved.body.billingAddress).toMatchObject({ sameAsClubAddress: true, postalCode: '94032', country: 'DE' })
    const austrianCode = await save({ ...profile, address: { ...passau, postalCode: '5400' } })
    expect(austrianCode.status).toBe(400)
    expect(austrianCode.error?.errors).toEqual([
      expect.objectContaining({ field: 'address.postalCode', code: 'invalid_postal_code' }),
    ])
    // Without a country the address is Austrian again.
    const { country: _country, ...withoutCountry } = passau
    expect((await save({ ...profile, address: withoutCountry })).status).toBe(400)
    const back = await save({ ...profile, address: { ...withoutCountry, postalCode: '5400', city: 'Hallein' } })
    expect(back.status, JSON.stringify(back.error)).toBe(200)
    expect(back.body.address.country).toBe('AT')
  })

  it('holds the billing postal code to its country, as people write it', async () => {
    const profile = await profileOf(seedClubs.incomplete)
    const billing = (country: string, postalCode: string) => ({
      ...profile,
      billingAddress: {
        sameAsClubAddress: false,
        street: 'Hauptstraße',
        houseNumber: '1',
        postalCode,
        city: 'Irgendwo',
        country,
        additionalInformation: '',
      },
    })
    for (const [country, postalCode] of [
      ['DE', '8033'],
      ['AT', '12345'],
      ['CH', '80011'],
      ['IT', '3910'],
      ['NL', '1012'],
    ]) {
      const result = await save(billing(country!, postalCode!))
      expect(result.status, `${country} ${postalCode}`).toBe(400)
      expect(result.error?.errors).toEqual([
        expect.objectContaining({ field: 'billingAddress.postalCode', code: 'invalid_postal_code' }),
      ])
    }
    for (const [country, postalCode] of [
      ['DE', '80331'],
      ['CH', '8001'],
      ['IT', '39100'],
      ['US', '90210'],
      ['', '12345'],
    ]) {
      expect((await save(billing(country!, postalCode!))).status, `${country} ${postalCode}`).toBe(200)
    }
    const dutch = await save(billing('NL', '1012 ab'))
    expect(dutch.status).toBe(200)
    expect(dutch.body.billingAddress.postalCode).toBe('1012 AB')
    // With the club address as billing address the hidden fields are not looked at.
    expect(
      (
        await save({
          ...billing('DE', '1234'),
          billingAddress: { ...billing('DE', '1234').billingAddress, sameAsClubAddress: true },
        })
      ).status,
    ).toBe(200)
  })
})

describe('the legitimation’s birth date', () => {
  it('takes a person from 14 to 120 years old, no younger (or in the future) and no older', async () => {
    const profile = await profileOf(seedClubs.volume)
    const withBirthDate = (birthDate: string) =>
      save({ ...profile, legitimation: { ...profile.legitimation, birthDate } }, member)
    for (const [birthDate, code] of [
      [yearsAgo(14, 1), 'too_young'],
      [yearsAgo(-1), 'too_young'],
      [yearsAgo(121), 'too_old'],
    ]) {
      const result = await withBirthDate(birthDate!)
      expect(result.status, birthDate).toBe(400)
      expect(result.error?.errors).toEqual([expect.objectContaining({ field: 'legitimation.birthDate', code })])
    }
    for (const birthDate of [yearsAgo(14), yearsAgo(120), yearsAgo(121, 1), '1985-03-12']) {
      expect((await withBirthDate(birthDate)).status, birthDate).toBe(200)
    }
  })
})

describe('text without control characters or bidirectional overrides', () => {
  it('refuses them in every text field of a body, naming each field', async () => {
    const refused = await register(registration({ name: 'Schachklub \u202EsnreH' }, { lastName: 'Spr\u0007inger' }))
    expect(refused.status).toBe(400)
    expect(kindOf(refused)).toBe('validation')
    expect(refused.error?.errors).toEqual([
      expect.objectContaining({ field: 'club.name', code: 'invalid_characters' }),
      expect.objectContaining({ field: 'user.lastName', code: 'invalid_characters' }),
    ])
    const profile = await profileOf(seedClubs.incomplete)
    const result = await save({
      ...profile,
      address: { ...profile.address, city: 'Leoben\u2066' },
      legitimation: { ...profile.legitimation, firstName: 'Nina\u0085' },
      shortDescription: 'Sport\u0000',
    })
    expect(result.status).toBe(400)
    expect(result.error?.errors?.map((error) => error.field).sort()).toEqual([
      'address.city',
      'legitimation.firstName',
      'shortDescription',
    ])
    // Elsewhere too: a campaign's name, an invitation's … every body.
    const role = await call('POST', '/clubroles', { as: admin, body: { name: 'Kassa\u202Dprüfer' } })
    expect(role.status).toBe(400)
    expect(role.error?.errors).toEqual([expect.objectContaining({ field: 'name', code: 'invalid_characters' })])
  })

  it('keeps line breaks and tabs in multiline texts, and trims what surrounds a text', async () => {
    const profile = await profileOf(seedClubs.incomplete)
    const saved = await save({
      ...profile,
      description: 'Turnen.\r\nLaufen.\n\tVolleyball.',
      legitimation: { ...profile.legitimation, firstName: '  Nina  Maria ', lastName: '\tNeumann\n' },
      address: { ...profile.address, street: ' Kerpelystraße ', city: 'Leoben  ' },
    })
    expect(saved.status).toBe(200)
    expect(saved.body.description).toBe('Turnen.\r\nLaufen.\n\tVolleyball.')
    expect(saved.body.legitimation).toMatchObject({ firstName: 'Nina Maria', lastName: 'Neumann' })
    expect(saved.body.address).toMatchObject({ street: 'Kerpelystraße', city: 'Leoben' })
    const multilineName = await save({ ...profile, name: 'Sportunion\nLeoben' })
    expect(multilineName.status).toBe(400)
    expect(multilineName.error?.errors).toEqual([
      expect.objectContaining({ field: 'name', code: 'invalid_characters' }),
    ])
  })

  it('leaves passwords alone', async () => {
    expect((await register(registration({}, { password: 'Schach\u202Ematt-1' }))).status).toBe(201)
  })
})
