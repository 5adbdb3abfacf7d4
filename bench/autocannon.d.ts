// The few parts of autocannon's API the benchmarks use (the package ships no types).
declare module 'autocannon' {
  type Histogram = { average: number; mean: number; p50: number; p90: number; p99: number; max: number }
  export type Result = {
    requests: Histogram & { total: number }
    latency: Histogram
    throughput: Histogram
    errors: number
    timeouts: number
    non2xx: number
    duration: number
  }
  export type Request = {
    method?: string
    path?: string
    headers?: Record<string, string>
    body?: string
    /** Called before each request is sent; returns the request to send. */
    setupRequest?: (request: Request, context: Record<string, unknown>) => Request
  }
  export type Options = {
    url: string
    method?: string
    requests?: Request[]
    connections?: number
    duration?: number
    headers?: Record<string, string>
    pipelining?: number
  }
  export default function autocannon(options: Options): Promise<Result>
}
