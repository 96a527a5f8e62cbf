// "Replay check" in one line, wherever the words appear (the proposal card, the approval form, the
// workspace settings). Pure: client components import it.

export const REPLAY_CHECK_EXPLAINED = "Re-runs the agent on last week's stored inputs with the proposed directives and with the active ones, and compares the results.";
