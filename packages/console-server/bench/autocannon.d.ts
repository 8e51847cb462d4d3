// autocannon ships no types; this is the slice the bench uses.
declare module 'autocannon' {
  interface Options {
    url: string;
    connections?: number;
    duration?: number;
    method?: string;
    headers?: Record<string, string>;
    body?: string;
    /** Per-request setup (a distinct body each time). */
    requests?: {
      method?: string;
      headers?: Record<string, string>;
      setupRequest?: (request: { body?: string; [key: string]: unknown }) => {
        body?: string;
        [key: string]: unknown;
      };
    }[];
  }
  interface Histogram {
    average: number;
    p50: number;
    p99: number;
    max: number;
  }
  interface Result {
    requests: Histogram & { total: number };
    latency: Histogram;
    errors: number;
    timeouts: number;
    non2xx: number;
    '2xx': number;
  }
  function autocannon(options: Options): Promise<Result>;
  export default autocannon;
}
