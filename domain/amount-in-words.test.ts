import { describe, expect, it } from 'vitest'
import { amountInWords, numberInWords } from './amount-in-words.ts'

describe('numbers in German words', () => {
  it('writes the ones, the teens and the tens as German spells them', () => {
    expect([0, 1, 2, 6, 7, 10, 11, 12, 13, 16, 17, 19].map(numberInWords)).toEqual([
      'null',
      'eins',
      'zwei',
      'sechs',
      'sieben',
      'zehn',
      'elf',
      'zwölf',
      'dreizehn',
      'sechzehn',
      'siebzehn',
      'neunzehn',
    ])
    expect([20, 30, 60, 70, 90].map(numberInWords)).toEqual(['zwanzig', 'dreißig', 'sechzig', 'siebzig', 'neunzig'])
  })

  it('puts the ones before the tens with "und", a one as "ein"', () => {
    expect(numberInWords(21)).toBe('einundzwanzig')
    expect(numberInWords(45)).toBe('fünfundvierzig')
    expect(numberInWords(99)).toBe('neunundneunzig')
  })

  it('writes every hundred and thousand with its "ein", and a one at the end as "eins"', () => {
    expect(numberInWords(100)).toBe('einhundert')
    expect(numberInWords(101)).toBe('einhunderteins')
    expect(numberInWords(111)).toBe('einhundertelf')
    expect(numberInWords(123)).toBe('einhundertdreiundzwanzig')
    expect(numberInWords(1000)).toBe('eintausend')
    expect(numberInWords(1001)).toBe('eintausendeins')
    expect(numberInWords(1100)).toBe('eintausendeinhundert')
    expect(numberInWords(2001)).toBe('zweitausendeins')
    expect(numberInWords(21_000)).toBe('einundzwanzigtausend')
    expect(numberInWords(100_000)).toBe('einhunderttausend')
    expect(numberInWords(101_000)).toBe('einhunderteintausend')
    expect(numberInWords(200_000)).toBe('zweihunderttausend')
    expect(numberInWords(999_999)).toBe('neunhundertneunundneunzigtausendneunhundertneunundneunzig')
  })

  it('writes millions and billions as nouns of their own: "eine Million", "zwei Millionen"', () => {
    expect(numberInWords(1_000_000)).toBe('eine Million')
    expect(numberInWords(1_200_000)).toBe('eine Million zweihunderttausend')
    expect(numberInWords(2_000_001)).toBe('zwei Millionen eins')
    expect(numberInWords(21_000_000)).toBe('einundzwanzig Millionen')
    expect(numberInWords(1_000_000_000)).toBe('eine Milliarde')
    expect(numberInWords(3_004_005_006)).toBe('drei Milliarden vier Millionen fünftausendsechs')
  })
})

describe('amounts in German words (the German receipt: "Betrag der Zuwendung – in Buchstaben –")', () => {
  it('names euros and cents, lower case', () => {
    expect(amountInWords(5000)).toBe('fünfzig Euro')
    expect(amountInWords(12_345)).toBe('einhundertdreiundzwanzig Euro und fünfundvierzig Cent')
    expect(amountInWords(123_456)).toBe('eintausendzweihundertvierunddreißig Euro und sechsundfünfzig Cent')
    expect(amountInWords(2_100)).toBe('einundzwanzig Euro')
    expect(amountInWords(1_000_000_00)).toBe('eine Million Euro')
    expect(amountInWords(1_200_000_00)).toBe('eine Million zweihunderttausend Euro')
  })

  it('says "ein Euro" and "ein Cent" for exactly one', () => {
    expect(amountInWords(100)).toBe('ein Euro')
    expect(amountInWords(1)).toBe('ein Cent')
    expect(amountInWords(101)).toBe('ein Euro und ein Cent')
    expect(amountInWords(10_100)).toBe('einhunderteins Euro')
  })

  it('leaves out what is zero', () => {
    expect(amountInWords(0)).toBe('null Euro')
    expect(amountInWords(45)).toBe('fünfundvierzig Cent')
    expect(amountInWords(200_000)).toBe('zweitausend Euro')
  })

  it('refuses what is no amount', () => {
    for (const cents of [-1, 0.5, Number.NaN, Number.POSITIVE_INFINITY, 1e14]) {
      expect(() => amountInWords(cents), String(cents)).toThrow(RangeError)
    }
  })
})
