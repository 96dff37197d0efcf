/**
 * A donation receipt as the PDF shows it (issue 24): everything the renderer needs, nothing it must look
 * up. The domain (domain/receipts.ts) builds it from the archived receipt record; the renderer
 * (`ReceiptRenderer`, adapters/receipt-pdf/) lays it out. Amounts are integer cents, days `YYYY-MM-DD`.
 */

export interface ReceiptAddress {
  readonly name: string
  /** Street and house number, as one line. */
  readonly street: string
  readonly postalCode: string
  readonly city: string
  /** ISO 3166-1 alpha-2; the country's German name is printed when it is not the club's. */
  readonly country: string
}

/** One donation a receipt covers. `waiver`: a waiver of reimbursement (Verzicht auf Erstattung von Aufwendungen). */
export interface ReceiptLine {
  readonly day: string
  readonly amountCents: number
  readonly waiver: boolean
}

/** Germany: the club's tax exemption as § 50 EStDV's template names it. */
export type GermanExemption =
  | {
      /** Freistellungsbescheid (or Anlage zum Körperschaftsteuerbescheid). */
      readonly kind: 'FREISTELLUNGSBESCHEID'
      readonly taxOffice: string
      readonly taxNumber: string
      /** The notice's date. */
      readonly issuedOn: string
      /** The last assessment period it covers ("für den letzten Veranlagungszeitraum …"), e.g. "2024". */
      readonly lastPeriod: string
    }
  | {
      /** Feststellung der satzungsmäßigen Voraussetzungen nach § 60a AO. */
      readonly kind: 'FEST_60A'
      readonly taxOffice: string
      readonly taxNumber: string
      readonly issuedOn: string
    }

export interface ReceiptDocument {
  /**
   * `AT`: Spendenbestätigung (one donation, or a year's as a list); `DE`: Bestätigung über Geldzuwendungen
   * nach dem amtlichen Muster (one donation: Geldzuwendung; several: Sammelbestätigung with its annex).
   */
  readonly country: 'AT' | 'DE'
  /** The club's receipt number, printed as it is ("2026-000017"). */
  readonly number: string
  /** Printed on a reprint: "Duplikat". */
  readonly duplicate: boolean
  readonly club: {
    readonly name: string
    readonly address: ReceiptAddress
    /** Austria: the register number on the BMF list (`SO-1158`). */
    readonly registerNumber: string | null
    /** Germany: the purposes the donation is used for ("Förderung des Sports"). */
    readonly purposes: string | null
    /** Germany: the exemption the receipt names. */
    readonly exemption: GermanExemption | null
    /** The logo's bytes (PNG or JPEG), or null. */
    readonly logo: Uint8Array | null
  }
  readonly donor: ReceiptAddress
  /** One line: a single donation; several: an annual summary (AT) or Sammelbestätigung (DE). */
  readonly lines: readonly ReceiptLine[]
  readonly totalCents: number
  /** Germany: the total in words ("fünfzig Euro"), from `amountInWords`. */
  readonly totalInWords: string
  /** The year of an annual summary, or null. */
  readonly year: number | null
  /** Place and date of issue. */
  readonly place: string
  readonly issuedOn: string
  /** The signature: an image of the club's (PNG or JPEG), else the name printed. */
  readonly signature: { readonly image: Uint8Array | null; readonly name: string; readonly role: string }
  /** When the document was made (epoch ms): its metadata, so the same input gives the same bytes. */
  readonly createdAt: number
}

/** Makes the PDF of a receipt: PDF/A-2b, A4, an embedded font with umlauts, ß and €. */
export interface ReceiptRenderer {
  render(document: ReceiptDocument): Promise<Uint8Array>
}
