/**
 * The dashboard's parts that load as chunks of their own, never with the first screen: the chart's
 * section (its range form) and drawing (Recharts, the biggest chunk of the app), and the members and media
 * sections, and the tax notices. Each loads when its part comes near the viewport or the browser is idle after the first screen
 * (lazy-sections.tsx, donation-chart-section.tsx); their data is asked for in the first wave.
 */
export const loadDonationChart = () => import('./donation-chart.tsx')
export const loadChartSection = () => import('./donation-chart-section.tsx')
export const loadMembersSection = () => import('./members-section.tsx')
export const loadMediaSection = () => import('./media-section.tsx')
export const loadTaxNotice = () => import('./tax-notice-card.tsx')
