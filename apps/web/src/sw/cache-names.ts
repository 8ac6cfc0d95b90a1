/**
 * The cache of reports the player opened (their API answers, heatmaps and, for the public ones,
 * their page), so they can be read again without a connection. Emptied at logout.
 */
export const REPORTS_CACHE = 'areia-reports'
