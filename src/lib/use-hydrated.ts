import { useSyncExternalStore } from "react";

// False in the server's HTML and until hydration, true once React handles the page's events. A
// control whose handler is React's (an onClick, not a form's action) is disabled until then: a
// click before hydration would show nothing and be lost (issue 36: "what is shown is what is saved").
const noSubscription = () => () => {};
export const useHydrated = () => useSyncExternalStore(noSubscription, () => true, () => false);
