import { describe, expect, it } from 'vitest'
import { bpkQueryCsv, readBpkAnswer } from './bpk-query.ts'

const vbpk = (seed: string) => Buffer.from(seed.repeat(200)).toString('base64').slice(0, 172)

describe('the bPK query file', () => {
  it('has the service’s header lines, then one line per donor under LAUFNR;NACHNAME;VORNAME;GEBDATUM', () => {
    const csv = bpkQueryCsv([
      { lineNumber: 1, lastName: 'Müller', firstName: 'Anna', dateOfBirth: '1980-04-12' },
      { lineNumber: 2, lastName: 'Öztürk-Groß', firstName: 'Jörg Maria', dateOfBirth: '1955-12-31' },
    ])
    expect(csv.split('\r\n')).toEqual([
      'VERSCHLÜSSELTEBPK=BMF+SA',
      'DATUMSFORMAT=JJJJ-MM-TT',
      'LAUFNR;NACHNAME;VORNAME;GEBDATUM',
      '1;Müller;Anna;1980-04-12',
      '2;Öztürk-Groß;Jörg Maria;1955-12-31',
      '',
    ])
  })

  it('quotes a name with a semicolon instead of breaking the line apart', () => {
    const csv = bpkQueryCsv([{ lineNumber: 1, lastName: 'A;B', firstName: 'C', dateOfBirth: '1990-01-01' }])
    expect(csv).toContain('1;"A;B";C;1990-01-01')
  })

  it('refuses a date of birth in another form', () => {
    expect(() => bpkQueryCsv([{ lineNumber: 1, lastName: 'A', firstName: 'B', dateOfBirth: '01.01.1990' }])).toThrow(
      RangeError,
    )
  })
})

describe('the bPK answer', () => {
  it('says per line: found with the vbPK, no match, ambiguous or error', () => {
    const answer = readBpkAnswer(
      [
        '\uFEFFVERSCHLÜSSELTEBPK=BMF+SA',
        'DATUMSFORMAT=JJJJ-MM-TT',
        'LAUFNR;NACHNAME;VORNAME;GEBDATUM;VBPK;STATUS',
        `1;Müller;Anna;1980-04-12;${vbpk('anna')};OK`,
        '2;Maier;Karl;1970-01-01;;Keine Person gefunden',
        '3;Huber;Eva;1990-02-02;;Mehrere Personen gefunden (mehrdeutig)',
        '4;Berger;Tom;1991-03-03;;Technischer Fehler',
        '',
        'x;Kaputt;;;;',
      ].join('\r\n'),
    )
    expect(answer.outcomes).toEqual([
      { lineNumber: 1, state: 'found', vbpk: vbpk('anna') },
      { lineNumber: 2, state: 'no-match', message: 'Keine Person gefunden' },
      { lineNumber: 3, state: 'ambiguous', message: 'Mehrere Personen gefunden (mehrdeutig)' },
      { lineNumber: 4, state: 'error', message: 'Technischer Fehler' },
    ])
    expect(answer.unreadable).toEqual([{ row: 8, text: 'x;Kaputt;;;;' }])
  })

  it('takes a vbPK that is not one as an error, not as found', () => {
    const answer = readBpkAnswer('LAUFNR;BPK\n1;abc')
    expect(answer.outcomes).toEqual([
      { lineNumber: 1, state: 'error', message: 'Die Antwort enthält keinen gültigen vbPK.' },
    ])
  })

  it('refuses a file that is no answer', () => {
    expect(() => readBpkAnswer('Name;Datum\nA;B')).toThrow('LAUFNR')
    expect(() => readBpkAnswer('LAUFNR;NACHNAME\n1;A')).toThrow('vbPK')
  })
})
