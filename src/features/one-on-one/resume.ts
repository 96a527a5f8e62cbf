// When a one-on-one page follows an answer still being written (useChat's resumeStream): the page
// was (re)loaded after a question was stored and before its answer was. The stored conversation
// (the server's, refreshed) ends with that question; so does the one shown here, and nothing is
// being received. A refresh that lands while this tab is sending (the opening answer's onFinish
// refresh, late on a busy machine) also ends with the question this tab just sent: resuming then
// streamed the same answer a second time beside the one arriving here.

type Role = { role: string };

export function shouldResume(input: { open: boolean; status: "submitted" | "streaming" | "ready" | "error"; stored: readonly Role[]; shown: readonly Role[] }): boolean {
  return input.open && input.status === "ready" && input.stored.at(-1)?.role === "user" && input.shown.at(-1)?.role === "user";
}
