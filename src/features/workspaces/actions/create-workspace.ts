"use server";
import { authedAction } from "@/server/action-client";
import { CreateWorkspaceInput } from "../schemas";
import { createWorkspace } from "../server/create-workspace";

export const createWorkspaceAction = authedAction(CreateWorkspaceInput, (input, { user }) =>
  createWorkspace({ userId: user.id, name: input.name }),
);
