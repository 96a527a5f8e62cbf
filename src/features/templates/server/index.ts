// The templates slice's public server API: what other slices, pages, routes and jobs may call.
// Everything else under server/ is internal to the slice (enforced by lint).
export { asTemplateNameConflict, createTemplate, createTemplateInTx, type CreateTemplateOptions } from "./create-template";
export { createTemplateVersion } from "./create-template-version";
export { getTemplate, getTemplateWithHead, listTemplates, listVersions, type VersionRow } from "./queries";
export { resolveActiveVersion } from "./resolve-active-version";
