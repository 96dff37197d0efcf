/**
 * The dashboard's parts that load as chunks of their own, never with the first page or the top of the
 * dashboard: the chart's drawing (Recharts, the biggest chunk of the app) and the last sections (members,
 * media; lazy-sections.tsx). `/home`'s loader starts these imports at the same time as the data,
 * so the code is not asked for only once the dashboard renders or its data is there.
 */
export const loadDonationChart = () => import('./donation-chart.tsx')
export const loadLowerSections = () => Promise.all([import('./members-section.tsx'), import('./media-section.tsx')])
