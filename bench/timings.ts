export type Timings = { median: number; p99: number; min: number; max: number; runs: number }

/** Median, 99th percentile (nearest rank), min and max of a benchmark's samples, to 0.1 ms. */
export function summarize(samples: number[]): Timings {
  if (samples.length === 0) throw new Error('nothing was measured')
  const sorted = [...samples].sort((a, b) => a - b)
  const middle = sorted.length / 2
  const median =
    sorted.length % 2 === 1
      ? sorted[Math.floor(middle)]!
      : (sorted[middle - 1]! + sorted[middle]!) / 2
  const p99 = sorted[Math.ceil(sorted.length * 0.99) - 1]!
  const round = (value: number) => Math.round(value * 10) / 10
  return {
    median: round(median),
    p99: round(p99),
    min: round(sorted[0]!),
    max: round(sorted.at(-1)!),
    runs: sorted.length,
  }
}
