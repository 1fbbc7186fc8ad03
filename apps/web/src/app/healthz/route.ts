/** `GET /healthz`: the process is up and serving (for load balancers; no session, no database). */
export function GET() {
  return Response.json({ status: "ok" }, { headers: { "cache-control": "no-store" } });
}

export const dynamic = "force-dynamic";
