import { describe, expect, it } from 'vitest'
import { seedAccounts, seedCampaigns, seedClubs } from '#adapters/demo-seed/seed-accounts.ts'
import { backendUnderTest } from '#tests/backend/backend-under-test.ts'
import { call, kindOf, sentMails } from '#tests/backend/client.ts'
import { transmissionSchemaErrors } from '#tests/utils/transmission-schema.ts'
import { viennaDay } from './time.ts'

const club = seedClubs.volume
const campaign = seedCampaigns.runningEnabled
const treasurer = seedAccounts.verein.email
const admin = seedAccounts.admin.email
const thisYear = Number(viennaDay(Date.now()).slice(0, 4))
const lastYear = thisYear - 1

/** A vbPK as the register gives it: 172 characters of base64. */
const vbpk = (seed: string) => Buffer.from(seed.repeat(200)).toString('base64').slice(0, 172)

const person = (
  firstName: string,
  lastName: string,
  birthDate: string,
  scope: 'DONATION' | 'UNTIL_WITHDRAWN' = 'DONATION',
) => ({
  company: false,
  firstName,
  lastName,
  birthDate,
  scope,
})

type TaxData =
  ReturnType<typeof person> | { company: true; firstName: null; lastName: null; birthDate: null; scope: null }

/** A donation paid with the success card at the simulated provider; its id. */
const give = async (amountCents: number, email: string, tax: TaxData | null = null): Promise<string> => {
  const checkout = await call('POST', `/giving/campaigns/${campaign}/checkouts`, {
    body: { amountCents, donorName: 'Spender', email, message: null, ...(tax ? { tax } : {}) },
  })
  expect(checkout.status, JSON.stringify(checkout.error)).toBe(201)
  const session = new URL(checkout.body.url).searchParams.get('session')!
  expect(
    (await call('POST', '/__mock/provider/pay', { body: { session, cardNumber: '4242 4242 4242 4242' } })).status,
  ).toBe(200)
  expect((await call('GET', `/giving/checkouts/${checkout.body.checkoutId}`)).body.status).toBe('PAID')
  return checkout.body.checkoutId
}

const moveClock = async (now: string | null) =>
  expect((await call('PUT', '/__mock/clock', { body: { now } })).status).toBe(200)

const year = async (value: number) => {
  const answer = await call('GET', `/club/${club}/tax/years/${value}`, { as: treasurer })
  expect(answer.status, JSON.stringify(answer.error)).toBe(200)
  return answer.body
}

const donorOf = async (value: number, lastName: string) =>
  (await year(value)).donors.find((d) => d.lastName === lastName)!

/** Makes a transmission and reads its files; each must be valid against the BMF's schema. */
const transmit = async (value: number, mode: 'PRODUCTION' | 'TEST' = 'PRODUCTION') => {
  const made = await call('POST', `/club/${club}/tax/years/${value}/transmissions`, { as: treasurer, body: { mode } })
  expect(made.status, JSON.stringify(made.error)).toBe(201)
  const files = []
  for (const file of made.body.files) {
    const read = await call('GET', `/club/${club}/tax/transmissions/${made.body.id}/files/${file.part}`, {
      as: treasurer,
    })
    expect(read.status).toBe(200)
    expect(transmissionSchemaErrors(read.body.content)).toBeNull()
    files.push(read.body)
  }
  return { transmission: made.body, files }
}

const protocol = (messageRefId: string, status: string, errors: Array<{ refNr: string; text: string }> = []) =>
  `<?xml version="1.0" encoding="UTF-8"?>
<SonderausgabenResponse xmlns="https://finanzonline.bmf.gv.at/fon/ws/uebermittlungSonderausgaben">
  <MessageRefId>${messageRefId}</MessageRefId>
  <Status>${status}</Status>
  ${errors.map((error) => `<Fehler><RefNr>${error.refNr}</RefNr><Fehlertext>${error.text}</Fehlertext></Fehler>`).join('\n  ')}
</SonderausgabenResponse>`

const importProtocol = (content: string) =>
  call('POST', `/club/${club}/tax/protocols`, { as: treasurer, body: { fileName: 'protokoll.xml', content } })

const bpkAnswer = (lines: Array<[number, string, string]>) =>
  [
    'VERSCHLÜSSELTEBPK=BMF+SA',
    'LAUFNR;NACHNAME;VORNAME;GEBDATUM;VBPK;STATUS',
    ...lines.map(([number, value, status]) => `${number};X;Y;1970-01-01;${value};${status}`),
  ].join('\r\n')

describe("the club's deductibility status", () => {
  it('is the confirmed entry; a change waits for an administrator, whose confirmation is audited', async () => {
    const before = await call('GET', `/club/${club}/tax`, { as: treasurer })
    expect(before.body).toMatchObject({ deductibleToday: true, notices: expect.any(Array) as unknown[] })
    const entry = before.body.entries[0]!
    expect(entry.confirmed).toMatchObject({ registerNumber: 'SO-4711', category: 'SP' })

    const changed = await call('PUT', `/club/${club}/tax`, {
      as: treasurer,
      body: {
        entryId: entry.id,
        registerNumber: 'so 4712',
        category: 'SP',
        validFrom: '2019-01-01',
        revokedOn: null,
        taxNumber: '123456789',
        lastReportOn: null,
      },
    })
    expect(changed.status, JSON.stringify(changed.error)).toBe(200)
    expect(changed.body.entries[0]).toMatchObject({
      confirmed: { registerNumber: 'SO-4711' },
      pending: { registerNumber: 'SO-4712' },
    })
    expect(changed.body.notices.map((notice) => notice.kind)).toContain('UNCONFIRMED')
    // The confirmed values still count.
    expect(changed.body.deductibleToday).toBe(true)

    expect(
      (await call('PUT', `/club/${club}/tax/confirm`, { as: treasurer, body: { entryId: entry.id } })).status,
    ).toBe(403)
    const confirmed = await call('PUT', `/club/${club}/tax/confirm`, { as: admin, body: { entryId: entry.id } })
    expect(confirmed.status).toBe(200)
    expect(confirmed.body.entries[0]).toMatchObject({ confirmed: { registerNumber: 'SO-4712' }, pending: null })
    const again = await call('PUT', `/club/${club}/tax/confirm`, { as: admin, body: { entryId: entry.id } })
    expect(kindOf(again)).toBe('invalid-transition')

    const audit = await call('GET', `/club/${club}/audit`, { as: admin })
    expect(audit.body.items[0]).toMatchObject({
      action: 'TAX_STATUS_CONFIRMED',
      changes: expect.arrayContaining([
        { field: 'taxEntry.registerNumber', before: 'SO-4711', after: 'SO-4712' },
      ]) as unknown[],
    })
  })

  it('refuses a register number that is none, and a revocation before the start', async () => {
    const entryId = (await call('GET', `/club/${club}/tax`, { as: treasurer })).body.entries[0]!.id
    const answer = await call('PUT', `/club/${club}/tax`, {
      as: treasurer,
      body: {
        entryId,
        registerNumber: 'S-1',
        category: 'SP',
        validFrom: '2019-01-01',
        revokedOn: '2018-01-01',
        taxNumber: null,
        lastReportOn: null,
      },
    })
    expect(answer.status).toBe(400)
  })

  it('judges a donation by its day: after a confirmed revocation the public page offers nothing', async () => {
    expect((await call('GET', `/giving/campaigns/${campaign}`)).body).toMatchObject({
      taxDeductible: true,
      taxConsentText: expect.stringContaining('§ 18 Abs. 8 EStG') as string,
    })
    const entry = (await call('GET', `/club/${club}/tax`, { as: treasurer })).body.entries[0]!
    const yesterday = viennaDay(Date.now() - 86_400_000)
    await call('PUT', `/club/${club}/tax`, {
      as: treasurer,
      body: {
        entryId: entry.id,
        registerNumber: entry.confirmed!.registerNumber,
        category: entry.confirmed!.category,
        validFrom: entry.confirmed!.validFrom,
        revokedOn: yesterday,
        taxNumber: null,
        lastReportOn: null,
      },
    })
    await call('PUT', `/club/${club}/tax/confirm`, { as: admin, body: { entryId: entry.id } })
    const status = (await call('GET', `/club/${club}/tax`, { as: treasurer })).body
    expect(status.deductibleToday).toBe(false)
    expect(status.notices.map((notice) => notice.kind)).toContain('LAPSED')
    expect((await call('GET', `/giving/campaigns/${campaign}`)).body).toMatchObject({
      taxDeductible: false,
      taxConsentText: null,
    })
    const refused = await call('POST', `/giving/campaigns/${campaign}/checkouts`, {
      body: {
        amountCents: 2500,
        donorName: null,
        email: 'x@example.at',
        message: null,
        tax: person('Erika', 'Muster', '1980-01-01'),
      },
    })
    expect(kindOf(refused)).toBe('invalid-transition')
    // Last year's donations were made while the entry held: they still count.
    expect((await year(lastYear)).summary.donorCount).toBe(4)
  })
})

describe("the donor's consent", () => {
  it('checks the data: a donor under 14 and a missing name are refused', async () => {
    const born = `${thisYear - 10}-01-01`
    const answer = await call('POST', `/giving/campaigns/${campaign}/checkouts`, {
      body: {
        amountCents: 2500,
        donorName: null,
        email: 'kind@example.at',
        message: null,
        tax: { ...person('Kind', 'Muster', born), lastName: null },
      },
    })
    expect(answer.status).toBe(400)
    expect(answer.error!.errors!.map((error) => [error.field, error.code])).toEqual(
      expect.arrayContaining([
        ['tax.lastName', 'required'],
        ['tax.birthDate', 'too_young'],
      ]),
    )
  })

  it('recognises the donor, covers later donations until withdrawn, and the mail links to the consent', async () => {
    await give(2500, 'Erika@Example.at', person('Erika', 'Muster', '1980-05-17', 'UNTIL_WITHDRAWN'))
    const mail = (await sentMails()).find((candidate) => candidate.to === 'Erika@Example.at')!
    expect(mail.text).toContain('widerrufen')
    expect(mail.link).toMatch(/^\/steuer-einwilligung\//)
    const consentId = decodeURIComponent(mail.link.split('/').at(-1)!)
    expect((await call('GET', `/giving/tax-consents/${consentId}`)).body).toMatchObject({
      firstName: 'Erika',
      lastName: 'Muster',
      scope: 'UNTIL_WITHDRAWN',
      withdrawnAt: null,
    })
    // The same person again, spelt otherwise: the same donor. Then without data: the standing consent.
    await give(1500, 'erika@example.at', person('ERIKA', 'muster', '1980-05-17'))
    await give(1000, 'erika@example.at')
    let erika = await donorOf(thisYear, 'Muster')
    expect(erika).toMatchObject({ totalCents: 5000, donationCount: 3, refNr: 'SP-5' })

    const withdrawn = await call('POST', `/giving/tax-consents/${consentId}/withdraw`)
    expect(withdrawn.body.withdrawnAt).not.toBeNull()
    await give(1200, 'erika@example.at')
    erika = await donorOf(thisYear, 'Muster')
    // Withdrawn for the future: what was given before still counts.
    expect(erika.totalCents).toBe(5000)
    // A company's donation is never transmitted.
    await give(9900, 'firma@example.at', {
      company: true,
      firstName: null,
      lastName: null,
      birthDate: null,
      scope: null,
    })
    expect((await year(thisYear)).donors).toHaveLength(1)
  })
})

describe('the annual transmission', () => {
  it("lists last year's donors, queries their vbPK and transmits what the tax office accepts", async () => {
    const years = await call('GET', `/club/${club}/tax/years`, { as: treasurer })
    expect(years.body.map((entry) => entry.year).slice(0, 2)).toEqual([thisYear, lastYear])
    expect(years.body[0]!.mayTransmit).toBe(false)
    const last = await year(lastYear)
    expect(last.summary).toMatchObject({
      mayTransmit: true,
      donorCount: 4,
      totalCents: 53_000,
      open: 2,
      withoutVbpk: 2,
    })
    expect(last.donors.map((donor) => [donor.lastName, donor.totalCents, donor.bpkState, donor.next])).toEqual([
      ['Huber', 17_000, 'FOUND', 'E'],
      ['Gruber', 25_000, 'FOUND', 'E'],
      ['Moser', 8_000, 'NO_MATCH', null],
      ['Bauer', 3_000, 'NONE', null],
    ])

    const query = await call('GET', `/club/${club}/tax/years/${lastYear}/bpk-query`, { as: treasurer })
    expect(query.body.content.split('\r\n')).toEqual([
      'VERSCHLÜSSELTEBPK=BMF+SA',
      'DATUMSFORMAT=JJJJ-MM-TT',
      'LAUFNR;NACHNAME;VORNAME;GEBDATUM',
      '3;Moser;Sabine;1988-07-21',
      '4;Bauer;Lukas;1995-02-08',
      '',
    ])
    const imported = await call('POST', `/club/${club}/tax/bpk-answer`, {
      as: treasurer,
      body: {
        fileName: 'antwort.csv',
        content: bpkAnswer([
          [3, '', 'Keine Person gefunden'],
          [4, vbpk('bauer'), ''],
          [99, vbpk('x'), ''],
        ]),
      },
    })
    expect(imported.body, JSON.stringify(imported.error)).toMatchObject({ found: 1, noMatch: 1, unknown: 1 })

    const first = await transmit(lastYear)
    expect(first.transmission.counts).toEqual({ E: 3, A: 0, S: 0 })
    const xml = first.files[0]!.content
    expect(xml).toContain(`<Zeitraum>${lastYear}</Zeitraum>`)
    expect(xml).toContain('<Uebermittlungsart>SP</Uebermittlungsart>')
    expect(xml).toContain('<Fastnr_Fon_Tn>')
    expect(xml).toContain('<Betrag>170.00</Betrag>')
    expect(xml).toContain(`<vbPK>${vbpk('bauer')}</vbPK>`)
    // Nothing goes twice while a production file awaits its protocol.
    const blocked = await call('POST', `/club/${club}/tax/years/${lastYear}/transmissions`, {
      as: treasurer,
      body: { mode: 'PRODUCTION' },
    })
    expect(kindOf(blocked)).toBe('invalid-transition')

    const accepted = await importProtocol(
      protocol(first.transmission.files[0]!.messageRefId, 'TWOK', [{ refNr: 'SP-4', text: 'vbPK ungültig' }]),
    )
    expect(accepted.status, JSON.stringify(accepted.error)).toBe(200)
    expect((await importProtocol(protocol(first.transmission.files[0]!.messageRefId, 'OK'))).status).toBe(409)
    const after = await year(lastYear)
    expect(after.summary).toMatchObject({ transmitted: true, rejected: 1, open: 1 })
    expect(after.donors.find((donor) => donor.refNr === 'SP-4')).toMatchObject({
      rejection: 'vbPK ungültig',
      next: 'E',
      acceptedCents: null,
    })
    expect(after.donors.find((donor) => donor.refNr === 'SP-1')).toMatchObject({ acceptedCents: 17_000, next: null })
    // A test upload never counts.
    const test = await transmit(lastYear, 'TEST')
    await importProtocol(protocol(test.transmission.files[0]!.messageRefId, 'OK'))
    expect((await year(lastYear)).summary.rejected).toBe(1)
  })

  it('sends a changed total as A and a refunded one as S, with the clock in the next year', async () => {
    const kept = await give(2500, 'anna@example.at', person('Anna', 'Lang', '1970-03-03'))
    const refunded = await give(2000, 'max@example.at', person('Max', 'Kurz', '1971-04-04'))
    expect(
      kindOf(
        await call('POST', `/club/${club}/tax/years/${thisYear}/transmissions`, {
          as: treasurer,
          body: { mode: 'PRODUCTION' },
        }),
      ),
    ).toBe('invalid-transition')
    await moveClock(`${thisYear + 1}-01-15T09:00:00Z`)
    const donors = (await year(thisYear)).donors
    expect(donors.map((donor) => donor.lastName)).toEqual(['Lang', 'Kurz'])
    await call('POST', `/club/${club}/tax/bpk-answer`, {
      as: treasurer,
      body: {
        fileName: 'antwort.csv',
        content: bpkAnswer(
          donors.map((donor): [number, string, string] => [Number(donor.refNr.slice(3)), vbpk(donor.lastName), '']),
        ),
      },
    })
    const first = await transmit(thisYear)
    expect(first.transmission.counts).toEqual({ E: 2, A: 0, S: 0 })
    await importProtocol(protocol(first.transmission.files[0]!.messageRefId, 'OK'))

    for (const [donationId, amountCents] of [
      [kept, 1000],
      [refunded, 2000],
    ] as const) {
      const refund = await call('POST', `/donations/${donationId}/refund`, {
        as: treasurer,
        body: { amountCents, reason: 'Auf Wunsch' },
      })
      expect(refund.status, JSON.stringify(refund.error)).toBe(200)
    }
    await backendUnderTest().paymentsDelivered()
    const second = await transmit(thisYear)
    expect(second.transmission.counts).toEqual({ E: 0, A: 1, S: 1 })
    const xml = second.files[0]!.content
    expect(xml).toMatch(
      /Uebermittlungs_Typ="A">\s*<RefNr>SP-\d+<\/RefNr>\s*<Betrag>15\.00<\/Betrag>\s*<\/Sonderausgaben>/,
    )
    expect(xml).toMatch(/Uebermittlungs_Typ="S">\s*<RefNr>SP-\d+<\/RefNr>\s*<\/Sonderausgaben>/)
    // The same file again, byte for byte.
    const again = await call('GET', `/club/${club}/tax/transmissions/${second.transmission.id}/files/1`, {
      as: treasurer,
    })
    expect(again.body.content).toBe(xml)
    // Discarded before upload: the year can be sent again.
    expect(
      (await call('DELETE', `/club/${club}/tax/transmissions/${second.transmission.id}`, { as: treasurer })).status,
    ).toBe(204)
    expect((await year(thisYear)).summary.open).toBe(2)
  })
})
