"use server";
import { authedAction } from "@/server/action-client";
import { CreateWorkspaceInput } from "../schemas";
import { createWorkspace as create } from "../server/create-workspace";

export const createWorkspace = authedAction(CreateWorkspaceInput, (input, { user }) =>
  create({ userId: user.id, name: input.name }),
);
