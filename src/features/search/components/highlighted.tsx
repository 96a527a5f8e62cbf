import { HIGHLIGHT_END, HIGHLIGHT_START } from "../markers";

/** Renders a ts_headline snippet: marked ranges become <mark>, everything else stays text (no HTML injection). */
export function Highlighted({ text }: { text: string }) {
  const parts = text.split(HIGHLIGHT_START);
  return (
    <>
      {parts.map((part, i) => {
        if (i === 0) return <span key={i}>{part}</span>;
        const [marked, rest = ""] = part.split(HIGHLIGHT_END);
        return (
          <span key={i}>
            <mark className="rounded-sm bg-amber-200/70 px-0.5 text-zinc-900">{marked}</mark>
            {rest}
          </span>
        );
      })}
    </>
  );
}
