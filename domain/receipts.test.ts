import { crc32, deflateSync } from 'node:zlib'
import { describe, expect, it } from 'vitest'
import {
  seedAccounts,
  seedCampaigns,
  seedClubRoles,
  seedClubs,
  seedReceipts,
} from '#adapters/demo-seed/seed-accounts.ts'
import { backendUnderTest } from '#tests/backend/backend-under-test.ts'
import { call, kindOf, sentMails } from '#tests/backend/client.ts'
import { donationReceivedMail } from './mails.ts'
import { addYears, exemptionHolds, receiptNumber } from './receipts.ts'
import { viennaDay } from './time.ts'

const club = seedClubs.volume
const campaign = seedCampaigns.runningEnabled
const treasurer = seedAccounts.verein.email
const admin = seedAccounts.admin.email
const today = viennaDay(Date.now())
const lastYear = Number(today.slice(0, 4)) - 1

const donorAddress = {
  name: 'Erika Muster',
  street: 'Herrengasse 7',
  postalCode: '1010',
  city: 'Wien',
  country: 'AT',
}

/** A card donation paid at the simulated provider; its id. */
const give = async (amountCents: number, receipt: typeof donorAddress | null = null): Promise<string> => {
  const checkout = await call('POST', `/giving/campaigns/${campaign}/checkouts`, {
    body: { amountCents, donorName: 'Erika Muster', email: 'erika@example.at', message: null, receipt },
  })
  expect(checkout.status, JSON.stringify(checkout.error)).toBe(201)
  const session = new URL(checkout.body.url).searchParams.get('session')!
  await call('POST', '/__mock/provider/pay', { body: { session, cardNumber: '4242 4242 4242 4242' } })
  expect((await call('GET', `/giving/checkouts/${checkout.body.checkoutId}`)).body.status).toBe('PAID')
  return checkout.body.checkoutId
}

const issue = (donationId: string, replacesId: string | null = null) =>
  call('POST', `/donations/${donationId}/receipt`, { as: treasurer, body: { donor: donorAddress, replacesId } })

const fileOf = async (receiptId: string, duplicate = false) => {
  const answer = await call('GET', `/club/${club}/receipts/${receiptId}/file`, {
    as: treasurer,
    query: { copy: duplicate ? 'duplicate' : 'original' },
  })
  expect(answer.status, JSON.stringify(answer.error)).toBe(200)
  return answer.body
}

/** The club's BMF entry revoked since yesterday, as an administrator confirms it: no receipts for today's donations. */
const revokeDeductibility = async () => {
  const entry = (await call('GET', `/club/${club}/tax`, { as: treasurer })).body.entries[0]!
  await call('PUT', `/club/${club}/tax`, {
    as: treasurer,
    body: {
      entryId: entry.id,
      registerNumber: entry.confirmed!.registerNumber,
      category: entry.confirmed!.category,
      validFrom: entry.confirmed!.validFrom,
      revokedOn: viennaDay(Date.now() - 86_400_000),
      taxNumber: null,
      lastReportOn: null,
    },
  })
  await call('PUT', `/club/${club}/tax/confirm`, { as: admin, body: { entryId: entry.id } })
}

const sha256Hex = async (base64: string) => {
  const digest = await crypto.subtle.digest('SHA-256', Buffer.from(base64, 'base64'))
  return Buffer.from(digest).toString('hex')
}

describe('the rules of a receipt', () => {
  it('numbers receipts by year of issue and the club’s running number', () => {
    expect(receiptNumber('2026-03-01', 17)).toBe('2026-000017')
  })

  it('takes a German exemption notice for five years (§ 60a: three), to the day', () => {
    const notice = { kind: 'FREISTELLUNGSBESCHEID' as const, issuedOn: '2021-06-15' }
    expect(exemptionHolds(notice, '2026-06-15')).toBe(true)
    expect(exemptionHolds(notice, '2026-06-16')).toBe(false)
    expect(exemptionHolds({ kind: 'FEST_60A', issuedOn: '2023-06-15' }, '2026-06-15')).toBe(true)
    expect(exemptionHolds({ kind: 'FEST_60A', issuedOn: '2023-06-15' }, '2026-06-16')).toBe(false)
    expect(addYears('2024-02-29', 5)).toBe('2029-02-28')
  })
})

describe('a receipt of one donation', () => {
  it('is issued once, archived with its hash, withdrawn with a reason and issued again under a new number', async () => {
    const donationId = await give(5000)
    const listed = await call('GET', `/donations/campaign/${campaign}`, { as: treasurer, query: { size: 5 } })
    // Nobody asked for it on the donation page: the club issues it.
    expect(listed.body.items.find((item) => item.id === donationId)).toMatchObject({
      receipt: null,
      receiptAddress: null,
    })

    const first = await issue(donationId)
    expect(first.status, JSON.stringify(first.error)).toBe(201)
    expect(first.body).toMatchObject({
      kind: 'SINGLE',
      country: 'AT',
      status: 'ISSUED',
      totalCents: 5000,
      donor: donorAddress,
      lines: [{ donationId, amountCents: 5000 }],
    })
    expect(first.body.number).toMatch(new RegExp(`^${today.slice(0, 4)}-\\d{6}$`))
    // The archived bytes, the same on every download, are the ones the hash names.
    const original = await fileOf(first.body.id)
    expect(original).toMatchObject({ contentType: 'application/pdf', duplicate: false, sha256: first.body.sha256 })
    expect(await sha256Hex(original.base64)).toBe(first.body.sha256)
    expect((await fileOf(first.body.id)).base64).toBe(original.base64)
    expect(Buffer.from(original.base64, 'base64').subarray(0, 5).toString()).toBe('%PDF-')
    // A reprint is marked and not the archived file.
    const duplicate = await fileOf(first.body.id, true)
    expect(duplicate.duplicate).toBe(true)
    expect(duplicate.sha256).not.toBe(first.body.sha256)

    expect(kindOf(await issue(donationId))).toBe('receipt-not-possible')
    expect(
      (await call('GET', `/donations/campaign/${campaign}`, { as: treasurer, query: { size: 5 } })).body.items.find(
        (item) => item.id === donationId,
      )?.receipt,
    ).toEqual({ id: first.body.id, number: first.body.number })

    const withdrawn = await call('POST', `/club/${club}/receipts/${first.body.id}/withdraw`, {
      as: treasurer,
      body: { reason: 'Falsche Adresse' },
    })
    expect(withdrawn.body).toMatchObject({ status: 'WITHDRAWN', withdrawReason: 'Falsche Adresse' })
    const audit = await call('GET', `/club/${club}/audit`, { as: admin })
    expect(audit.body.items[0]).toMatchObject({ action: 'RECEIPT_WITHDRAWN' })
    expect(
      kindOf(
        await call('POST', `/club/${club}/receipts/${first.body.id}/withdraw`, {
          as: treasurer,
          body: { reason: 'Nochmals' },
        }),
      ),
    ).toBe('receipt-not-possible')

    const second = await issue(donationId, first.body.id)
    expect(second.status, JSON.stringify(second.error)).toBe(201)
    expect(second.body.replacesId).toBe(first.body.id)
    expect(second.body.number > first.body.number).toBe(true)
    // The withdrawn receipt keeps its archived bytes.
    expect((await fileOf(first.body.id)).sha256).toBe(first.body.sha256)
  })

  it('covers what is left of a partly refunded donation, and none of a refunded one', async () => {
    const partly = await give(4000)
    const whole = await give(3000)
    for (const [donationId, amountCents] of [
      [partly, 1500],
      [whole, 3000],
    ] as const)
      expect(
        (
          await call('POST', `/donations/${donationId}/refund`, {
            as: treasurer,
            body: { amountCents, reason: 'Auf Wunsch' },
          })
        ).status,
      ).toBe(200)
    await backendUnderTest().paymentsDelivered()
    expect((await issue(partly)).body.totalCents).toBe(2500)
    expect(kindOf(await issue(whole))).toBe('receipt-not-possible')
  })

  it('is refused when the club was not deductible on the donation’s day, and says why', async () => {
    const donationId = await give(2500)
    await revokeDeductibility()
    const refused = await issue(donationId)
    expect(kindOf(refused)).toBe('receipt-not-possible')
    expect(refused.error!.reason).toBe('NOT_DEDUCTIBLE')
  })

  it('numbers receipts issued at the same time one after the other, and locks a donation to one', async () => {
    const donations = await Promise.all([give(2500), give(2600), give(2700)])
    const issued = await Promise.all([...donations.map((id) => issue(id)), issue(donations[0])])
    const created = issued.filter((answer) => answer.status === 201)
    expect(created).toHaveLength(3)
    expect(issued.filter((answer) => kindOf(answer) === 'receipt-not-possible')).toHaveLength(1)
    const numbers = created.map((answer) => answer.body.number).sort()
    expect(new Set(numbers).size).toBe(3)
    const sequences = numbers.map((number) => Number(number.slice(5)))
    expect(Math.max(...sequences) - Math.min(...sequences)).toBe(2)
  })
})

describe('the receipt the donor asked for', () => {
  const linkOf = (text: string) => /\/spendenbestaetigung\/([\w-]+)/.exec(text)?.[1]

  it('is issued with the payment, and the confirmation mail links the donor to its archived PDF', async () => {
    const donationId = await give(4200, donorAddress)
    const mail = (await sentMails()).find((sent) => sent.to === 'erika@example.at')!
    const token = linkOf(mail.text)
    expect(token, mail.text).toBeDefined()
    const page = await call('GET', `/giving/receipts/${token}`)
    expect(page.status, JSON.stringify(page.error)).toBe(200)
    expect(page.body).toMatchObject({
      state: 'ISSUED',
      reason: null,
      amountCents: 4200,
      donor: donorAddress,
      country: 'AT',
    })
    expect(mail.text).toContain(`Ihre Spendenbestätigung Nr. ${page.body.receipt!.number}`)

    // The club's list names it as issued with the donation, by nobody of the club.
    const receipts = await call('GET', `/club/${club}/receipts`, { as: treasurer })
    const issued = receipts.body.items.find((receipt) => receipt.lines[0]!.donationId === donationId)!
    expect(issued).toMatchObject({ number: page.body.receipt!.number, issuedByName: null, donor: donorAddress })
    // The donor downloads the archived bytes, the same the club does.
    const file = await call('GET', `/giving/receipts/${token}/file`)
    expect(file.status).toBe(200)
    expect(file.body.sha256).toBe(issued.sha256)
    expect(await sha256Hex(file.body.base64)).toBe(issued.sha256)
    expect(file.body.base64).toBe((await fileOf(issued.id)).base64)

    // Withdrawn: pending again until the club issues the new one, which the same link then returns.
    await call('POST', `/club/${club}/receipts/${issued.id}/withdraw`, {
      as: treasurer,
      body: { reason: 'Tippfehler' },
    })
    expect((await call('GET', `/giving/receipts/${token}`)).body).toMatchObject({ state: 'PENDING', receipt: null })
    expect((await call('GET', `/giving/receipts/${token}/file`)).status).toBe(404)
    const again = await issue(donationId, issued.id)
    expect(again.status, JSON.stringify(again.error)).toBe(201)
    expect((await call('GET', `/giving/receipts/${token}`)).body.receipt!.number).toBe(again.body.number)
    expect((await call('GET', `/giving/receipts/${token}/file`)).body.sha256).toBe(again.body.sha256)
  })

  it('waits for the club, and says why, when it cannot be issued with the payment', async () => {
    await revokeDeductibility()
    await give(2500, donorAddress)
    const mail = (await sentMails()).find((sent) => sent.to === 'erika@example.at')!
    expect(mail.text).toMatch(/Sie haben eine Spendenbestätigung angefordert/)
    const page = await call('GET', `/giving/receipts/${linkOf(mail.text)}`)
    expect(page.body).toMatchObject({ state: 'NOT_POSSIBLE', reason: 'NOT_DEDUCTIBLE', receipt: null })
  })

  it('is called a Zuwendungsbestätigung in the mail of a club in Germany', () => {
    const mail = donationReceivedMail({
      to: 'anna@example.de',
      donorName: 'Anna Hofbauer',
      clubName: 'Verein Jugend im Dreiländereck Passau e. V.',
      campaignId: 'cmp-passau',
      campaignName: 'Jugendfreizeit',
      amountCents: 5000,
      receipt: { link: '/spendenbestaetigung/k', number: '2026-000003', country: 'DE' },
    })
    expect(mail.text).toContain(
      'Ihre Zuwendungsbestätigung Nr. 2026-000003 können Sie hier herunterladen:\n/spendenbestaetigung/k',
    )
    expect(mail.link).toBe('/spendenbestaetigung/k')
  })

  it('is a link nobody can guess', async () => {
    expect(kindOf(await call('GET', '/giving/receipts/erraten'))).toBe('not-found')
    expect(kindOf(await call('GET', '/giving/receipts/erraten/file'))).toBe('not-found')
  })
})

describe('a German club’s Zuwendungsbestätigung', () => {
  // The seed's club in Passau (its address is in Germany), whose Obmann is verein@demo.at.
  const germanClub = seedClubs.german
  const germany = (issuedOn: string) => ({
    place: 'Passau',
    signerName: 'Max Mustermann',
    signerRole: 'Vorsitzender',
    germany: {
      purposes: 'des Sports',
      exemption: {
        kind: 'FREISTELLUNGSBESCHEID' as const,
        taxOffice: 'Passau',
        taxNumber: '153/270/51234',
        issuedOn,
        lastPeriod: '2024',
      },
    },
  })
  const reindl = { name: 'Thomas Reindl', street: 'Schmiedgasse 4', postalCode: '94034', city: 'Passau', country: 'DE' }
  const issueGerman = () =>
    call('POST', `/donations/${seedReceipts.germanReindlDonationId}/receipt`, {
      as: treasurer,
      body: { donor: reindl, replacesId: null },
    })

  it('follows the German template, and is refused when the Freistellungsbescheid is older than five years', async () => {
    const stale = await call('PUT', `/club/${germanClub}/receipt-settings`, {
      as: treasurer,
      body: germany(addYears(viennaDay(Date.now() - 86_400_000), -5)),
    })
    expect(stale.status, JSON.stringify(stale.error)).toBe(200)
    const refused = await issueGerman()
    expect(kindOf(refused)).toBe('receipt-not-possible')
    expect(refused.error!.reason).toBe('EXEMPTION_TOO_OLD')

    await call('PUT', `/club/${germanClub}/receipt-settings`, { as: treasurer, body: germany(addYears(today, -5)) })
    const issued = await issueGerman()
    expect(issued.status, JSON.stringify(issued.error)).toBe(201)
    expect(issued.body).toMatchObject({ country: 'DE', clubId: germanClub, totalCents: 25_000 })
  })

  it('needs the purposes and the exemption notice first (NO_SETTINGS)', async () => {
    const austrianOnly = await call('PUT', `/club/${germanClub}/receipt-settings`, {
      as: treasurer,
      body: { ...germany(today), germany: null },
    })
    expect(austrianOnly.status, JSON.stringify(austrianOnly.error)).toBe(200)
    const refused = await issueGerman()
    expect(kindOf(refused)).toBe('receipt-not-possible')
    expect(refused.error!.reason).toBe('NO_SETTINGS')
    const candidates = await call('GET', `/club/${germanClub}/receipts/annual/${lastYear}`, { as: treasurer })
    expect(candidates.body.map((candidate) => candidate.blockedReason)).toEqual(['NO_SETTINGS', 'NO_SETTINGS'])
  })

  it('is not what an Austrian club issues, even with German data saved', async () => {
    const donationId = await give(5000)
    const saved = await call('PUT', `/club/${club}/receipt-settings`, { as: treasurer, body: germany(today) })
    expect(saved.status, JSON.stringify(saved.error)).toBe(200)
    const issued = await issue(donationId)
    expect(issued.status, JSON.stringify(issued.error)).toBe(201)
    expect(issued.body.country).toBe('AT')
  })

  it('is issued for the seed’s donors of last year: a Sammelbestätigung and a single one', async () => {
    const candidates = await call('GET', `/club/${germanClub}/receipts/annual/${lastYear}`, { as: treasurer })
    expect(candidates.status, JSON.stringify(candidates.error)).toBe(200)
    expect(
      candidates.body.map(({ donor, openCount, openCents, blockedReason }) => ({
        name: donor.name,
        openCount,
        openCents,
        blockedReason,
      })),
    ).toEqual([
      { name: 'Dr. Anna Hofbauer', openCount: 2, openCents: 15_000, blockedReason: null },
      { name: 'Thomas Reindl', openCount: 1, openCents: 25_000, blockedReason: null },
    ])
    for (const candidate of candidates.body) {
      const issued = await call('POST', `/club/${germanClub}/receipts/annual/${lastYear}`, {
        as: treasurer,
        body: { donorKey: candidate.donorKey },
      })
      expect(issued.status, JSON.stringify(issued.error)).toBe(201)
      expect(issued.body).toMatchObject({ kind: 'ANNUAL', country: 'DE', totalCents: candidate.openCents })
    }
  })
})

describe('yearly receipts', () => {
  it('list last year’s donors with an address and without a transmission, and cover each one’s year once', async () => {
    const candidates = await call('GET', `/club/${club}/receipts/annual/${lastYear}`, { as: treasurer })
    expect(candidates.status, JSON.stringify(candidates.error)).toBe(200)
    const names = candidates.body.map((candidate) => candidate.donor.name)
    expect(names).toEqual(expect.arrayContaining(['Franz Berger', 'Elisabeth Wagner', 'Autohaus Berger GmbH']))
    // Donors whose consent sends their donations to the tax office get no receipt from here.
    expect(names).not.toContain('Maria Huber')
    const berger = candidates.body.find((candidate) => candidate.donor.name === 'Franz Berger')!
    expect(berger).toMatchObject({ openCount: 2, openCents: 10_000, blockedReason: null, receipts: [] })

    const issued = await call('POST', `/club/${club}/receipts/annual/${lastYear}`, {
      as: treasurer,
      body: { donorKey: berger.donorKey },
    })
    expect(issued.status, JSON.stringify(issued.error)).toBe(201)
    expect(issued.body).toMatchObject({ kind: 'ANNUAL', year: lastYear, totalCents: 10_000 })
    expect(issued.body.lines).toHaveLength(2)
    const again = await call('POST', `/club/${club}/receipts/annual/${lastYear}`, {
      as: treasurer,
      body: { donorKey: berger.donorKey },
    })
    expect(kindOf(again)).toBe('receipt-not-possible')
    const after = (await call('GET', `/club/${club}/receipts/annual/${lastYear}`, { as: treasurer })).body.find(
      (candidate) => candidate.donor.name === 'Franz Berger',
    )!
    expect(after).toMatchObject({ openCount: 0, blockedReason: 'NOTHING_OPEN' })
    expect(after.receipts).toEqual([{ id: issued.body.id, number: issued.body.number }])

    const list = await call('GET', `/club/${club}/receipts`, { as: treasurer })
    expect(list.body.items[0]).toMatchObject({ id: issued.body.id })
  })

  it('are not issued for the current year', async () => {
    const year = Number(today.slice(0, 4))
    const answer = await call('POST', `/club/${club}/receipts/annual/${year}`, {
      as: treasurer,
      body: { donorKey: 'x' },
    })
    expect(kindOf(answer)).toBe('receipt-not-possible')
  })
})

describe('the club’s signature image', () => {
  /** An RGB PNG of one colour, built by hand; its odd size finds its image in the PDF. */
  const png = (width: number, height: number): Uint8Array => {
    const row = [0, ...Array.from({ length: width }, () => [20, 40, 120]).flat()]
    const raw = Uint8Array.from(Array.from({ length: height }, () => row).flat())
    const be = (n: number) => [(n >>> 24) & 255, (n >>> 16) & 255, (n >>> 8) & 255, n & 255]
    const chunk = (type: string, data: Uint8Array) => {
      const body = new Uint8Array([...new TextEncoder().encode(type), ...data])
      return [...be(data.length), ...body, ...be(crc32(body))]
    }
    return new Uint8Array([
      ...[0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a],
      ...chunk('IHDR', new Uint8Array([...be(width), ...be(height), 8, 2, 0, 0, 0])),
      ...chunk('IDAT', deflateSync(raw)),
      ...chunk('IEND', new Uint8Array()),
    ])
  }
  let counter = 0
  const signaturePath = (name: string) =>
    `clubs/${club}/SIGNATURE/00000000-0000-4000-8000-${String(++counter).padStart(12, '0')}-${name}`

  /** The image uploaded (as the chair) and recorded by `as`; the answers of both steps. */
  const setSignature = async (bytes: Uint8Array, as: string = treasurer) => {
    const path = signaturePath('unterschrift.png')
    const upload = await call('PUT', '/storage/blob', { as, query: { path }, bytes, contentType: 'image/png' })
    if (upload.status !== 201) return { upload, record: null }
    const record = await call('PUT', `/club/${club}/addImage`, {
      as,
      body: { label: 'SIGNATURE', name: 'unterschrift.png', path, contentType: 'image/png', size: bytes.length },
    })
    return { upload, record }
  }

  /** The archived PDF of a new receipt, as text (an image's dictionary is not compressed). */
  const issuedPdf = async (): Promise<string> => {
    const issued = await issue(await give(2500))
    expect(issued.status, JSON.stringify(issued.error)).toBe(201)
    return Buffer.from((await fileOf(issued.body.id)).base64, 'base64').toString('latin1')
  }
  const hasImageOf = (pdf: string, width: number, height: number) =>
    new RegExp(`/Subtype /Image\\s[^>]*/Width ${width}\\s+/Height ${height}\\s`).test(pdf)

  it('stands on the signature line of the receipts issued while it is set, above the signer’s name', async () => {
    expect(hasImageOf(await issuedPdf(), 7, 3)).toBe(false)

    const first = await setSignature(png(5, 2))
    expect(first.record?.status, JSON.stringify(first.record?.error)).toBe(200)
    const second = await setSignature(png(7, 3))
    expect(second.record?.status, JSON.stringify(second.record?.error)).toBe(200)
    // A new one replaces the old one, as the logo does.
    const images = await call('GET', `/club/${club}/getImages`, { as: treasurer, query: { label: 'SIGNATURE' } })
    expect(images.body).toEqual([second.record!.body])

    const withImage = await issuedPdf()
    expect(hasImageOf(withImage, 7, 3)).toBe(true)
    expect(hasImageOf(withImage, 5, 2)).toBe(false)

    const removed = await call('DELETE', `/club/${club}/deleteFile`, {
      as: treasurer,
      body: { fileId: second.record!.body.id },
    })
    expect(removed.status, JSON.stringify(removed.error)).toBe(204)
    expect(hasImageOf(await issuedPdf(), 7, 3)).toBe(false)
  })

  it('takes JPEG or PNG up to 2 MB', async () => {
    const path = signaturePath('unterschrift.webp')
    const webp = await call('PUT', `/club/${club}/addImage`, {
      as: treasurer,
      body: { label: 'SIGNATURE', name: 'unterschrift.webp', path, contentType: 'image/webp', size: 3 * 1024 * 1024 },
    })
    expect(webp.status).toBe(400)
    expect(webp.error?.errors?.map((error) => error.field).sort()).toEqual(['contentType', 'size'])
    const large = new Uint8Array(2 * 1024 * 1024 + 1)
    large.set(png(1, 1))
    const tooLarge = await setSignature(large)
    expect(tooLarge.upload.status).toBe(413)
  })

  it('is set and removed only by a member who may manage the club’s money', async () => {
    const members = (await call('GET', `/club/${club}/getUsers`, { as: admin })).body
    const deputy = members.find((member) => member.clubRoleId === seedClubRoles.stellvertretung)!
    expect(deputy.manageMoney).toBe(false)

    const refused = await setSignature(png(3, 1), deputy.email)
    expect(kindOf(refused.upload)).toBe('club-right-missing')
    const staged = await setSignature(png(3, 1))
    expect(staged.record?.status).toBe(200)
    // Recording someone else's upload is refused just the same.
    const path = signaturePath('unterschrift.png')
    const bytes = png(4, 1)
    await call('PUT', '/storage/blob', { as: treasurer, query: { path }, bytes, contentType: 'image/png' })
    const recorded = await call('PUT', `/club/${club}/addImage`, {
      as: deputy.email,
      body: { label: 'SIGNATURE', name: 'unterschrift.png', path, contentType: 'image/png', size: bytes.length },
    })
    expect(kindOf(recorded)).toBe('club-right-missing')
    const removal = await call('DELETE', `/club/${club}/deleteFile`, {
      as: deputy.email,
      body: { fileId: staged.record!.body.id },
    })
    expect(kindOf(removal)).toBe('club-right-missing')
    const images = await call('GET', `/club/${club}/getImages`, { as: deputy.email, query: { label: 'SIGNATURE' } })
    expect(images.body.map((image) => image.id)).toEqual([staged.record!.body.id])
  })
})
