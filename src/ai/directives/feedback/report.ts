import { wantedCount, seenCount } from "./counts";
import { dropsClause, has, type Rule } from "./rule";
import { BREVITY, SENTENCE_UNIT } from "./words";

// Report clauses: length ("the report is an essay", "too long to read"), bullets ("as bullets
// please"), plain words ("what is SLA? too much jargon").

const SENTENCE_WORD = /^(?:sentences?|lines?)$/;
export const maxSentences: Rule = {
  kind: "report.maxSentences",
  needs: "report",
  complaint: ({ t }) => {
    if (dropsClause(t, "report|summary|sentence")) return { stance: "against" };
    const n = wantedCount(t, SENTENCE_WORD);
    if (n !== null && n <= 30) return { stance: "want", n };
    const less = has(
      /\bessays?\b|\bnovels?\b|\bwall of text\b|\btoo (?:long|wordy|verbose|much text|much to read|much detail|many (?:sentences|paragraphs|words))\b|\bverbose\b|\bwordy\b|\brambl\w*\b|\btl;?dr\b|\blong-winded\b|\bburied\b|(?<!not |instead of )\bparagraphs\b|\bshorter\b|\bmore concise\b|\bbe concise\b|\bcut\b.{0,40}\bdown\b|\bto (?:scan|skim)\b|\bpages? (?:long|of)\b/,
      t,
    );
    const more = has(/\btoo (?:short|terse|brief|thin|strict|tight|low)\b|\bmore (?:detail|context|depth)\b|\bnot enough (?:detail|context)\b|\black(?:s|ed|ing)? (?:detail|context)\b|\bone-liners?\b/, t);
    if (less && !more) {
      const seen = seenCount(t, SENTENCE_UNIT);
      return seen === null ? { stance: "less" } : { stance: "less", seen };
    }
    if (more && !less) return { stance: "more" };
    return null;
  },
  praise: ({ t }) => BREVITY.test(t),
};

export const bullets: Rule = {
  kind: "report.bullets",
  needs: null,
  complaint: (p) => {
    const { t } = p;
    if (
      has(/\b(?:no|stop (?:using )?|fewer|without) bullets?\b|\bbullet(?:s| points)? (?:are|were|is|was) (?:hard|choppy|annoying|too terse|confusing|useless|unreadable)\b|\binstead of bullets?\b/, t) ||
      (p.subjects.has("report") && has(/\b(?:full sentences|prose|proper sentences) (?:please|instead)\b/, t)) ||
      dropsClause(t, "bullet")
    ) {
      return { stance: "against" };
    }
    if (p.subjects.has("checklist") && !p.subjects.has("report")) return null;
    return has(/\b(?:use|write (?:it |them |reports |the report )?(?:as|in)|as|in|give (?:me|us)|prefer|want|rather have|should be|could be|be|needs?|with|into) (?:a few |some |short |three |\d )?(?:bullets?|bullet points|dot points|a (?:bulleted )?list)\b|\b(?:bullet(?:s| points)?|dot points|lists?),? (?:please|instead|not paragraphs|would (?:help|be (?:better|easier)))\b|\bbulleted\b|\bin list form\b|\bbullet it\b/, t)
      ? { stance: "want" }
      : null;
  },
  praise: ({ t }) => has(/\bbullets?\b|\bbullet points\b/, t),
};

const PLAIN_PRAISE = /\bno jargon\b|\bjargon-free\b|\bwithout jargon\b|\bplain (?:words|language|english|wording)\b|\beasy to understand\b|\bsimple (?:words|language)\b/;
export const plainWords: Rule = {
  kind: "report.plainWords",
  needs: null,
  complaint: (p) => {
    const { t } = p;
    if (has(/\bjargon (?:is|was) (?:fine|ok|okay|expected|needed)\b|\bdumbed[- ]down\b|\bcondescending\b|\btoo (?:simple|basic)\b/, t) || dropsClause(t, "jargon|plain")) return { stance: "against" };
    const jargon =
      /\bjargon\b|\bacronyms?\b|\bbuzzwords?\b|\btechnical terms?\b|\btoo technical\b|\bcorporate[- ]?speak\b|\blegalese\b|\blegal (?:notice|language|speak)\b|\bplain(?:er)? (?:words|language|english|wording)\b|\bsimple (?:words|language|terms)\b|\bover (?:our|my|their|the customer's) heads?\b|\bgibberish\b|\bnobody (?:outside|here) (?:knows|understands)\b/;
    return jargon.test(t) || /\bwhat(?:'s| is| are| does| do)\s+(?:an?\s+|the\s+)?[A-Z]{2,6}s?\b/.test(p.raw) ? { stance: "want" } : null;
  },
  praise: ({ t }) => PLAIN_PRAISE.test(t),
};
