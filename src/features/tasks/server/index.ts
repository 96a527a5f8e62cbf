// The tasks slice's public server API: what other slices, pages, routes and jobs may call.
// Everything else under server/ is internal to the slice (enforced by lint).
export { createTask } from "./create-task";
export { getTask, getTaskTitle } from "./queries";
export { listTasksPage, type TaskListRow } from "./list-tasks-page";
export { updateTask } from "./update-task";
