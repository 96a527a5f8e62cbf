"use client";
import { useRouter } from "next/navigation";
import { Button } from "@/components/ui/button";
import { Notice } from "@/components/ui/card";
import { useAction } from "@/lib/use-action";
import { acceptInvitationAction } from "../actions/accept-invitation";

export function AcceptInvitationButton({ token }: { token: string }) {
  const router = useRouter();
  const { run, pending, error } = useAction(acceptInvitationAction);
  return (
    <div className="space-y-3">
      {error ? <Notice tone="error">{error.message}</Notice> : null}
      <Button className="w-full" disabled={pending} onClick={() => void run({ token }, (data) => router.push(`/w/${data.workspaceSlug}`))}>
        {pending ? "Joining…" : "Accept invitation"}
      </Button>
    </div>
  );
}
