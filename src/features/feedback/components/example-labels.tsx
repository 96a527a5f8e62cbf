import type { ReactNode } from "react";
import { chipLabels, type LabelledItem } from "../labels";
import type { PatternExample } from "../server/summarize-feedback";
import { LabelChips } from "./label-chips";

/**
 * PatternList's `exampleLabels` for a page: each written example's labels in force (`labels`, by
 * item id; a frozen ritual summary's example may have been corrected since: the chips show it now).
 */
export function exampleLabelChips(workspaceSlug: string, labels: Map<string, LabelledItem>, canEdit: boolean) {
  return function ExampleLabels(e: PatternExample): ReactNode {
    const item = labels.get(e.itemId);
    return item ? <LabelChips workspaceSlug={workspaceSlug} item={chipLabels(item)} canEdit={canEdit} context={`“${e.detail.slice(0, 40)}”`} /> : null;
  };
}
