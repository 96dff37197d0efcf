/**
 * The hand-written part of the seed: Austrian clubs, people, banks and texts in German. `seed.ts` turns
 * it into records with a seeded PRNG and dates relative to the day the seed is built.
 */
import type { ClubSize } from '../../src/api/generated/query/model/clubSize.ts'
import type { ClubStatus } from '../../src/api/generated/query/model/clubStatus.ts'
import type { PaymentAccountStatus } from '../../src/api/generated/query/model/paymentAccountStatus.ts'
import { seedClubRoles, seedClubs } from './seed-accounts.ts'
import type { SeedAccountKey, seedClubTypes } from './seed-accounts.ts'

export type ClubTypeKey = keyof typeof seedClubTypes

export const CLUB_TYPES: ReadonlyArray<{ key: ClubTypeKey; name: string; logo: string; donationPrefix: string }> = [
  { key: 'sport', name: 'Sportverein', logo: 'sportverein', donationPrefix: 'SO' },
  { key: 'musik', name: 'Musikverein', logo: 'musikverein', donationPrefix: 'KK' },
  { key: 'feuerwehr', name: 'Freiwillige Feuerwehr', logo: 'feuerwehr', donationPrefix: 'FW' },
  { key: 'kultur', name: 'Kulturverein', logo: 'kulturverein', donationPrefix: 'KK' },
  { key: 'sozial', name: 'Sozialverein', logo: 'sozialverein', donationPrefix: 'SO' },
  { key: 'tierschutz', name: 'Tierschutzverein', logo: 'tierschutzverein', donationPrefix: 'TS' },
  { key: 'eltern', name: 'Elternverein', logo: 'elternverein', donationPrefix: 'SO' },
  { key: 'jugend', name: 'Jugendverein', logo: 'jugendverein', donationPrefix: 'SO' },
  { key: 'natur', name: 'Naturschutzverein', logo: 'naturschutzverein', donationPrefix: 'NT' },
  { key: 'pension', name: 'Pensionistenverein', logo: 'pensionistenverein', donationPrefix: 'SO' },
]

export const CLUB_ROLES: ReadonlyArray<{ id: string; name: string }> = [
  { id: seedClubRoles.obmann, name: 'Obmann/Obfrau' },
  { id: seedClubRoles.stellvertretung, name: 'Obmann-Stellvertreter/in' },
  { id: seedClubRoles.kassier, name: 'Kassier/in' },
  { id: seedClubRoles.schriftfuehrung, name: 'Schriftführer/in' },
  { id: seedClubRoles.mitglied, name: 'Mitglied' },
  { id: seedClubRoles.rechnungspruefung, name: 'Rechnungsprüfer/in' },
]

/**
 * How much of the profile is filled: `complete`; `partial` (some parts missing, see `gaps`); `registered`
 * (only what the public registration asks).
 */
export type ProfileFill = 'complete' | 'partial' | 'registered'
export type ProfileGap = 'bank' | 'documents' | 'legitimation' | 'texts' | 'logo' | 'deductibility' | 'billing'

export interface ClubSeed {
  id: string
  name: string
  type: ClubTypeKey
  street: string
  houseNumber: string
  postalCode: string
  city: string
  status: ClubStatus
  fill: ProfileFill
  gaps?: readonly ProfileGap[]
  checked: boolean
  createdDaysAgo: number
  size: ClubSize | null
  /** Number of donations spread over `donationDays` days before the seed. */
  donations: number
  donationDays?: number
  /** Generated campaigns (the volume club has hand-written ones instead). */
  campaigns: number
  payment?: PaymentAccountStatus
  /** The seeded sign-in account that represents the club; others get a generated Obmann/Obfrau. */
  representative?: SeedAccountKey
  gallery: number
}

export const CLUBS: readonly ClubSeed[] = [
  { id: seedClubs.volume, name: 'SV Grünbach 1923', type: 'sport', street: 'Sportplatzweg', houseNumber: '4', postalCode: '2733', city: 'Grünbach am Schneeberg', status: 'ACTIVE', fill: 'complete', checked: true, createdDaysAgo: 1100, size: 100, donations: 10_600, donationDays: 730, campaigns: 0, payment: 'ACTIVE', representative: 'verein', gallery: 4 },
  { id: seedClubs.secondActive, name: 'Musikverein Hallein', type: 'musik', street: 'Pernerinsel', houseNumber: '2', postalCode: '5400', city: 'Hallein', status: 'ACTIVE', fill: 'complete', checked: true, createdDaysAgo: 620, size: 50, donations: 210, donationDays: 540, campaigns: 3, payment: 'ONBOARDING', representative: 'verein', gallery: 2 },
  { id: seedClubs.rejectedAccount, name: 'Freiwillige Feuerwehr Tulln', type: 'feuerwehr', street: 'Frauentorgasse', houseNumber: '19', postalCode: '3430', city: 'Tulln an der Donau', status: 'ACTIVE', fill: 'complete', checked: true, createdDaysAgo: 700, size: 100, donations: 300, campaigns: 3, payment: 'REJECTED', gallery: 2 },
  { id: seedClubs.withoutAccount, name: 'Kulturverein Bregenzer Kulturbühne', type: 'kultur', street: 'Kornmarktstraße', houseNumber: '7', postalCode: '6900', city: 'Bregenz', status: 'ACTIVE', fill: 'complete', checked: true, createdDaysAgo: 480, size: 50, donations: 150, campaigns: 2, gallery: 1 },
  { id: 'club-so-linz', name: 'Sozialverein Miteinander Linz', type: 'sozial', street: 'Landstraße', houseNumber: '31', postalCode: '4020', city: 'Linz', status: 'ACTIVE', fill: 'complete', checked: true, createdDaysAgo: 820, size: 50, donations: 250, campaigns: 3, payment: 'ACTIVE', gallery: 1 },
  { id: 'club-ts-graz', name: 'Tierschutzverein Pfotenhilfe Graz', type: 'tierschutz', street: 'Grabenstraße', houseNumber: '64', postalCode: '8010', city: 'Graz', status: 'ACTIVE', fill: 'complete', checked: true, createdDaysAgo: 900, size: 100, donations: 400, campaigns: 3, payment: 'ACTIVE', gallery: 3 },
  { id: 'club-ev-moedling', name: 'Elternverein der Volksschule Mödling', type: 'eltern', street: 'Schulweg', houseNumber: '1', postalCode: '2340', city: 'Mödling', status: 'ACTIVE', fill: 'complete', checked: true, createdDaysAgo: 400, size: 20, donations: 75, campaigns: 2, gallery: 0 },
  { id: 'club-jv-innsbruck', name: 'Jugendverein Innsbruck-Pradl', type: 'jugend', street: 'Pradler Straße', houseNumber: '12', postalCode: '6020', city: 'Innsbruck', status: 'ACTIVE', fill: 'complete', checked: false, createdDaysAgo: 350, size: 20, donations: 100, campaigns: 2, gallery: 1 },
  { id: 'club-nv-zell', name: 'Naturschutzverein Hohe Tauern Zell am See', type: 'natur', street: 'Brucker Bundesstraße', houseNumber: '3', postalCode: '5700', city: 'Zell am See', status: 'ACTIVE', fill: 'complete', checked: true, createdDaysAgo: 300, size: 20, donations: 125, campaigns: 2, payment: 'ONBOARDING', gallery: 2 },
  { id: 'club-pv-stpoelten', name: 'Pensionistenverein St. Pölten-Wagram', type: 'pension', street: 'Wagramer Straße', houseNumber: '45', postalCode: '3100', city: 'St. Pölten', status: 'ACTIVE', fill: 'complete', checked: true, createdDaysAgo: 650, size: 100, donations: 50, campaigns: 1, gallery: 0 },
  { id: 'club-sv-wels', name: 'ASKÖ Handballklub Wels', type: 'sport', street: 'Rennbahnstraße', houseNumber: '8', postalCode: '4600', city: 'Wels', status: 'ACTIVE', fill: 'complete', checked: true, createdDaysAgo: 560, size: 50, donations: 175, campaigns: 2, gallery: 2 },
  { id: 'club-mv-villach', name: 'Stadtkapelle Villach', type: 'musik', street: 'Widmanngasse', houseNumber: '22', postalCode: '9500', city: 'Villach', status: 'ACTIVE', fill: 'complete', checked: false, createdDaysAgo: 200, size: 50, donations: 60, campaigns: 1, gallery: 1 },
  { id: 'club-ff-kufstein', name: 'Freiwillige Feuerwehr Kufstein', type: 'feuerwehr', street: 'Feuerwehrstraße', houseNumber: '1', postalCode: '6330', city: 'Kufstein', status: 'ACTIVE', fill: 'complete', checked: true, createdDaysAgo: 750, size: 100, donations: 200, campaigns: 2, gallery: 1 },
  { id: 'club-kv-eisenstadt', name: 'Kulturverein Haydnregion Eisenstadt', type: 'kultur', street: 'Esterházyplatz', houseNumber: '5', postalCode: '7000', city: 'Eisenstadt', status: 'ACTIVE', fill: 'complete', checked: true, createdDaysAgo: 260, size: 20, donations: 45, campaigns: 1, gallery: 1 },
  { id: 'club-so-ottakring', name: 'Nachbarschaftshilfe Wien-Ottakring', type: 'sozial', street: 'Thaliastraße', houseNumber: '88', postalCode: '1160', city: 'Wien', status: 'ACTIVE', fill: 'complete', checked: true, createdDaysAgo: 500, size: 50, donations: 140, campaigns: 2, gallery: 0 },
  { id: 'club-ts-steyr', name: 'Tierschutzverein Steyr und Umgebung', type: 'tierschutz', street: 'Ennser Straße', houseNumber: '17', postalCode: '4400', city: 'Steyr', status: 'ACTIVE', fill: 'partial', gaps: ['deductibility'], checked: true, createdDaysAgo: 420, size: 20, donations: 30, campaigns: 1, gallery: 1 },
  { id: 'club-jv-dornbirn', name: 'Jugendverein Dornbirn Mitte', type: 'jugend', street: 'Marktstraße', houseNumber: '9', postalCode: '6850', city: 'Dornbirn', status: 'ACTIVE', fill: 'complete', checked: true, createdDaysAgo: 380, size: 20, donations: 65, campaigns: 1, gallery: 1 },
  { id: seedClubs.incomplete, name: 'Sportunion Leoben', type: 'sport', street: 'Kerpelystraße', houseNumber: '21', postalCode: '8700', city: 'Leoben', status: 'PROCESSING', fill: 'registered', checked: false, createdDaysAgo: 6, size: 50, donations: 0, campaigns: 0, representative: 'neu', gallery: 0 },
  { id: seedClubs.unconfirmed, name: 'Kulturverein Kremser Kellertheater', type: 'kultur', street: 'Obere Landstraße', houseNumber: '14', postalCode: '3500', city: 'Krems an der Donau', status: 'PROCESSING', fill: 'registered', checked: false, createdDaysAgo: 2, size: 10, donations: 0, campaigns: 0, representative: 'unbestaetigt', gallery: 0 },
  { id: seedClubs.releasable, name: 'Naturschutzverein Wienerwald Baden', type: 'natur', street: 'Helenenstraße', houseNumber: '30', postalCode: '2500', city: 'Baden', status: 'PROCESSING', fill: 'complete', checked: true, createdDaysAgo: 14, size: 20, donations: 0, campaigns: 1, representative: 'freigabe', gallery: 1 },
  { id: 'club-ev-amstetten', name: 'Elternverein BG/BRG Amstetten', type: 'eltern', street: 'Hauptplatz', houseNumber: '3', postalCode: '3300', city: 'Amstetten', status: 'PROCESSING', fill: 'partial', gaps: ['documents', 'legitimation'], checked: false, createdDaysAgo: 20, size: 50, donations: 0, campaigns: 0, gallery: 0 },
  { id: 'club-jv-oberwart', name: 'Jugendverein Oberwart Aktiv', type: 'jugend', street: 'Wiener Straße', houseNumber: '11', postalCode: '7400', city: 'Oberwart', status: 'PROCESSING', fill: 'partial', gaps: ['bank', 'logo', 'documents'], checked: false, createdDaysAgo: 33, size: 10, donations: 0, campaigns: 0, gallery: 0 },
  { id: 'club-ts-lienz', name: 'Tierschutzverein Lienzer Talboden', type: 'tierschutz', street: 'Muchargasse', houseNumber: '6', postalCode: '9900', city: 'Lienz', status: 'PROCESSING', fill: 'registered', checked: false, createdDaysAgo: 9, size: null, donations: 0, campaigns: 0, gallery: 0 },
  { id: 'club-mv-gmunden', name: 'Musikverein Gmunden-Ort', type: 'musik', street: 'Traunsteinstraße', houseNumber: '27', postalCode: '4810', city: 'Gmunden', status: 'PROCESSING', fill: 'complete', checked: false, createdDaysAgo: 11, size: 50, donations: 0, campaigns: 0, gallery: 1 },
  { id: 'club-pv-feldkirch', name: 'Pensionistenverband Ortsgruppe Feldkirch', type: 'pension', street: 'Schmiedgasse', houseNumber: '2', postalCode: '6800', city: 'Feldkirch', status: 'PROCESSING', fill: 'partial', gaps: ['texts', 'legitimation', 'billing'], checked: false, createdDaysAgo: 45, size: 100, donations: 0, campaigns: 0, gallery: 0 },
  { id: seedClubs.inactive, name: 'Sportverein Schwaz 1920', type: 'sport', street: 'Innsbrucker Straße', houseNumber: '40', postalCode: '6130', city: 'Schwaz', status: 'INACTIVE', fill: 'complete', checked: true, createdDaysAgo: 980, size: 50, donations: 75, donationDays: 700, campaigns: 2, gallery: 1 },
  { id: 'club-ff-bruck', name: 'Freiwillige Feuerwehr Bruck an der Mur', type: 'feuerwehr', street: 'Leobener Straße', houseNumber: '15', postalCode: '8600', city: 'Bruck an der Mur', status: 'INACTIVE', fill: 'complete', checked: true, createdDaysAgo: 860, size: 50, donations: 40, donationDays: 600, campaigns: 1, gallery: 0 },
  { id: seedClubs.inactiveIncomplete, name: 'Kulturverein Spittaler Sommer', type: 'kultur', street: 'Bahnhofstraße', houseNumber: '5', postalCode: '9800', city: 'Spittal an der Drau', status: 'INACTIVE', fill: 'registered', checked: false, createdDaysAgo: 150, size: 10, donations: 0, campaigns: 0, gallery: 0 },
  { id: 'club-so-wolfsberg', name: 'Sozialverein Lebenshilfe Wolfsberg', type: 'sozial', street: 'Sporergasse', houseNumber: '8', postalCode: '9400', city: 'Wolfsberg', status: 'INACTIVE', fill: 'partial', gaps: ['bank', 'documents'], checked: false, createdDaysAgo: 210, size: 20, donations: 0, campaigns: 0, gallery: 0 },
  { id: 'club-pv-klagenfurt', name: 'Pensionistenverein Klagenfurt-Annabichl', type: 'pension', street: 'Annabichler Straße', houseNumber: '52', postalCode: '9020', city: 'Klagenfurt am Wörthersee', status: 'INACTIVE', fill: 'complete', checked: true, createdDaysAgo: 720, size: 50, donations: 30, donationDays: 500, campaigns: 1, gallery: 0 },
]

export const BANKS: ReadonlyArray<{ name: string; bic: string; code: string }> = [
  { name: 'Erste Bank der oesterreichischen Sparkassen AG', bic: 'GIBAATWWXXX', code: '20111' },
  { name: 'UniCredit Bank Austria AG', bic: 'BKAUATWWXXX', code: '12000' },
  { name: 'BAWAG P.S.K.', bic: 'BAWAATWWXXX', code: '14000' },
  { name: 'Raiffeisenlandesbank Oberösterreich', bic: 'RZOOAT2L', code: '34000' },
  { name: 'Raiffeisen-Landesbank Steiermark', bic: 'RZSTAT2G', code: '38000' },
  { name: 'Raiffeisen-Landesbank Tirol', bic: 'RZTIAT22', code: '36000' },
  { name: 'Volksbank Wien AG', bic: 'VBOEATWWXXX', code: '43000' },
  { name: 'Oberbank AG', bic: 'OBKLAT2L', code: '15000' },
  { name: 'Hypo Vorarlberg Bank AG', bic: 'HYPVAT2B', code: '58000' },
  { name: 'Steiermärkische Bank und Sparkassen AG', bic: 'STSPAT2G', code: '20815' },
  { name: 'Salzburger Sparkasse Bank AG', bic: 'SBGSAT2S', code: '20404' },
  { name: 'Kärntner Sparkasse AG', bic: 'KSPKAT2K', code: '20706' },
]

export const FIRST_NAMES_FEMALE = [
  'Anna', 'Maria', 'Elisabeth', 'Katharina', 'Johanna', 'Theresa', 'Sophie', 'Lena', 'Sarah', 'Julia',
  'Barbara', 'Christina', 'Monika', 'Sabine', 'Claudia', 'Petra', 'Karin', 'Eva', 'Martina', 'Magdalena',
] as const
export const FIRST_NAMES_MALE = [
  'Johann', 'Josef', 'Franz', 'Karl', 'Michael', 'Thomas', 'Andreas', 'Stefan', 'Christian', 'Martin',
  'Peter', 'Wolfgang', 'Gerhard', 'Manfred', 'Florian', 'Lukas', 'David', 'Tobias', 'Georg', 'Alexander',
] as const
export const LAST_NAMES = [
  'Gruber', 'Huber', 'Bauer', 'Wagner', 'Müller', 'Pichler', 'Steiner', 'Moser', 'Mayer', 'Hofer',
  'Leitner', 'Berger', 'Fuchs', 'Eder', 'Fischer', 'Schmid', 'Winkler', 'Weber', 'Schwarz', 'Maier',
  'Schneider', 'Reiter', 'Mayr', 'Schmidt', 'Wimmer', 'Egger', 'Brunner', 'Lang', 'Baumgartner', 'Auer',
  'Binder', 'Lechner', 'Wolf', 'Wallner', 'Aigner', 'Ebner', 'Koller', 'Lehner', 'Haas', 'Schuster',
] as const

export const MAIL_DOMAINS = ['gmx.at', 'aon.at', 'a1.net', 'chello.at', 'gmail.com', 'outlook.com', 'icloud.com'] as const

export const DONATION_MESSAGES = [
  'Alles Gute für das Projekt!',
  'Weiter so!',
  'Danke für euren Einsatz!',
  'Für die Jugend.',
  'Viel Erfolg!',
  'Eine kleine Unterstützung von uns.',
  'In Erinnerung an meinen Vater.',
  'Danke für das schöne Fest!',
  'Von der Nachbarschaft mit Dank.',
  'Ihr macht das großartig.',
  'Zum Geburtstag statt Geschenken.',
  'Herzliche Grüße aus Wien!',
  'Mögen viele weitere folgen.',
  'Danke für die Hilfe im Vorjahr.',
] as const

/** Amounts people give, in cents, and how often (relative). */
export const DONATION_AMOUNTS = [300, 500, 1000, 1500, 2000, 2500, 3000, 5000, 7500, 10_000, 15_000, 25_000, 50_000] as const
export const DONATION_WEIGHTS = [4, 12, 20, 8, 14, 9, 6, 11, 3, 6, 2, 2, 1] as const

export const SHORT_DESCRIPTIONS: Readonly<Record<ClubTypeKey, string>> = {
  sport: 'Sport für alle Generationen – vom Nachwuchs bis zu den Senioren.',
  musik: 'Blasmusik mit Tradition und eine Jugendkapelle mit Zukunft.',
  feuerwehr: 'Rund um die Uhr ehrenamtlich im Einsatz für unsere Gemeinde.',
  kultur: 'Theater, Lesungen und Konzerte für die ganze Region.',
  sozial: 'Wir helfen Menschen in schwierigen Lebenslagen – unbürokratisch und vor Ort.',
  tierschutz: 'Wir nehmen Fundtiere auf, pflegen sie gesund und vermitteln sie weiter.',
  eltern: 'Die Stimme der Eltern an unserer Schule – für Ausflüge, Projekte und Feste.',
  jugend: 'Ein offener Treffpunkt und Freizeitprogramm für Jugendliche.',
  natur: 'Wir schützen Lebensräume, pflanzen Bäume und betreuen Biotope.',
  pension: 'Gemeinschaft, Ausflüge und Beratung für Seniorinnen und Senioren.',
}

export const descriptionFor = (type: ClubTypeKey, name: string, city: string): string =>
  ({
    sport: `Der ${name} bietet in ${city} Training für Kinder, Jugendliche und Erwachsene. Unsere Mannschaften spielen in der Landesliga, und unsere Nachwuchsarbeit wurde mehrfach ausgezeichnet. Spenden fließen in Ausrüstung, Platzpflege und Trainerausbildung.`,
    musik: `Der ${name} gestaltet das musikalische Leben in ${city}: Frühjahrskonzert, Marschmusikwertung, Kirchenfeste und Ständchen. Mit Ihrer Spende finanzieren wir Instrumente, Trachten und die Ausbildung unserer Jungmusikerinnen und Jungmusiker.`,
    feuerwehr: `Die ${name} leistet jährlich über hundert Einsätze – von Verkehrsunfällen bis zu Unwettern. Alle Mitglieder arbeiten ehrenamtlich. Spenden ermöglichen moderne Ausrüstung und die Ausbildung der Feuerwehrjugend.`,
    kultur: `Der ${name} bringt Kultur nach ${city}: Eigenproduktionen, Gastspiele und Lesungen mit regionalen Künstlerinnen und Künstlern. Spenden decken Bühnentechnik, Gagen und die Förderung junger Talente.`,
    sozial: `Der ${name} unterstützt Familien und Einzelpersonen in ${city} mit Lebensmitteln, Lernhilfe und Beratung. Jede Spende kommt direkt den Menschen vor Ort zugute.`,
    tierschutz: `Der ${name} betreibt eine kleine Auffangstation in ${city}. Wir versorgen Fundtiere medizinisch, kastrieren Streunerkatzen und suchen liebevolle Plätze. Spenden finanzieren Tierarzt, Futter und Unterkunft.`,
    eltern: `Der ${name} vertritt die Eltern gegenüber Schule und Gemeinde. Wir organisieren Schulfeste, finanzieren Ausflüge und unterstützen Familien, die sich Schulveranstaltungen nicht leisten können.`,
    jugend: `Der ${name} betreibt einen Jugendtreff in ${city} mit Proberaum, Werkstatt und Ferienprogramm. Spenden helfen uns, Angebote kostenlos zu halten.`,
    natur: `Der ${name} kümmert sich um Feuchtwiesen, Streuobstbestände und Amphibienwanderwege rund um ${city}. Mit Spenden kaufen wir Pflanzen, Material und Flächen für den Naturschutz.`,
    pension: `Der ${name} ist Treffpunkt für Seniorinnen und Senioren in ${city}: Ausflüge, Kurse, Spielenachmittage und Hilfe im Alltag. Spenden ermöglichen Angebote auch für Mitglieder mit kleiner Pension.`,
  })[type]

export const CAMPAIGN_NAMES: Readonly<Record<ClubTypeKey, readonly string[]>> = {
  sport: ['Neue Trainingsausrüstung', 'Nachwuchsförderung', 'Sanierung der Umkleiden', 'Vereinsbus'],
  musik: ['Neue Trachten', 'Instrumente für die Jugendkapelle', 'Konzertreise nach Südtirol', 'Frühjahrskonzert'],
  feuerwehr: ['Neues Tanklöschfahrzeug', 'Atemschutzausrüstung', 'Feuerwehrfest', 'Zeltlager der Feuerwehrjugend'],
  kultur: ['Sommertheater', 'Neue Bühnentechnik', 'Lesereihe im Herbst', 'Kulturfestival'],
  sozial: ['Weihnachtspakete für Familien', 'Lernhilfe für Kinder', 'Mittagstisch', 'Winterhilfe'],
  tierschutz: ['Tierarztkosten für Notfälle', 'Neues Katzenhaus', 'Futterspenden-Aktion', 'Kastrationsprojekt'],
  eltern: ['Schulausflug nach Wien', 'Neue Spielgeräte', 'Ausstattung der Schulbibliothek', 'Zuschuss zum Schikurs'],
  jugend: ['Jugendlager am See', 'Proberaum-Ausstattung', 'Ferienspiel', 'Skatepark'],
  natur: ['Amphibienschutzzaun', 'Obstbaumpflanzung', 'Renaturierung des Mühlbachs', 'Nistkästen für Schwalben'],
  pension: ['Seniorenausflug', 'Weihnachtsfeier', 'Tablet-Kurs', 'Neue Möbel für den Gemeinschaftsraum'],
}

/** The volume club's campaigns, one per state (days relative to the seed day). */
export const VOLUME_CAMPAIGNS: ReadonlyArray<{
  id: string
  name: string
  description: string
  fromDay: number
  toDay: number
  eventDay: number
  time: string
  goalCents: number
  amountCents: number
  minimumDonationCents: number
  enabled: boolean
}> = [
  { id: 'cmp-gruenbach-flutlicht', name: 'Neue Flutlichtanlage', description: 'Damit wir auch im Winter nach 17 Uhr trainieren können, ersetzen wir die alte Flutlichtanlage durch sparsame LED-Scheinwerfer.', fromDay: -700, toDay: -540, eventDay: -520, time: '18:30', goalCents: 4_500_000, amountCents: 5000, minimumDonationCents: 500, enabled: true },
  { id: 'cmp-gruenbach-trainingslager', name: 'Nachwuchs-Trainingslager', description: 'Eine Woche Trainingslager für unsere U10 bis U16 – Unterkunft, Verpflegung und Busfahrt.', fromDay: -480, toDay: -400, eventDay: -390, time: '08:00', goalCents: 1_200_000, amountCents: 2500, minimumDonationCents: 500, enabled: true },
  { id: 'cmp-gruenbach-sanierung', name: 'Sanierung des Vereinsheims', description: 'Neues Dach, neue Fenster und eine barrierefreie Toilette für unser Vereinsheim.', fromDay: -360, toDay: -200, eventDay: -190, time: '15:00', goalCents: 6_000_000, amountCents: 10_000, minimumDonationCents: 1000, enabled: true },
  { id: 'cmp-gruenbach-trikots', name: 'Trikotsatz für die U12', description: 'Neue Trikots mit den Namen aller Spielerinnen und Spieler.', fromDay: -180, toDay: -120, eventDay: -110, time: '10:00', goalCents: 300_000, amountCents: 2000, minimumDonationCents: 300, enabled: false },
  { id: 'cmp-gruenbach-kunstrasen', name: 'Kunstrasenplatz', description: 'Ein ganzjährig bespielbarer Kunstrasenplatz für Training und Meisterschaft.', fromDay: -100, toDay: 60, eventDay: 75, time: '14:00', goalCents: 25_000_000, amountCents: 10_000, minimumDonationCents: 1000, enabled: true },
  { id: 'cmp-gruenbach-tombola', name: 'Sommerfest-Tombola', description: 'Preise für die Tombola beim Sommerfest – jedes Los unterstützt die Jugendarbeit.', fromDay: -20, toDay: 12, eventDay: 14, time: '16:00', goalCents: 200_000, amountCents: 1000, minimumDonationCents: 300, enabled: true },
  { id: 'cmp-gruenbach-busfahrt', name: 'Busfahrt zum Cupfinale', description: 'Gemeinsam mit Fans und Nachwuchs zum Cupfinale nach Wien.', fromDay: -12, toDay: 20, eventDay: 22, time: '07:30', goalCents: 250_000, amountCents: 2500, minimumDonationCents: 500, enabled: false },
  { id: 'cmp-gruenbach-jubilaeum', name: 'Jubiläumsfeier 100 Jahre', description: 'Zum hundertsten Geburtstag feiern wir mit Festakt, Turnier und Dorffest.', fromDay: 30, toDay: 150, eventDay: 160, time: '11:00', goalCents: 1_500_000, amountCents: 5000, minimumDonationCents: 500, enabled: true },
  { id: 'cmp-gruenbach-winterwanderung', name: 'Winterwanderung', description: 'Laternenwanderung mit Punsch für Mitglieder und Familien.', fromDay: 60, toDay: 90, eventDay: 95, time: '17:00', goalCents: 80_000, amountCents: 1000, minimumDonationCents: 300, enabled: false },
]

const LOGO_SIZES: Readonly<Record<string, number>> = {
  sportverein: 4356, musikverein: 3495, feuerwehr: 1344, kulturverein: 3669, sozialverein: 4652,
  tierschutzverein: 3104, elternverein: 2665, jugendverein: 2981, naturschutzverein: 3299, pensionistenverein: 3306,
}

/** The files the seed points at: they live in public/seed-files/ and the offline storage serves them. */
export const SEED_FILES = {
  logo: (slug: string) => ({ path: `seed/logos/logo-${slug}.png`, name: `logo-${slug}.png`, contentType: 'image/png', size: LOGO_SIZES[slug] ?? 3000 }),
  gallery: [
    { path: 'seed/gallery/galerie-vereinsfest.jpg', name: 'vereinsfest.jpg', contentType: 'image/jpeg', size: 8377 },
    { path: 'seed/gallery/galerie-training.jpg', name: 'training.jpg', contentType: 'image/jpeg', size: 8372 },
    { path: 'seed/gallery/galerie-konzert.jpg', name: 'konzert.jpg', contentType: 'image/jpeg', size: 8088 },
    { path: 'seed/gallery/galerie-ausflug.jpg', name: 'ausflug.jpg', contentType: 'image/jpeg', size: 8888 },
  ],
  legitimationFront: { path: 'seed/legitimation/ausweis-vorderseite.jpg', name: 'ausweis-vorderseite.jpg', contentType: 'image/jpeg', size: 15416 },
  legitimationBack: { path: 'seed/legitimation/ausweis-rueckseite.jpg', name: 'ausweis-rueckseite.jpg', contentType: 'image/jpeg', size: 14391 },
  spend2: { path: 'seed/documents/spend2-formular-muster.pdf', name: 'SPEND2-Formular.pdf', contentType: 'application/pdf', size: 806 },
  deductibility: { path: 'seed/documents/spendenbeguenstigung-bescheid-muster.pdf', name: 'Bescheid-Spendenbeguenstigung.pdf', contentType: 'application/pdf', size: 812 },
  statutes: { path: 'seed/documents/statuten-muster.pdf', name: 'Statuten.pdf', contentType: 'application/pdf', size: 801 },
  appLogo: { path: 'seed/app-logo.svg', name: 'vereinsportal-logo.svg', contentType: 'image/svg+xml', size: 214 },
} as const
