/** Scores with at most one decimal: 37, 37.5, 18.8 (for 18.75). */
export const formatScore = (score: number) =>
  score.toLocaleString('en-US', { maximumFractionDigits: 1, minimumFractionDigits: 0 })
