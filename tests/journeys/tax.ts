import { readFile } from 'node:fs/promises'
import { expect, type Page } from '@playwright/test'

/**
 * The treasurer's way from a year's donations to the tax office's file and back, on the "Steuer" screen:
 * the bPK query and its answer, the transmission file, the protocol. Files the service and the tax office
 * would send are written here after their published descriptions.
 */

/** A vbPK as the Stammzahlenregister gives it: 172 characters of base64. */
export const vbpkFor = (seed: string) => Buffer.from(seed.repeat(200)).toString('base64').slice(0, 172)

/** Downloads what `button` saves; its name and text. */
export const downloadOf = async (page: Page, button: RegExp | string) => {
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: button }).click(),
  ])
  return { name: download.suggestedFilename(), text: await readFile(await download.path(), 'utf8') }
}

/** Picks a file for the import labelled `label` and imports it with `submit`. */
export const importFile = async (page: Page, label: string, submit: string, name: string, content: string) => {
  await page.getByLabel(label).setInputFiles({ name, mimeType: 'text/plain', buffer: Buffer.from(content) })
  await page.getByRole('button', { name: submit }).click()
}

/** The bPK service's answer to a query: every line found, with a vbPK made from its name. */
export const bpkAnswerFor = (query: string): string => {
  const lines = query.split(/\r?\n/).filter((line) => /^\d+;/.test(line))
  return [
    'VERSCHLÜSSELTEBPK=BMF+SA',
    'LAUFNR;NACHNAME;VORNAME;GEBDATUM;VBPK;STATUS',
    ...lines.map((line) => {
      const [number, lastName, firstName, birthDate] = line.split(';')
      return `${number};${lastName};${firstName};${birthDate};${vbpkFor(`${lastName}${firstName}`)};`
    }),
  ].join('\r\n')
}

/** FinanzOnline's protocol of a file, accepted. */
export const acceptedProtocol = (transmissionXml: string): string => {
  const messageRefId = /<MessageRefId>([^<]+)<\/MessageRefId>/.exec(transmissionXml)![1]
  return `<?xml version="1.0" encoding="UTF-8"?>
<SonderausgabenResponse xmlns="https://finanzonline.bmf.gv.at/fon/ws/uebermittlungSonderausgaben">
  <MessageRefId>${messageRefId}</MessageRefId>
  <Status>OK</Status>
</SonderausgabenResponse>`
}

/**
 * A year on the "Steuer" screen: the bPK query downloaded and its answer imported, the production file
 * downloaded, its protocol imported. Returns the file the treasurer would upload.
 */
export const transmitYear = async (page: Page, clubId: string, year: number) => {
  await page.goto(`/steuer/${clubId}?year=${year}`)
  await expect(page.getByRole('heading', { name: `Meldung an das Finanzamt ${year}` })).toBeVisible()
  const query = await downloadOf(page, 'bPK-Abfrage (CSV)')
  expect(query.name).toBe(`bpk-abfrage-${year}.csv`)
  await importFile(
    page,
    'Antwort des bPK-Service (CSV)',
    'bPK-Antwort importieren',
    'antwort.csv',
    bpkAnswerFor(query.text),
  )
  await expect(page.getByText('bPK-Antwort importiert', { exact: true })).toBeVisible()
  const file = await downloadOf(page, `Übermittlungsdatei ${year} (XML)`)
  await importFile(
    page,
    'Protokoll des Finanzamts (XML)',
    'Protokoll importieren',
    'protokoll.xml',
    acceptedProtocol(file.text),
  )
  await expect(page.getByText('Protokoll importiert', { exact: true })).toBeVisible()
  return { query, file }
}
