/** Joins class names, skipping falsy ones (conditional Tailwind classes without a dependency). */
export const cn = (...classes: Array<string | false | null | undefined>): string => classes.filter(Boolean).join(' ')
