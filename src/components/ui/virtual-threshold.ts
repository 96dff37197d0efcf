/**
 * Up to this many rows a list renders them all (find in page works, nothing is measured); above it only
 * the rows near the viewport are in the DOM (at most ~60 rows whatever the page size). Apart
 * from virtual-rows.tsx, so a list can decide without loading the virtualiser.
 */
export const VIRTUAL_ROWS_THRESHOLD = 60
