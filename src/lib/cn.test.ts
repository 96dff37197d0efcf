import { describe, expect, it } from 'vitest'
import { cn } from './cn.ts'

describe('cn', () => {
  it('joins class names and skips falsy ones', () => {
    expect(cn('flex', false, null, undefined, '', 'gap-2')).toBe('flex gap-2')
    expect(cn(['rounded-md', { 'font-medium': true, italic: false }])).toBe('rounded-md font-medium')
  })

  it('lets the later of two conflicting Tailwind classes win', () => {
    expect(cn('px-2', 'px-4')).toBe('px-4')
    expect(cn('px-4 py-3', 'p-2')).toBe('p-2')
    expect(cn('min-h-11 px-4 text-base', 'min-h-9 text-sm')).toBe('px-4 min-h-9 text-sm')
    expect(cn('bg-brand-700 hover:bg-brand-800', 'bg-red-700')).toBe('hover:bg-brand-800 bg-red-700')
  })

  it('keeps classes that only look alike', () => {
    // A text size and a text colour are different properties; the project's own `brand` colours are colours.
    expect(cn('text-sm text-slate-700', 'text-brand-900')).toBe('text-sm text-brand-900')
    expect(cn('border border-slate-300', 'border-red-600')).toBe('border border-red-600')
    expect(cn('mt-1', 'sm:mt-6')).toBe('mt-1 sm:mt-6')
  })
})
