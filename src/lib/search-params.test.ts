import { describe, expect, it } from 'vitest'
import {
  enumWithDefault,
  extend,
  intWithDefault,
  numberOfWithDefault,
  optionalEnum,
  optionalInt,
  optionalIsoDate,
  optionalPattern,
  optionalString,
  optionalTrue,
  pathFlag,
  pathId,
  schema,
  searchTextWithDefault,
  stringWithDefault,
} from './search-params.ts'

describe('route search parameters', () => {
  const search = schema({
    q: stringWithDefault(5, ''),
    tab: enumWithDefault(['a', 'b'], 'a'),
    page: intWithDefault(0, 10, 0),
    size: numberOfWithDefault([25, 50], 25),
    from: optionalIsoDate(),
    id: optionalString(4, 1),
    group: optionalEnum(['DAY', 'MONTH']),
    n: optionalInt(1, 3),
    sort: optionalPattern(/^(name|date)(,(asc|desc))?$/),
    pick: optionalTrue(),
  })

  it('keeps valid values (the router has already turned numbers and booleans into their types)', () => {
    expect(
      search.parse({
        q: 'abc',
        tab: 'b',
        page: 3,
        size: 50,
        from: '2024-02-29',
        id: 'x1',
        group: 'DAY',
        n: 2,
        sort: 'name,desc',
        pick: true,
      }),
    ).toEqual({
      q: 'abc',
      tab: 'b',
      page: 3,
      size: 50,
      from: '2024-02-29',
      id: 'x1',
      group: 'DAY',
      n: 2,
      sort: 'name,desc',
      pick: true,
    })
  })

  it('falls back instead of failing the page, and leaves optional keys out', () => {
    expect(
      search.parse({
        q: 'far too long',
        tab: 'c',
        page: 2.5,
        size: 30,
        from: '2023-02-29',
        id: '',
        group: 'YEAR',
        n: 7,
        sort: 'password',
        pick: 'true',
        unknown: 'x',
      }),
    ).toEqual({ q: '', tab: 'a', page: 0, size: 25 })
    expect(search.parse(undefined)).toEqual({ q: '', tab: 'a', page: 0, size: 25 })
  })

  it('reads a search text the router took for a number as its digits', () => {
    const text = schema({ q: searchTextWithDefault(10, '') })
    expect(text.parse({ q: 123456789 })).toEqual({ q: '123456789' })
    expect(text.parse({ q: 'Grünbach' })).toEqual({ q: 'Grünbach' })
    expect(text.parse({ q: 12345678901 })).toEqual({ q: '' })
    expect(text.parse({ q: 1.5 })).toEqual({ q: '' })
    expect(text.parse({ q: true })).toEqual({ q: '' })
  })

  it('answers the router as a Standard Schema', () => {
    expect(search['~standard'].validate({ page: 11 })).toEqual({ value: { q: '', tab: 'a', page: 0, size: 25 } })
  })

  it('extends one schema with another (two features in one URL)', () => {
    const both = extend(schema({ a: optionalInt(0, 1) }), schema({ b: optionalString(3) }))
    expect(both.parse({ a: 1, b: 'xyz', c: 1 })).toEqual({ a: 1, b: 'xyz' })
  })
})

describe('route path parameters', () => {
  const params = schema({ clubId: pathId(), showSaveAlert: pathFlag() })

  it('reads a document id and a flag', () => {
    expect(params.parse({ clubId: 'c-1', showSaveAlert: 'true' })).toEqual({ clubId: 'c-1', showSaveAlert: true })
    expect(params.parse({ clubId: 'c-1', showSaveAlert: 'nein' })).toEqual({ clubId: 'c-1', showSaveAlert: false })
  })

  it('refuses an id the contract never issues', () => {
    expect(() => params.parse({ clubId: '', showSaveAlert: 'true' })).toThrow(/clubId|Invalid/)
    expect(() => params.parse({ clubId: 'x'.repeat(65), showSaveAlert: 'true' })).toThrow()
  })
})
