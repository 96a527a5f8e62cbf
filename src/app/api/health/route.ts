import { NextResponse } from "next/server";

// Liveness: the process answers. No session, no database, no data (for load balancers and
// container healthchecks; readiness is /api/ready).
export const dynamic = "force-dynamic";

export function GET() {
  return NextResponse.json({ status: "ok" }, { headers: { "Cache-Control": "no-store" } });
}
