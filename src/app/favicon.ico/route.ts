// Browsers ask for /favicon.ico on their own wherever a page names no icon (an error page, a
// file opened directly): send them to the app's SVG icon instead of a 404. A relative Location
// keeps it right behind any proxy.
export function GET() {
  return new Response(null, { status: 308, headers: { Location: "/icon.svg" } });
}
