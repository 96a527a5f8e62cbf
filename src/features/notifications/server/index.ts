// The notifications slice's public server API: what other slices, pages, routes and jobs may call.
// Everything else under server/ is internal to the slice (enforced by lint).
export { markReadByLink, markReadFromLink } from "./mark-read";
export { notifyMembers } from "./notify";
export { countUnread, getEmailNotifications, listNotifications } from "./queries";
