import { NextResponse } from "next/server";
import { functions } from "@/inngest/functions";
import { inngest, inngestEnabled } from "@/inngest/client";
import { serveInngest } from "@/inngest/serve";

// Inngest calls this route to sync and run the job functions, at APP_URL (serve.ts: never the
// request's Host). Without Inngest configured there is nothing to serve: the local executor inside
// this server runs the same functions.
const handlers = inngestEnabled ? serveInngest(inngest, functions) : null;

const notConfigured = () =>
  NextResponse.json(
    { error: { code: "NOT_FOUND", message: "Inngest is not configured (INNGEST_DEV, INNGEST_EVENT_KEY, INNGEST_SIGNING_KEY); the local executor in this server runs the workflows." } },
    { status: 404 },
  );

export const GET = handlers?.GET ?? notConfigured;
export const POST = handlers?.POST ?? notConfigured;
export const PUT = handlers?.PUT ?? notConfigured;
