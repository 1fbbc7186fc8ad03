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
    for (const [, key, raw] of (match[2] ?? "").matchAll(LABEL))
      labels[key as string] = (raw as string).replace(/\\n/g, "\n").replace(/\\(["\\])/g, "$1");
    samples.push({ name: match[1] as string, labels, value: Number(match[3]) });
  }
  return samples;
}

/** The metric families a text declares (`# TYPE name type`), by name. */
export function parseFamilies(text: string): Map<string, string> {
  const families = new Map<string, string>();
  for (const [, name, type] of text.matchAll(/^# TYPE (\S+) (\S+)$/gm)) families.set(name as string, type as string);
  return families;
}

/** A scrape of one /metrics endpoint, asked by metric name and label subset. */
export class Scrape {
  constructor(
    readonly samples: Sample[],
    /** Declared families, with or without samples yet (a labelled counter nothing has counted). */
    readonly families: Map<string, string> = new Map(),
  ) {}

  static async of(url: string): Promise<Scrape> {
    const response = await fetch(url);
    if (response.status !== 200) throw new Error(`scraping ${url} answered ${response.status}`);
    return Scrape.fromText(await response.text());
  }

  static fromText(text: string): Scrape {
    return new Scrape(parsePrometheusText(text), parseFamilies(text));
  }

  /** Whether a query may name `sampleName`: a declared family, or a histogram's or summary's _bucket, _sum or _count. */
  exposes(sampleName: string): boolean {
    if (this.families.has(sampleName) || this.samples.some((s) => s.name === sampleName)) return true;
    const family = sampleName.replace(/_(bucket|sum|count)$/, "");
    const type = this.families.get(family);
    return family !== sampleName && (type === "histogram" || (type === "summary" && !sampleName.endsWith("_bucket")));
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
