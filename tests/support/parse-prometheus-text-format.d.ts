// The parser has no types of its own: what the metrics tests read of its answer.
declare module 'parse-prometheus-text-format' {
  type Sample = {
    labels?: Record<string, string>;
    value?: string;
    count?: string;
    sum?: string;
    buckets?: Record<string, string>;
  };
  export default function parsePrometheusTextFormat(
    text: string,
  ): { name: string; help: string; type: string; metrics: Sample[] }[];
}
