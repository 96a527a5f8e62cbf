// Text → word tokens for the classifier's features: lowercase words, every number as one token,
// contractions split so "didn't" carries a "not", punctuation kept as clause boundaries.

export type Token = { text: string; kind: "word" | "number" | "punct" | "symbol"; caps: boolean };

/** The token every number becomes ("3", "2.5", "48h", "#123", "v2"): the value never matters, its presence does. */
export const NUMBER_TOKEN = "<num>";

// One alternative per kind, each its own group: symbols (emoticons, "+1", emoji), numbers (with a
// unit: "48h"), words (with inner ' or -), punctuation.
const TOKEN_REGEX = /([:;]-?[()dp]|\+1\b|\p{Extended_Pictographic})|([#v]?\d+(?:[.,:/]\d+)*)(%|[a-z]+)?|([a-z]+(?:['-][a-z]+)*)|([.!?;:,()"…])/giu;
const APOSTROPHES = /[\u2018\u2019\u02bc`´]/g;
const QUOTES = /[\u201c\u201d\u00ab\u00bb]/g;

// Words without their apostrophe ("didnt") read as contractions too: people type them that way.
const BARE_NEGATED = new Set(["dont", "didnt", "doesnt", "isnt", "wasnt", "arent", "werent", "havent", "hasnt", "hadnt", "couldnt", "wouldnt", "shouldnt", "wont", "cant", "aint"]);
const IRREGULAR_NEGATED: Record<string, string> = { won: "will", ca: "can", ai: "is", wo: "will", sha: "shall" };

function splitContraction(word: string): string[] {
  if (word === "cannot") return ["can", "not"];
  const bare = BARE_NEGATED.has(word) ? word.slice(0, -2) : null;
  const negated = word.endsWith("n't") ? word.slice(0, -3) : bare;
  if (negated !== null) return [IRREGULAR_NEGATED[negated] ?? negated, "not"];
  const apostrophe = word.indexOf("'");
  return [apostrophe > 0 ? word.slice(0, apostrophe) : word];
}

export function tokenize(text: string): Token[] {
  const normalized = text.replace(APOSTROPHES, "'").replace(QUOTES, '"');
  const tokens: Token[] = [];
  for (const [, symbol, number, unit, word, punct] of normalized.matchAll(TOKEN_REGEX)) {
    if (symbol) tokens.push({ text: symbol.toLowerCase().replace("-", ""), kind: "symbol", caps: false });
    else if (number) {
      tokens.push({ text: NUMBER_TOKEN, kind: "number", caps: false });
      // "48h", "3pm", "2x": the unit says what was counted.
      if (unit && unit !== "%") tokens.push({ text: unit.toLowerCase(), kind: "word", caps: false });
    } else if (word) {
      const caps = word.length >= 3 && word === word.toUpperCase();
      for (const part of splitContraction(word.toLowerCase())) tokens.push({ text: part, kind: "word", caps });
    } else tokens.push({ text: punct, kind: "punct", caps: false });
  }
  return tokens;
}

const SUFFIXES: [string, string][] = [
  ["ies", "y"],
  ["ied", "y"],
  ["ing", ""],
  ["edly", ""],
  ["ed", ""],
  ["ly", ""],
  ["es", ""],
  ["s", ""],
  ["e", ""],
];

/**
 * A light suffix stripper: "estimates", "estimated", "estimating" → "estimat". Only for words of
 * five letters or more, and never down to fewer than four, so short words keep their meaning.
 */
export function stem(word: string): string {
  if (word.length < 5 || word.endsWith("ss")) return word;
  for (const [suffix, replacement] of SUFFIXES) {
    if (word.endsWith(suffix) && word.length - suffix.length >= 4) return word.slice(0, -suffix.length) + replacement;
  }
  return word;
}
