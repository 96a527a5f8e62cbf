// Ports of the e2e servers (chosen away from the dev default 3000). E2E_PORT_BASE moves all of
// them, so two checkouts can run their e2e suites side by side on one machine.
const base = Number(process.env.E2E_PORT_BASE ?? 0) || 0;
export const APP_PORT = base ? base : 3200;
export const APP_URL = `http://localhost:${APP_PORT}`; // localhost, never 127.0.0.1 (Auth.js origin)
export const SMTP_PORT = base ? base + 1 : 2526;
export const MAIL_API_PORT = base ? base + 2 : 2527;
/** Servers a spec starts itself (production start, two app processes): this port and the next few. */
export const EXTRA_PORT = base ? base + 10 : 3320;
