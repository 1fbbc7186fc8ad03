import { printReport, type CampaignReport, type Scale } from "./support/report";

/**
 * `pnpm campaign <name> [--short]`: one fault campaign of apps/server/campaigns, on loopback,
 * printing one table; exits 1 when one of its properties failed.
 *   database       PostgreSQL stopped under load: 503 within a second, the gateway keeps beating, recovers by itself
 *   jitter         clients on two nodes dropped about every 15 s, resuming anywhere: every event once, in order
 *   kill           kill -9 of the server mid-burst, restart: answered messages all there, none half-written, bots resume
 *   redis          Redis stopped 10 s under two nodes: events delayed, then delivered once each; sessions resume
 *   slow-consumer  a bot stops reading its socket while messages flow: bounded memory, cut off, resumes
 *   storm          every client's node is killed and all resume on the other at once: time to 99%, nothing lost
 */
const campaigns: Record<string, () => Promise<{ runCampaign(scale: Scale): Promise<CampaignReport> }>> = {
  database: () => import("./database"),
  jitter: () => import("./jitter"),
  kill: () => import("./kill"),
  redis: () => import("./redis"),
  "slow-consumer": () => import("./slow-consumer"),
  storm: () => import("./storm"),
};

const [chosen, flag] = process.argv.slice(2);
const load = chosen ? campaigns[chosen] : undefined;
if (!load || (flag !== undefined && flag !== "--short")) {
  console.error(`usage: pnpm campaign <${Object.keys(campaigns).join("|")}> [--short]`);
  process.exit(2);
}
try {
  const report = await (await load()).runCampaign(flag === "--short" ? "short" : "full");
  printReport(report);
  process.exit(report.problems.length === 0 ? 0 : 1);
} catch (error) {
  console.error(error);
  process.exit(1);
}
