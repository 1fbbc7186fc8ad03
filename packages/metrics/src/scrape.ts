/** One sample of Prometheus' text format: its metric name, labels and value. */
export interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

const SAMPLE = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})?\s+(\S+)(?:\s+\d+)?$/;
const LABEL = /([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g;

/** Reads Prometheus' text exposition format (version 0.0.4); a line it cannot read throws. */
export function parsePrometheusText(text: string): Sample[] {
  const samples: Sample[] = [];
  for (const line of text.split("\n")) {
    if (line.trim() === "" || line.startsWith("#")) continue;
    const match = SAMPLE.exec(line);
    if (!match) throw new Error(`not a Prometheus sample line: ${line}`);
    const labels: Record<string, string> = {};
    for (const [, key, raw] of (match[2] ?? "").matchAll(LABEL)) labels[key as string] = (raw as string).replace(/\\n/g, "\n").replace(/\\(["\\])/g, "$1");
    samples.push({ name: match[1] as string, labels, value: Number(match[3]) });
  }
  return samples;
}

/** A scrape of one /metrics endpoint, asked by metric name and label subset. */
export class Scrape {
  constructor(readonly samples: Sample[]) {}

  static async of(url: string): Promise<Scrape> {
    const response = await fetch(url);
    if (response.status !== 200) throw new Error(`scraping ${url} answered ${response.status}`);
    return new Scrape(parsePrometheusText(await response.text()));
  }

  /** The series of `name` whose labels include `labels`. */
  series(name: string, labels: Record<string, string> = {}): Sample[] {
    return this.samples.filter((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v));
  }

  /** The sum over those series; 0 when there is none. */
  value(name: string, labels: Record<string, string> = {}): number {
    return this.series(name, labels).reduce((sum, s) => sum + s.value, 0);
  }

  /** Whether the metric family `name` is exposed (a histogram's or counter's samples count). */
  has(name: string): boolean {
    return this.samples.some((s) => s.name === name || s.name === `${name}_count` || s.name === `${name}_total`);
  }
}
