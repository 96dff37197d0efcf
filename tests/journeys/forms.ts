import { expect, type Locator, type Page } from '@playwright/test'
import { setLatency } from './fixtures.ts'

/**
 * Form filling shared by the e2e journeys (tests/e2e, tests/e2e-server) and the screenshot scenes
 * (tests/screenshots): the registration wizard, the club profile, the invitation form, the campaign form. The journeys and
 * scenes keep their own assertions and pictures; the callbacks below are where they go.
 */

/** A field by its label, with or without the required asterisk. */
export const field = (scope: Page | Locator, label: string) => scope.getByLabel(new RegExp(`^${label}(\\s\\*)?$`))

/** The path of a file in tests/fixtures (scans, logo, documents, images to upload). */
export const fixture = (name: string) => new URL(`../fixtures/${name}`, import.meta.url).pathname

// ---------------------------------------------------------------------------------------------------------
// Registration wizard (/register_organisation)

/** 1 club, 2 address, 3 contact person and account, 4 club type and size, 5 terms. */
export type RegistrationStep = 1 | 2 | 3 | 4 | 5

const STEP_HEADINGS: Record<Exclude<RegistrationStep, 1>, string> = {
  2: 'Adresse',
  3: 'Kontaktperson und Benutzerkonto',
  4: 'Vereinsart und Größe',
  5: 'AGB und Abschluss',
}

/** The wizard's "Weiter". */
export const nextStep = (page: Page) => page.getByRole('button', { name: 'Weiter' }).click()
/** A wizard step's heading. */
export const stepHeading = (page: Page, name: string) => page.getByRole('heading', { level: 2, name })

/** What the wizard is filled with unless a test says otherwise. */
export const REGISTRATION = {
  club: 'Schachklub Zwettl',
  zvr: '987654321',
  street: 'Sparkassenplatz',
  houseNumber: '3',
  postcode: '3910',
  city: 'Zwettl',
  firstName: 'Eva',
  lastName: 'Springer',
  /** `null` leaves the (optional) phone number empty. */
  phone: '+43 664 1234567' as string | null,
  password: 'Geheim1234!',
  clubType: 'Kulturverein',
  clubSize: '20 Mitglieder',
}

export interface RegistrationOptions extends Partial<typeof REGISTRATION> {
  email: string
  /** Called once a step's fields are filled, before its "Weiter" (e.g. to take its picture). */
  onStep?: (step: RegistrationStep) => Promise<void>
  /** Called when "Weiter" has led to a step (after its heading showed, when those are checked). */
  onStepShown?: (step: RegistrationStep) => Promise<void>
  /** Stops as soon as this step shows, without filling it. Default 5: the terms, left to the test. */
  stopAt?: Exclude<RegistrationStep, 1>
  /** Expects each step's heading after "Weiter". Default true. */
  expectHeadings?: boolean
}

/** Goes on from the first step, whose fields are filled, to the terms, each step's heading checked. */
export const continueToTerms = async (page: Page) => {
  for (const step of [2, 3, 4, 5] as const) {
    await nextStep(page)
    await expect(stepHeading(page, STEP_HEADINGS[step])).toBeVisible()
  }
}

/** Opens the terms from the last step and closes them again; `onDialog` sees them open. */
export const readTerms = async (page: Page, onDialog?: (dialog: Locator) => Promise<void>) => {
  await page.getByRole('button', { name: 'AGB lesen' }).click()
  const dialog = page.getByRole('dialog', { name: 'Allgemeine Geschäftsbedingungen (AGB)' })
  await expect(dialog).toBeVisible()
  await onDialog?.(dialog)
  await page.getByRole('button', { name: 'Schließen', exact: true }).click()
}

/** Accepts the terms on the last step. */
export const acceptTerms = (page: Page) => page.getByLabel('Ich habe die AGB gelesen und akzeptiere sie.').check()

/** Accepts the terms and sends the registration ("Abschließen"). */
export const acceptTermsAndFinish = async (page: Page) => {
  await acceptTerms(page)
  await page.getByRole('button', { name: 'Abschließen' }).click()
}

/** Fills the registration wizard, open at its first step, step by step up to the terms (or `stopAt`). */
export const fillRegistrationUpToTerms = async (page: Page, options: RegistrationOptions) => {
  const { email, onStep, onStepShown, stopAt = 5, expectHeadings = true } = options
  const values = { ...REGISTRATION, ...options }
  /** "Weiter" to a step; true when the wizard stops there. */
  const advanceTo = async (step: Exclude<RegistrationStep, 1>) => {
    await nextStep(page)
    if (expectHeadings) await expect(stepHeading(page, STEP_HEADINGS[step])).toBeVisible()
    await onStepShown?.(step)
    return step === stopAt
  }

  await field(page, 'Name des Vereins').fill(values.club)
  await field(page, 'ZVR-Zahl').fill(values.zvr)
  await onStep?.(1)
  if (await advanceTo(2)) return

  await field(page, 'Straße').fill(values.street)
  await field(page, 'Hausnummer').fill(values.houseNumber)
  await field(page, 'Postleitzahl').fill(values.postcode)
  await field(page, 'Ort').fill(values.city)
  await onStep?.(2)
  if (await advanceTo(3)) return

  await field(page, 'Vorname').fill(values.firstName)
  await field(page, 'Nachname').fill(values.lastName)
  if (values.phone !== null) await field(page, 'Telefonnummer').fill(values.phone)
  await field(page, 'E-Mail').fill(email)
  await field(page, 'Passwort').fill(values.password)
  await field(page, 'Passwort wiederholen').fill(values.password)
  await onStep?.(3)
  if (await advanceTo(4)) return

  await field(page, 'Vereinsart').selectOption({ label: values.clubType })
  await field(page, 'Vereinsgröße').selectOption({ label: values.clubSize })
  await onStep?.(4)
  await advanceTo(5)
}

// ---------------------------------------------------------------------------------------------------------
// Club profile (/club/<id>/true) of Sportunion Leoben

/** The valid IBAN the profile is filled with unless a test says otherwise. */
export const CLUB_IBAN = 'AT61 1904 3002 3457 3201'

/** Fills the club data, bank account and the legitimation's contact person (no uploads, nothing saved). */
export const fillClubProfile = async (page: Page, { iban = CLUB_IBAN }: { iban?: string } = {}) => {
  await field(page, 'Steuernummer').fill('12 345/6789')
  await field(page, 'Spendenbegünstigungsnummer').fill('SO 4711')
  await field(page, 'Kurzbeschreibung').fill('Sport für alle in Leoben.')
  await field(page, 'Beschreibung').fill(
    'Die Sportunion Leoben bietet Turnen, Laufen und Volleyball für alle Generationen.',
  )
  await field(page, 'Kontoinhaber/in').fill('Sportunion Leoben')
  await field(page, 'IBAN').fill(iban)
  await field(page, 'BIC').fill('bkauatww')
  await field(page, 'Name der Bank').fill('UniCredit Bank Austria AG')
  const contact = page.getByRole('region', { name: 'Kontaktperson für die Legitimation' })
  await field(contact, 'Telefonnummer').fill('+43 660 1234567')
  await field(contact, 'Geburtsdatum').fill('1985-03-12')
  await field(contact, 'Ausweisart').selectOption({ label: 'Personalausweis' })
}

interface UploadOptions {
  /** Also expects the "… wurde hochgeladen" / "… gespeichert" messages and the link of every file. */
  confirmations?: boolean
}

/**
 * The legitimation scans: first a PNG named .jpg, which is refused by its content (`onRefused` checks how,
 * given the contact person's region), then the real front and back JPEGs, each shown as a link.
 */
export const uploadLegitimation = async (
  page: Page,
  { onRefused, confirmations = false }: UploadOptions & { onRefused: (contact: Locator) => Promise<void> },
) => {
  const contact = page.getByRole('region', { name: 'Kontaktperson für die Legitimation' })
  await field(contact, 'Vorderseite').setInputFiles(fixture('ausweis-kein-jpeg.jpg'))
  await onRefused(contact)
  await field(contact, 'Vorderseite').setInputFiles(fixture('ausweis-vorderseite.jpg'))
  if (confirmations) await expect(page.getByText('Vorderseite wurde hochgeladen')).toBeVisible()
  await expect(contact.getByRole('link', { name: 'Ansehen ausweis-vorderseite.jpg' })).toBeVisible()
  await field(contact, 'Rückseite').setInputFiles(fixture('ausweis-rueckseite.jpg'))
  if (confirmations) await expect(page.getByText('Rückseite wurde hochgeladen')).toBeVisible()
  await expect(contact.getByRole('link', { name: 'Ansehen ausweis-rueckseite.jpg' })).toBeVisible()
}

/** The club logo, shown once uploaded. */
export const uploadLogo = async (page: Page, { confirmations = false }: UploadOptions = {}) => {
  const logo = page.getByRole('region', { name: 'Logo' })
  await field(logo, 'Logo hochladen').setInputFiles(fixture('vereinslogo.png'))
  if (confirmations) await expect(page.getByText('Logo wurde hochgeladen')).toBeVisible()
  await expect(logo.getByRole('img', { name: 'Aktuelles Logo' })).toBeVisible()
}

/**
 * The two documents: saving with only the SPEND 2 form is refused (`onBothNeeded` gets that message), then
 * both are saved.
 */
export const uploadDocuments = async (
  page: Page,
  { onBothNeeded, confirmations = false }: UploadOptions & { onBothNeeded?: (message: Locator) => Promise<void> } = {},
) => {
  const documents = page.getByRole('region', { name: 'Dokumente' })
  await field(documents, 'SPEND 2-Formular').setInputFiles(fixture('spend2-formular.pdf'))
  await documents.getByRole('button', { name: 'Dokumente speichern' }).click()
  const bothNeeded = documents.getByText('Es müssen beide Dokumente hochgeladen werden')
  await expect(bothNeeded).toBeVisible()
  await onBothNeeded?.(bothNeeded)
  await field(documents, 'Bescheid über die Spendenbegünstigung').setInputFiles(
    fixture('bescheid-spendenbeguenstigung.pdf'),
  )
  await documents.getByRole('button', { name: 'Dokumente speichern' }).click()
  if (confirmations) {
    await expect(page.getByText('Dokumente wurden gespeichert')).toBeVisible()
    await expect(documents.getByRole('link', { name: 'Ansehen spend2-formular.pdf' })).toBeVisible()
  }
  await expect(documents.getByRole('link', { name: 'Ansehen bescheid-spendenbeguenstigung.pdf' })).toBeVisible()
}

// ---------------------------------------------------------------------------------------------------------
// Accepting an invitation (/acceptInvitation?token=…)

/** Fills the invitation's account form (the password twice); sending it is left to the test. */
export const fillInvitation = async (
  page: Page,
  { firstName, lastName, password }: { firstName: string; lastName: string; password: string },
) => {
  await page.getByLabel('Vorname').fill(firstName)
  await page.getByLabel('Nachname').fill(lastName)
  await page.getByRole('textbox', { name: 'Passwort', exact: true }).fill(password)
  await page.getByLabel('Passwort bestätigen').fill(password)
}

// ---------------------------------------------------------------------------------------------------------
// Campaign form (/campaign/<club>)

/** A complete, valid new campaign ("Flutlicht"), as the create form takes it. */
export const FLUTLICHT = {
  'Name der Kampagne': 'Flutlicht',
  Beschreibung: 'Neue Flutlichtmasten für den Trainingsplatz.',
  Spendenziel: '8.000',
  'Vorgeschlagener Betrag': '40',
  Mindestspende: '5',
  'Datum des Anlasses': '2031-10-03',
  Uhrzeit: '19:00',
  'Spenden ab': '2031-08-01',
  'Spenden bis': '2031-10-01',
} as const

/** Fills the campaign form's fields by their labels (nothing saved). */
export const fillCampaign = async (page: Page, values: Readonly<Record<string, string>> = FLUTLICHT) => {
  for (const [label, value] of Object.entries(values)) await field(page, label).fill(value)
}

// ---------------------------------------------------------------------------------------------------------
// A save without an answer

/** The client's time limit per request (DEFAULT_REQUEST_TIMEOUT_MS in src/api/client.ts). */
const REQUEST_TIMEOUT_MS = 20_000

/**
 * Clicks `button` while the mocked backend keeps its answer back, and lets the client give up on the
 * request (ApiTimeoutError) without waiting its 20 s: the page's clock, installed before the app loaded
 * (`page.clock.install()`), is moved past them once the request is on its way (the loading overlay shows).
 * The mocked backend runs in the page and follows the same clock, so it is told to wait longer than that;
 * requests after this one are answered at once again.
 */
export const saveWithoutAnswer = async (page: Page, button: Locator) => {
  await setLatency(page, 60_000)
  await button.click()
  await expect(page.getByTestId('loading-overlay')).toBeVisible()
  await page.clock.fastForward(REQUEST_TIMEOUT_MS)
  await setLatency(page, 0)
}
