// The notifications slice's public server API: what other slices, pages, routes and jobs may call.
// Everything else under server/ is internal to the slice (enforced by lint).
export { notifyMembers } from "./notify";
export { countOpenNotifications, getEmailNotifications, getNotificationTimezone, listNotifications, type NotificationListItem } from "./queries";
export { changeItemSubject, resolveNotifications, sessionSubject } from "./resolve";
