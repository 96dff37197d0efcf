import { describe, expect, it } from 'vitest'
import { todayIso } from '#src/lib/format.ts'
import {
  amountPresets,
  centsToAmountInput,
  donationFormSchema,
  emptyDonationForm,
  toCheckoutBody,
  type DonationFormInput,
} from './schemas.ts'

describe('the amounts offered', () => {
  it('are the suggestion with one round amount below it and two above', () => {
    expect(amountPresets(10_000, 1_000)).toEqual([5_000, 10_000, 20_000, 25_000])
    expect(amountPresets(2_500, 500)).toEqual([2_000, 2_500, 5_000, 10_000])
    expect(amountPresets(1_550, 300)).toEqual([1_000, 1_550, 2_000, 2_500])
  })

  it('never go below the minimum, and fill up from above or below where one side runs out', () => {
    expect(amountPresets(1_000, 1_000)).toEqual([1_000, 2_000, 2_500, 5_000])
    expect(amountPresets(500_000, 100)).toEqual([50_000, 100_000, 250_000, 500_000])
    expect(amountPresets(2_000_000, 1_500_000)).toEqual([2_000_000])
  })
})

describe('the donation form', () => {
  const schema = donationFormSchema(1_000)
  const valid = {
    ...emptyDonationForm(2_550),
    amount: '25,50',
    donorName: ' Anna ',
    email: ' anna@example.at ',
  }

  it('reads euros the Austrian way and sends cents, trimmed text and no empty message', () => {
    expect(toCheckoutBody(schema.parse(valid))).toEqual({
      amountCents: 2_550,
      donorName: 'Anna',
      email: 'anna@example.at',
      message: null,
      // No receipt asked for (issue 24).
      receipt: null,
    })
    expect(toCheckoutBody(schema.parse({ ...valid, amount: '1.000' })).amountCents).toBe(100_000)
  })

  it('sends no name for an anonymous donation', () => {
    expect(toCheckoutBody(schema.parse({ ...valid, anonymous: true })).donorName).toBeNull()
    expect(schema.safeParse({ ...valid, anonymous: true, donorName: '' }).success).toBe(true)
    expect(schema.safeParse({ ...valid, donorName: '' }).success).toBe(false)
  })

  it('refuses amounts below the minimum, above the contract’s maximum or not in euros', () => {
    for (const amount of ['9,99', '0', '1.000.001', 'zehn', '-5', ''])
      expect(schema.safeParse({ ...valid, amount }).success, amount).toBe(false)
    expect(schema.safeParse({ ...valid, amount: '10' }).success).toBe(true)
  })

  it('shows whole euros without cents in the field', () => {
    expect(centsToAmountInput(10_000)).toBe('100')
    expect(centsToAmountInput(2_550)).toBe('25,50')
  })
})

describe('the tax data of a deductible donation', () => {
  const schema = donationFormSchema(1_000)
  const base = { ...emptyDonationForm(2_500), donorName: 'Anna', email: 'anna@example.at' }
  const person: DonationFormInput['tax'] = {
    choice: 'PERSON',
    firstName: ' Anna ',
    lastName: 'Berger ',
    birthDate: '1980-05-17',
    scope: 'DONATION',
  }
  const taxIssues = (tax: Partial<DonationFormInput['tax']>) =>
    (schema.safeParse({ ...base, tax: { ...person, ...tax } }).error?.issues ?? []).map((issue) => issue.path.join('.'))

  it('sends null for "Nicht absetzen", a company without a person, else the person trimmed', () => {
    const body = (tax: object) =>
      toCheckoutBody(schema.parse({ ...base, tax: { ...base.tax, ...tax } }), { deductible: true }).tax
    expect(body({})).toBeNull()
    // What was typed before choosing the company stays home.
    expect(body({ ...person, choice: 'COMPANY' })).toEqual({
      company: true,
      firstName: null,
      lastName: null,
      birthDate: null,
      scope: null,
    })
    expect(body(person)).toEqual({
      company: false,
      firstName: 'Anna',
      lastName: 'Berger',
      birthDate: '1980-05-17',
      scope: 'DONATION',
    })
  })

  it('sends no tax at all for a club that is not deductible', () => {
    expect(toCheckoutBody(schema.parse({ ...base, tax: person }))).not.toHaveProperty('tax')
  })

  it('asks a private donor for names, a real date of birth of someone at least 14 and the scope', () => {
    expect(taxIssues({})).toEqual([])
    expect(taxIssues({ firstName: ' ', lastName: '', birthDate: '', scope: '' })).toEqual([
      'tax.firstName',
      'tax.lastName',
      'tax.birthDate',
      'tax.scope',
    ])
    expect(taxIssues({ birthDate: '1980-02-30' })).toEqual(['tax.birthDate'])
    const thirteen = `${Number(todayIso().slice(0, 4)) - 13}-01-01`
    expect(taxIssues({ birthDate: thirteen })).toEqual(['tax.birthDate'])
    // Only checked when the donor deducts as a person.
    expect(schema.safeParse({ ...base, tax: { ...person, firstName: '', choice: 'NONE' } }).success).toBe(true)
  })
})

describe('the receipt a donor asks for', () => {
  const schema = donationFormSchema(1_000)
  const base = { ...emptyDonationForm(2_500), donorName: 'Anna', email: 'anna@example.at' }
  const address = { name: ' Anna Berger ', street: 'Hauptplatz 1 ', postalCode: '8010', city: 'Graz', country: 'AT' }
  const receiptIssues = (receipt: Partial<DonationFormInput['receipt']>) =>
    (schema.safeParse({ ...base, receipt: { ...base.receipt, ...receipt } }).error?.issues ?? []).map((issue) =>
      issue.path.join('.'),
    )

  it('sends null unless asked for, whatever the fields still hold', () => {
    expect(toCheckoutBody(schema.parse(base)).receipt).toBeNull()
    expect(toCheckoutBody(schema.parse({ ...base, receipt: { ...address, wanted: false } })).receipt).toBeNull()
  })

  it('sends the name and address, trimmed, when asked for', () => {
    expect(toCheckoutBody(schema.parse({ ...base, receipt: { ...address, wanted: true } })).receipt).toEqual({
      name: 'Anna Berger',
      street: 'Hauptplatz 1',
      postalCode: '8010',
      city: 'Graz',
      country: 'AT',
    })
  })

  it('asks for every field only when asked for', () => {
    expect(receiptIssues({ wanted: false })).toEqual([])
    expect(receiptIssues({ wanted: true })).toEqual([
      'receipt.name',
      'receipt.street',
      'receipt.postalCode',
      'receipt.city',
    ])
    expect(receiptIssues({ ...address, wanted: true, street: '  ', country: '' })).toEqual([
      'receipt.street',
      'receipt.country',
    ])
    expect(receiptIssues({ ...address, wanted: true })).toEqual([])
  })
})
