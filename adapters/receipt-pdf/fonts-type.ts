/** The receipts' font files (DejaVu Sans, regular and bold), however they were loaded. */
export interface ReceiptFonts {
  readonly regular: Uint8Array
  readonly bold: Uint8Array
}
