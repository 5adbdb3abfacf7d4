/** Scores with at most one decimal: 37, 37.5, 18.8 (for 18.75). */
export { formatScore } from '../../lib/format-score'
