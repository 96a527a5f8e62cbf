import type { Metadata } from "next";
import { DEFAULT_MODELS, describeModels, MODEL_ROLES, ROLE_ENV_VARS, type ModelRole } from "@/ai/models";
import { Badge, Card, CardHeader, PageHeader } from "@/components/ui/card";
import { DataTable } from "@/components/ui/table";
import { getPageWorkspaceContext } from "@/features/workspaces/server";

export const metadata: Metadata = { title: "Model provider" };

// Read-only for every member: the provider is server configuration (environment variables), the
// same for all workspaces of this installation, and never shows a key.

const ROLE_USE: Record<ModelRole, string> = {
  task: "Executes a wake: proposals, report, observations",
  evaluator: "Scores the output against the template's quality gates",
  refiner: "Rewrites the output from the evaluator's feedback",
  classifier: "Sorts feedback by sentiment and category",
  improver: "Drafts improvements to a template's directives",
};

const PROVIDER_LABEL = {
  builtin: "Built-in deterministic model",
  openai: "OpenAI",
  anthropic: "Anthropic",
  google: "Google Gemini",
  "openai-compatible": "OpenAI-compatible server",
} as const;

const ENV_VARS: [name: string, use: string][] = [
  ["AI_PROVIDER", "openai, anthropic, google or openai-compatible. Unset: the built-in model."],
  ["AI_API_KEY", "The provider's API key. OPENAI_API_KEY, ANTHROPIC_API_KEY or GOOGLE_GENERATIVE_AI_API_KEY also work."],
  ["AI_BASE_URL", "Required for openai-compatible (e.g. http://127.0.0.1:11434/v1 for Ollama); optional proxy URL otherwise."],
  ["AI_MODEL", `Model id for every role (required for openai-compatible). Defaults: ${Object.entries(DEFAULT_MODELS).map(([p, m]) => `${m} (${p})`).join(", ")}.`],
  ...MODEL_ROLES.map((r): [string, string] => [ROLE_ENV_VARS[r], `Model id for the ${r} role only.`]),
];

const EXAMPLE = ["# .env — then restart the server", "AI_PROVIDER=openai", "AI_API_KEY=sk-…", "AI_MODEL_EVALUATOR=gpt-4o", "", "# or a local Ollama", "AI_PROVIDER=openai-compatible", "AI_BASE_URL=http://127.0.0.1:11434/v1", "AI_MODEL=llama3.1"].join("\n");

export default async function ModelSettingsPage({ params }: { params: Promise<{ slug: string }> }) {
  const { slug } = await params;
  await getPageWorkspaceContext(slug);
  const config = describeModels();

  return (
    <>
      <PageHeader title="Model provider" description="Which language model serves each role of the agents. Set by the server's environment; read-only here." />
      <div className="space-y-6">
        <Card>
          <CardHeader
            title={PROVIDER_LABEL[config.provider]}
            description={
              config.builtIn
                ? "Works offline and gives the same answer for the same input: rule-based proposals, gate checks and classification. Good for demos and trying the product; configure a provider for real use."
                : config.baseUrl
                  ? `Requests go to ${config.baseUrl}.`
                  : "Requests go to the provider's API with the configured key."
            }
            actions={<Badge tone={config.builtIn ? "amber" : "green"}>{config.builtIn ? "Built-in" : "Provider"}</Badge>}
          />
          <DataTable rows={MODEL_ROLES} rowKey={(role) => role} rowProps={(role) => ({ "data-role": role })} testId="model-roles" head="plain" pad="card"
            columns={[
              { header: "Role", className: "font-medium capitalize", cell: (role) => role },
              { header: "Model", cell: (role) => <code className="text-xs">{config.models[role]}</code> },
              { header: "Used for", className: "text-zinc-500", cell: (role) => ROLE_USE[role] },
            ]}
          />
          <p className="border-t border-zinc-100 px-5 py-3 text-xs text-zinc-500">
            A template can name another model per phase (execute, evaluate, refine); &ldquo;default&rdquo; uses the role&rsquo;s model above.
          </p>
        </Card>

        <Card>
          <CardHeader title="How to switch" description="Set these environment variables on the server and restart it. Empty values count as unset." />
          <DataTable rows={ENV_VARS} rowKey={([name]) => name} head="none" cellY="py-2.5"
            columns={[
              { header: "Variable", className: "whitespace-nowrap align-top", cell: ([name]) => <code className="text-xs font-medium">{name}</code> },
              { header: "Use", className: "text-zinc-600", cell: ([, use]) => use },
            ]}
          />
          <div className="p-5 pt-2">
            <pre className="overflow-x-auto rounded-lg bg-zinc-950 p-4 text-xs leading-relaxed text-zinc-100">{EXAMPLE}</pre>
          </div>
        </Card>
      </div>
    </>
  );
}
