import { afterEach, describe, expect, it, vi } from 'vitest'
import {
  activeClubStorageKey,
  chooseActiveClub,
  clearActiveClubId,
  getActiveClubId,
  setActiveClubId,
} from './active-club.ts'

afterEach(() => {
  localStorage.clear()
  vi.unstubAllEnvs()
})

describe('active club storage', () => {
  it('is kept per user in localStorage', () => {
    setActiveClubId('uid-a', 'club-1')
    setActiveClubId('uid-b', 'club-2')
    expect(getActiveClubId('uid-a')).toBe('club-1')
    expect(getActiveClubId('uid-b')).toBe('club-2')
    expect(localStorage.getItem(activeClubStorageKey('uid-a'))).toBe('club-1')
  })

  it('can be cleared', () => {
    setActiveClubId('uid-a', 'club-1')
    clearActiveClubId('uid-a')
    expect(getActiveClubId('uid-a')).toBeNull()
  })

  it('stays out of browser storage in the real build (VITE_MOCKS=false), held in memory instead', () => {
    vi.stubEnv('VITE_MOCKS', 'false')
    setActiveClubId('uid-a', 'club-1')
    setActiveClubId('uid-b', 'club-2')
    expect(getActiveClubId('uid-a')).toBe('club-1')
    expect(getActiveClubId('uid-b')).toBe('club-2')
    expect(localStorage.length).toBe(0)
    expect(sessionStorage.length).toBe(0)

    clearActiveClubId('uid-a')
    expect(getActiveClubId('uid-a')).toBeNull()
    expect(getActiveClubId('uid-b')).toBe('club-2')
    clearActiveClubId('uid-b')
  })

  it('removes an entry an earlier version stored, also in the real build', () => {
    localStorage.setItem(activeClubStorageKey('uid-a'), 'club-1')
    vi.stubEnv('VITE_MOCKS', 'false')
    clearActiveClubId('uid-a')
    expect(localStorage.getItem(activeClubStorageKey('uid-a'))).toBeNull()
  })
})

describe('chooseActiveClub (spec §2)', () => {
  const own = ['club-a', 'club-b']

  it('takes the id from the URL when no club is active', () => {
    expect(chooseActiveClub({ stored: null, requested: 'club-b', ownClubIds: own, mayOpenAnyClub: false })).toEqual({
      clubId: 'club-b',
      changed: true,
      denied: false,
    })
  })

  it('falls back to the first club of the user', () => {
    expect(chooseActiveClub({ stored: null, requested: undefined, ownClubIds: own, mayOpenAnyClub: false })).toEqual({
      clubId: 'club-a',
      changed: true,
      denied: false,
    })
  })

  it('keeps the stored club when the URL names none', () => {
    expect(
      chooseActiveClub({ stored: 'club-b', requested: undefined, ownClubIds: own, mayOpenAnyClub: false }),
    ).toEqual({
      clubId: 'club-b',
      changed: false,
      denied: false,
    })
  })

  it('lets a URL naming one of the own clubs win over an older choice', () => {
    expect(
      chooseActiveClub({ stored: 'club-a', requested: 'club-b', ownClubIds: own, mayOpenAnyClub: false }).clubId,
    ).toBe('club-b')
  })

  it('ignores a club a representative does not belong to, and says so', () => {
    expect(chooseActiveClub({ stored: null, requested: 'club-x', ownClubIds: own, mayOpenAnyClub: false })).toEqual({
      clubId: 'club-a',
      changed: true,
      denied: true,
    })
  })

  it('drops a stored club the user no longer belongs to', () => {
    expect(
      chooseActiveClub({ stored: 'club-gone', requested: undefined, ownClubIds: own, mayOpenAnyClub: false }).clubId,
    ).toBe('club-a')
  })

  it('lets administrators and staff open any club, and leaves them without one otherwise', () => {
    expect(chooseActiveClub({ stored: null, requested: 'club-x', ownClubIds: [], mayOpenAnyClub: true }).clubId).toBe(
      'club-x',
    )
    expect(chooseActiveClub({ stored: null, requested: undefined, ownClubIds: [], mayOpenAnyClub: true })).toEqual({
      clubId: null,
      changed: false,
      denied: false,
    })
  })

  describe('when administrators and staff ask for the picker (pick)', () => {
    it('opens no club, even their only own club or a stored one', () => {
      expect(
        chooseActiveClub({
          stored: null,
          requested: undefined,
          ownClubIds: ['club-a'],
          mayOpenAnyClub: true,
          pick: true,
        }),
      ).toEqual({ clubId: null, changed: false, denied: false })
      expect(
        chooseActiveClub({
          stored: 'club-x',
          requested: undefined,
          ownClubIds: ['club-a'],
          mayOpenAnyClub: true,
          pick: true,
        }),
      ).toEqual({ clubId: null, changed: false, denied: false })
    })

    it('still opens their only own club without it', () => {
      expect(
        chooseActiveClub({ stored: null, requested: undefined, ownClubIds: ['club-a'], mayOpenAnyClub: true }).clubId,
      ).toBe('club-a')
    })

    it('lets an id in the URL win over pick', () => {
      expect(
        chooseActiveClub({
          stored: null,
          requested: 'club-x',
          ownClubIds: ['club-a'],
          mayOpenAnyClub: true,
          pick: true,
        }),
      ).toEqual({ clubId: 'club-x', changed: true, denied: false })
    })

    it('means nothing for representatives, who have no picker', () => {
      expect(
        chooseActiveClub({ stored: null, requested: undefined, ownClubIds: own, mayOpenAnyClub: false, pick: true })
          .clubId,
      ).toBe('club-a')
    })
  })
})
