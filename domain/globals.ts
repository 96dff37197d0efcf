/** Settings the client loads after sign-in, and the country list. */
import type { Country } from '#openapi/generated/model/country.ts'
import type { Globals } from '#openapi/generated/model/globals.ts'
import { collator } from './common.ts'
import { defineOperations, json } from './operation.ts'

/** The defaults a fresh store starts with (a store may hold its own; see GlobalsRepository). */
export const DEFAULT_GLOBALS: Globals = {
  maxUploadBytes: 10 * 1024 * 1024,
  maxLogoBytes: 1024 * 1024,
  invitationValidityHours: 72,
  supportEmail: 'support@vereinsportal.at',
  minimumDonationCents: 100,
}

/** ISO 3166-1 alpha-2 codes; the German names come from Intl, which every supported runtime ships. */
const CODES =
  'AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR BS BT BV BW BY BZ CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ DE DJ DK DM DO DZ EC EE EG EH ER ES ET FI FJ FK FM FO FR GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GS GT GU GW GY HK HM HN HR HT HU ID IE IL IM IN IO IQ IR IS IT JE JM JO JP KE KG KH KI KM KN KP KR KW KY KZ LA LB LC LI LK LR LS LT LU LV LY MA MC MD ME MF MG MH MK ML MM MN MO MP MQ MR MS MT MU MV MW MX MY MZ NA NC NE NF NG NI NL NO NP NR NU NZ OM PA PE PF PG PH PK PL PM PN PR PS PT PW PY QA RE RO RS RU RW SA SB SC SD SE SG SH SI SJ SK SL SM SN SO SR SS ST SV SX SY SZ TC TD TF TG TH TJ TK TL TM TN TO TR TT TV TW TZ UA UG UM US UY UZ VA VC VE VG VI VN VU WF WS YE YT ZA ZM ZW'.split(
    ' ',
  )

let countries: Country[] | null = null

/** Austria first, then alphabetical by German name (contract). */
export const countryList = (): Country[] => {
  if (!countries) {
    const names = new Intl.DisplayNames(['de'], { type: 'region' })
    const all = CODES.map((code) => ({ code, name: names.of(code) ?? code }))
    const austria = all.filter((country) => country.code === 'AT')
    const others = all.filter((country) => country.code !== 'AT').sort((a, b) => collator.compare(a.name, b.name))
    countries = [...austria, ...others]
  }
  return countries
}

export const otherOperations = defineOperations({
  getGlobals: { run: async ({ ports }) => json(200, await ports.globals.get()) },
  getCountries: { run: async () => json(200, countryList()) },
})
