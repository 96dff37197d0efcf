/**
 * German letters in plain ASCII, the one place this is written down: ä → ae, ö → oe, ü → ue, ß → ss
 * (capitals likewise). Other accented letters are left to the caller (a slug strips their accents; an
 * e-mail address of the seed never has them). Used by the donations CSV's file names and the mocked
 * backend's seed (its generated e-mail addresses). Not the sort key (domain/sort-key.ts): there ä sorts as
 * a, as German dictionaries do, while a name written in ASCII spells it ae.
 *
 * Pure, with only erasable TypeScript syntax: the mock HTTP server loads the seed, and so this file, with
 * plain Node.
 */
const GERMAN_LETTERS: Readonly<Record<string, string>> = {
  ä: 'ae',
  ö: 'oe',
  ü: 'ue',
  ß: 'ss',
  Ä: 'Ae',
  Ö: 'Oe',
  Ü: 'Ue',
  ẞ: 'SS',
}

/** "Grünbach Straße" → "Gruenbach Strasse". */
export const transliterateGerman = (text: string): string =>
  text.replace(/[äöüßÄÖÜẞ]/g, (letter) => GERMAN_LETTERS[letter] ?? letter)
