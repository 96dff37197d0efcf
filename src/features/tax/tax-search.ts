import { optionalInt, schema } from '#src/lib/search-params.ts'

/**
 * `/steuer/$clubId`'s search: the year shown below the list (`year`), so a reload or a shared link opens
 * the same year. The route's schema is part of the initial chunk: the small parsers of
 * src/lib/search-params.ts, the limits of the contract's `TaxYear` parameter (2017 to 9999). A year the
 * club has no data for is left to the screen, which then shows the newest transmittable one.
 */
export const taxSearchSchema = schema({
  year: optionalInt(2017, 9999),
})
