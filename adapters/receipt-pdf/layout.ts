/**
 * A small flow layout over pdfkit for the receipts: a cursor that runs down an A4 page between margins of
 * 2 cm, blocks that move to the next page whole when they do not fit (a paragraph is never split from its
 * label, a table row never cut), tables whose header row comes again on every page, and the page numbers
 * written last, when the number of pages is known.
 */
import type PDFDocument from 'pdfkit'

export type Pdf = InstanceType<typeof PDFDocument>

/** 2 cm in points. */
export const MARGIN = 56.69
/** The page number's line sits in the bottom margin; the text ends this far above it. */
const FOOTER_GAP = 14

export const FONT = { regular: 'DejaVuSans', bold: 'DejaVuSans-Bold' } as const
export type FontName = (typeof FONT)[keyof typeof FONT]

export const COLOR = { text: '#000000', muted: '#4a4a4a', rule: '#8a8a8a', shade: '#eeeeee' } as const

export interface TextStyle {
  readonly font?: FontName
  readonly size?: number
  readonly color?: string
  readonly align?: 'left' | 'center' | 'right' | 'justify'
  /** Extra space between the lines of one paragraph. */
  readonly lineGap?: number
}

const BODY: Required<TextStyle> = { font: FONT.regular, size: 10, color: COLOR.text, align: 'left', lineGap: 1.5 }

export interface Column {
  readonly header: string
  /** Share of the table's width. */
  readonly width: number
  readonly align?: 'left' | 'right' | 'center'
}

export interface TableOptions {
  /** The table's width; the text width by default. */
  readonly width?: number
  /** The last row, in bold between two rules: the sum. */
  readonly total?: readonly string[]
}

/** The font's glyph lookup, which pdfkit keeps on its embedded font (fontkit's). */
interface GlyphLookup {
  readonly _font?: { readonly font?: { hasGlyphForCodePoint?: (codePoint: number) => boolean } }
}

export class Layout {
  readonly doc: Pdf
  readonly left = MARGIN
  readonly width: number
  /** Where the text of a page ends: above the footer with the page number. */
  readonly bottom: number
  y: number
  /** Called after a page is added by the flow, before the block that did not fit: a continuation header. */
  onPageAdded: (() => void) | null = null
  /**
   * How large text and the space between blocks are: below 1 to fit a German receipt on its one page
   * (`fitsOnePage`). Rules, frames and the page's margins keep their size.
   */
  scale = 1
  /** While true nothing is drawn and no page added: a trial run that only measures (`fitsOnePage`). */
  private dry = false
  /** Pages the flow would have added during a trial run. */
  private pagesAdded = 0

  constructor(doc: Pdf) {
    this.doc = doc
    this.width = doc.page.width - 2 * MARGIN
    this.bottom = doc.page.height - MARGIN - FOOTER_GAP
    this.y = MARGIN
  }

  get right(): number {
    return this.left + this.width
  }

  /** Sets font, size (scaled) and colour for what follows. */
  style(style: TextStyle = {}): Required<TextStyle> {
    const full = { ...BODY, ...style }
    const scaled = { ...full, size: full.size * this.scale, lineGap: full.lineGap * this.scale }
    this.doc.font(scaled.font).fontSize(scaled.size).fillColor(scaled.color)
    return scaled
  }

  /** Vertical space between blocks, scaled like the text. */
  space(points: number): number {
    return points * this.scale
  }

  /**
   * The largest of `scales` at which `draw` stays on the current page, found by trial runs that draw
   * nothing; null when even the smallest spills over.
   */
  fitsOnePage(scales: readonly number[], draw: () => void): number | null {
    const { y, onPageAdded, scale } = this
    try {
      this.dry = true
      for (const candidate of scales) {
        this.scale = candidate
        this.pagesAdded = 0
        this.y = y
        draw()
        if (this.pagesAdded === 0) return candidate
      }
      return null
    } finally {
      this.dry = false
      this.y = y
      this.onPageAdded = onPageAdded
      this.scale = scale
    }
  }

  /**
   * The text as the current font can print it: composed (NFC), and every character the font has no glyph
   * for replaced by "?". PDF/A forbids showing the font's .notdef glyph, which pdfkit would otherwise
   * print for such a character (a name in a script DejaVu Sans does not cover).
   */
  printable(text: string): string {
    const font = (this.doc as unknown as GlyphLookup)._font?.font
    const normalized = text.normalize('NFC')
    if (!font?.hasGlyphForCodePoint) return normalized
    let out = ''
    for (const char of normalized) {
      const codePoint = char.codePointAt(0) ?? 0
      // Line breaks and tabs are layout, not glyphs.
      out += codePoint === 10 || codePoint === 9 || font.hasGlyphForCodePoint(codePoint) ? char : '?'
    }
    return out
  }

  /** The height the text takes in `width` with the style. */
  measure(text: string, style: TextStyle = {}, width = this.width): number {
    const full = this.style(style)
    return this.doc.heightOfString(this.printable(text), { width, lineGap: full.lineGap, align: full.align })
  }

  widthOf(text: string, style: TextStyle = {}): number {
    this.style(style)
    return this.doc.widthOfString(this.printable(text))
  }

  /** Starts a new page and puts the cursor at its top; the continuation header follows. */
  newPage(): void {
    if (this.dry) this.pagesAdded++
    else this.doc.addPage()
    this.y = MARGIN
    this.onPageAdded?.()
  }

  /** Makes room for `height`: a new page when it does not fit on this one. */
  ensure(height: number): void {
    if (this.y + height > this.bottom) this.newPage()
  }

  /** Text at a place, not moving the cursor; returns its height. */
  textAt(text: string, x: number, y: number, width: number, style: TextStyle = {}): number {
    const full = this.style(style)
    const printable = this.printable(text)
    const options = { width, lineGap: full.lineGap, align: full.align }
    const height = this.doc.heightOfString(printable, options)
    if (!this.dry) this.doc.text(printable, x, y, options)
    return height
  }

  /** A paragraph in the flow, whole on one page, then `gap` below it. */
  paragraph(text: string, style: TextStyle = {}, gap = 8): void {
    const height = this.measure(text, style)
    this.ensure(height)
    this.textAt(text, this.left, this.y, this.width, style)
    this.y += height + this.space(gap)
  }

  /** Several paragraphs kept together on one page (a label and its text). */
  keepTogether(height: number, draw: () => void): void {
    this.ensure(height)
    draw()
  }

  rule(x1: number, x2: number, y: number, color: string = COLOR.rule, width = 0.6): void {
    if (this.dry) return
    this.doc.save().moveTo(x1, y).lineTo(x2, y).lineWidth(width).strokeColor(color).stroke().restore()
  }

  box(x: number, y: number, width: number, height: number, color: string = COLOR.rule): void {
    if (this.dry) return
    this.doc.save().rect(x, y, width, height).lineWidth(0.6).strokeColor(color).stroke().restore()
  }

  shade(x: number, y: number, width: number, height: number): void {
    if (this.dry) return
    this.doc.save().rect(x, y, width, height).fillColor(COLOR.shade).fill().restore()
  }

  /**
   * An image fitted into the box at (x, y) of size `fit`, at the box's `align` side and `valign` edge.
   * pdfkit reads PNG and JPEG from an ArrayBuffer; the copy also detaches it from a caller's larger buffer.
   */
  image(
    bytes: Uint8Array,
    x: number,
    y: number,
    fit: [number, number],
    align: 'left' | 'right',
    valign: 'top' | 'bottom',
  ): void {
    if (this.dry) return
    // pdfkit's default is left and top: it takes only the other sides by name.
    this.doc.image(bytes.slice().buffer, x, y, {
      fit,
      ...(align === 'right' ? { align } : {}),
      ...(valign === 'bottom' ? { valign } : {}),
    })
  }

  /** A table: a shaded header row (again on every page, below the continuation header), rows that never split, an optional total row. */
  table(columns: readonly Column[], rows: readonly (readonly string[])[], options: TableOptions = {}): void {
    const tableWidth = options.width ?? this.width
    const shares = columns.reduce((sum, column) => sum + column.width, 0)
    const widths = columns.map((column) => (column.width / shares) * tableWidth)
    const padX = 5
    const padY = 3.5
    const cellStyle = (column: Column, bold: boolean): TextStyle => ({
      font: bold ? FONT.bold : FONT.regular,
      size: 9.5,
      align: column.align ?? 'left',
      lineGap: 1,
    })
    const rowHeight = (cells: readonly string[], bold: boolean) =>
      Math.max(
        ...columns.map(
          (column, i) => this.measure(cells[i] ?? '', cellStyle(column, bold), (widths[i] ?? 0) - 2 * padX) + 2 * padY,
        ),
      )
    const drawRow = (cells: readonly string[], bold: boolean, height: number) => {
      let x = this.left
      columns.forEach((column, i) => {
        const width = widths[i] ?? 0
        this.textAt(cells[i] ?? '', x + padX, this.y + padY, width - 2 * padX, cellStyle(column, bold))
        x += width
      })
      this.y += height
    }
    const headers = columns.map((column) => column.header)
    const headerHeight = rowHeight(headers, true)
    const drawHeader = () => {
      this.shade(this.left, this.y, tableWidth, headerHeight)
      this.rule(this.left, this.left + tableWidth, this.y)
      drawRow(headers, true, headerHeight)
      this.rule(this.left, this.left + tableWidth, this.y)
    }

    const firstRow = rows[0] ?? headers
    this.ensure(headerHeight + rowHeight(firstRow, false))
    drawHeader()
    rows.forEach((cells, index) => {
      const height = rowHeight(cells, false)
      const isLast = index === rows.length - 1
      // The last row goes to the next page with the total, so that a sum never stands alone.
      const needed = height + (isLast && options.total ? rowHeight(options.total, true) + 2 : 0)
      if (this.y + needed > this.bottom) {
        this.newPage()
        drawHeader()
      }
      drawRow(cells, false, height)
      this.rule(this.left, this.left + tableWidth, this.y, COLOR.shade, 0.5)
    })
    if (options.total) {
      const height = rowHeight(options.total, true)
      this.ensure(height + 2)
      this.rule(this.left, this.left + tableWidth, this.y, COLOR.text, 0.8)
      this.y += 1
      drawRow(options.total, true, height)
      this.rule(this.left, this.left + tableWidth, this.y, COLOR.text, 0.8)
    }
  }

  /**
   * "Seite x von y" at the foot of every page, when there are several. Written last (pdfkit buffers the
   * pages); the bottom margin is lifted meanwhile, or pdfkit would start a new page for text below it.
   */
  pageNumbers(): void {
    const range = this.doc.bufferedPageRange()
    if (range.count < 2) return
    for (let i = range.start; i < range.start + range.count; i++) {
      this.doc.switchToPage(i)
      const margins = this.doc.page.margins
      const bottom = margins.bottom
      margins.bottom = 0
      const text = `Seite ${i - range.start + 1} von ${range.count}`
      this.textAt(text, this.left, this.doc.page.height - MARGIN + 6, this.width, {
        size: 8,
        color: COLOR.muted,
        align: 'center',
      })
      margins.bottom = bottom
    }
  }
}
