import { NextResponse } from "next/server";
import { getReadiness } from "@/server/readiness";

// Readiness: 200 when this process can take traffic (database reachable, migrations applied),
// 503 otherwise and from the moment a shutdown starts. No session; states only, no data.
export const dynamic = "force-dynamic";

export async function GET() {
  const readiness = await getReadiness();
  return NextResponse.json(readiness, { status: readiness.status === "ready" ? 200 : 503, headers: { "Cache-Control": "no-store" } });
}
