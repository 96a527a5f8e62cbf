"use client";
import { useRouter } from "next/navigation";
import { Button } from "@/components/ui/button";
import { Select } from "@/components/ui/field";
import { ErrorText } from "@/components/ui/form";
import { useAction } from "@/lib/use-action";
import { changeMemberRoleAction } from "../actions/change-member-role";
import { removeMemberAction } from "../actions/remove-member";
import { roleLabels, roles, type Role } from "../permissions";

type Props = {
  workspaceSlug: string;
  membershipId: string;
  role: Role;
  email: string;
  canManage: boolean;
  isSelf: boolean;
  /** The server refuses to demote or remove the last owner; the UI says so up front. */
  isLastOwner: boolean;
};

export function MemberRowActions({ workspaceSlug, membershipId, role, email, canManage, isSelf, isLastOwner }: Props) {
  const router = useRouter();
  const change = useAction(changeMemberRoleAction);
  const remove = useAction(removeMemberAction);
  const error = change.error ?? remove.error;

  return (
    <div className="flex flex-col items-end gap-1">
      <div className="flex items-center gap-2">
        {canManage ? (
          <Select
            aria-label={`Role of ${email}`}
            className="h-8 w-32"
            value={role}
            disabled={change.pending || isLastOwner}
            title={isLastOwner ? "The only owner: make someone else owner first" : undefined}
            onChange={(e) => void change.run({ workspaceSlug, membershipId, role: e.target.value as Role })}
          >
            {roles.map((r) => (
              <option key={r} value={r}>
                {roleLabels[r].label}
              </option>
            ))}
          </Select>
        ) : (
          <span className="text-sm capitalize text-zinc-600">{role}</span>
        )}
        {(canManage || isSelf) && !isLastOwner ? (
          <Button
            size="sm"
            variant="danger"
            disabled={remove.pending}
            onClick={() => {
              const question = isSelf ? "Leave this workspace?" : `Remove ${email} from this workspace?`;
              if (!window.confirm(question)) return;
              void remove.run({ workspaceSlug, membershipId }, (data) => {
                if (data.left) router.push("/");
              });
            }}
          >
            {isSelf ? "Leave" : "Remove"}
          </Button>
        ) : null}
      </div>
      <ErrorText className="max-w-xs text-right text-xs" message={error?.message} />
    </div>
  );
}
