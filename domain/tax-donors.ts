/**
 * Donors who give their data for the transmission to the tax office (§ 18 Abs. 8 EStG): recognised across
 * the donations of one club by first name, last name and date of birth, so one person's donations add up
 * to one yearly total under one `RefNr`; the consent's text and time are kept as given.
 */
import { normalizeEmail } from './common.ts'
import type { Ports } from './ports.ts'
import type { CheckoutRecord, DonationTaxRecord, TaxConsentRecord } from './records.ts'
import { searchKey } from './sort-key.ts'
import { refNrFor } from './tax-transmission.ts'
import { isoInstant } from './time.ts'

/**
 * The consent a donor gives on the donation page, stored with each consent as shown. A new wording is a
 * new constant: consents keep the text they were given with.
 */
export const TAX_CONSENT_TEXT =
  'Ich willige ein, dass der Verein meinen Vor- und Zunamen und mein Geburtsdatum verwendet, um meine Spende gemäß § 18 Abs. 8 EStG an das Finanzamt zu übermitteln, damit ich sie als Sonderausgabe absetzen kann. Ohne diese Daten kann die Spende nicht abgesetzt werden. Die Einwilligung kann ich jederzeit für künftige Spenden widerrufen.'

/**
 * Who a donor is for the club: names compared without regard to case, accents or spacing
 * (`searchKey`), and the date of birth. "Müller-Lüdenscheidt" and "müller lüdenscheidt" are one person.
 */
export const taxDonorKey = (firstName: string, lastName: string, birthDate: string): string =>
  `${searchKey(firstName)}|${searchKey(lastName)}|${birthDate}`

/**
 * What a paid checkout's donation is for the tax office, recording the donor and the consent it came
 * with: a company's donation is marked (never transmitted); a person's data find the club's donor by
 * `taxDonorKey` or make a new one with the club's next number (its `RefNr`), and the consent is kept
 * with its text and time; without data, a consent "until withdrawn" given with the same address covers
 * the donation. `consentId` names the consent the confirmation mail links to, or null.
 */
export const donationTaxOf = async (
  ports: Pick<Ports, 'tax' | 'ids'>,
  checkout: CheckoutRecord,
  now: number,
): Promise<{ tax: DonationTaxRecord | null; consentId: string | null }> => {
  const email = normalizeEmail(checkout.email)
  const data = checkout.tax ?? null
  if (data?.company) return { tax: { company: true, donorId: null, consentId: null }, consentId: null }
  if (data === null) {
    const standing = await ports.tax.findStandingConsent(checkout.clubId, email)
    return standing
      ? { tax: { company: false, donorId: standing.donorId, consentId: standing.id }, consentId: standing.id }
      : { tax: null, consentId: null }
  }
  const matchKey = taxDonorKey(data.firstName, data.lastName, data.birthDate)
  let donor = await ports.tax.findDonorByMatchKey(checkout.clubId, matchKey)
  if (!donor) {
    const number = await ports.tax.nextDonorNumber(checkout.clubId)
    donor = {
      id: ports.ids.id(),
      clubId: checkout.clubId,
      number,
      refNr: refNrFor(number),
      firstName: data.firstName,
      lastName: data.lastName,
      birthDate: data.birthDate,
      matchKey,
      bpkState: 'NONE',
      vbpk: null,
      bpkMessage: null,
      createdAt: isoInstant(now),
      updatedAt: isoInstant(now),
    }
    await ports.tax.insertDonor(donor)
  }
  const consent: TaxConsentRecord = {
    id: ports.ids.token(18),
    clubId: checkout.clubId,
    donorId: donor.id,
    email,
    scope: data.scope,
    text: data.text,
    givenAt: isoInstant(now),
    withdrawnAt: null,
  }
  await ports.tax.insertConsent(consent)
  return { tax: { company: false, donorId: donor.id, consentId: consent.id }, consentId: consent.id }
}

/** The donor's page of a consent (see and withdraw it), relative to the app's origin. */
export const consentLink = (consentId: string): string => `/steuer-einwilligung/${encodeURIComponent(consentId)}`
