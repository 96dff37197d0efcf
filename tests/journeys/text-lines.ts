import { expect, type Locator } from '@playwright/test'

export interface TextLines {
  /** The element's text. */
  text: string
  /** The character each line after the first starts with: where the text wrapped. */
  lineStarts: string[]
  /** How far right the element reaches, in CSS pixels. */
  right: number
}

/** How each matched element's text is laid out: where its lines break, and how far right it reaches. */
export const textLines = (elements: Locator): Promise<TextLines[]> =>
  elements.evaluateAll((found) =>
    found.map((element) => {
      const characters: { character: string; top: number }[] = []
      const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT)
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const text = node.textContent ?? ''
        for (let index = 0; index < text.length; index += 1) {
          const range = document.createRange()
          range.setStart(node, index)
          range.setEnd(node, index + 1)
          characters.push({ character: text[index]!, top: range.getBoundingClientRect().top })
        }
      }
      return {
        text: element.textContent ?? '',
        lineStarts: characters
          .filter((entry, index) => index > 0 && entry.top > characters[index - 1]!.top + 1)
          .map((entry) => entry.character),
        right: element.getBoundingClientRect().right,
      }
    }),
  )

/** An e-mail address as the tables show it, as a whole text. */
export const EMAIL_ADDRESS = /^[^\s@]+@[^\s@]+\.[a-z]+$/

/** Each address wraps only before its "@" or a dot, never inside a name, and ends within the window. */
export const expectAddressesWrapWell = (layout: readonly TextLines[], windowWidth: number) => {
  for (const entry of layout) {
    expect(
      entry.lineStarts.every((character) => character === '@' || character === '.'),
      entry.text,
    ).toBe(true)
    expect(entry.right, entry.text).toBeLessThanOrEqual(windowWidth)
  }
}
