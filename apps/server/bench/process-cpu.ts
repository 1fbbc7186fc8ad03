import { readdirSync, readFileSync } from "node:fs";

/** CPU seconds used so far: this process (the server, and the embedded database's thread when it runs one), PostgreSQL's and Redis's processes. */
export interface CpuSample {
  server: number;
  postgres: number;
  redis: number;
}

const TICKS_PER_SECOND = 100;

/**
 * This process's CPU time, and every `postgres` and `redis-server` process's on the machine
 * (Linux /proc: their utime + stime; 0 where there is no /proc). The load generators are node
 * processes of their own and are not counted.
 */
export function sampleCpu(): CpuSample {
  const own = process.cpuUsage();
  const sample: CpuSample = { server: (own.user + own.system) / 1e6, postgres: 0, redis: 0 };
  let pids: string[] = [];
  try {
    pids = readdirSync("/proc").filter((name) => /^\d+$/.test(name));
  } catch {
    return sample;
  }
  for (const pid of pids) {
    let stat: string;
    try {
      stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    } catch {
      continue; // it ended meanwhile
    }
    const name = stat.slice(stat.indexOf("(") + 1, stat.lastIndexOf(")"));
    const process = name === "postgres" ? "postgres" : name === "redis-server" ? "redis" : null;
    if (!process) continue;
    // After "pid (comm) ": state is field 3, utime (14) and stime (15) are at 11 and 12.
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    sample[process] += (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND;
  }
  return sample;
}

/** Milliseconds of CPU per request each process spent between two samples. */
export function cpuPerRequest(before: CpuSample, after: CpuSample, requests: number): CpuSample {
  const per = (key: keyof CpuSample) => ((after[key] - before[key]) * 1000) / Math.max(1, requests);
  return { server: per("server"), postgres: per("postgres"), redis: per("redis") };
}
