import { clsx, type ClassValue } from 'clsx'
import { twMerge } from 'tailwind-merge'

/**
 * Joins class names (clsx: strings, conditionals, arrays, objects) and lets the later of two conflicting
 * Tailwind classes win (tailwind-merge), so a `className` passed to a primitive overrides its default
 * (`cn('px-4', 'px-2')` → `px-2`) instead of both landing in the CSS cascade's arbitrary order.
 */
export const cn = (...classes: ClassValue[]): string => twMerge(clsx(classes))
