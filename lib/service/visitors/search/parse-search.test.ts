import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { formatSearch, MAX_SEARCH_LENGTH, parseSearch, type SearchTerm } from "./parse-search";

const terms = (input: string) => parseSearch(input).terms;

describe("parseSearch: token kinds", () => {
  it.each<[string, SearchTerm]>([
    ["jane@example.com", { kind: "email", value: "jane@example.com" }],
    ["online", { kind: "online", value: true }],
    ["-online", { kind: "online", value: false }],
    ["waiting", { kind: "waiting", value: true }],
    ["-waiting", { kind: "waiting", value: false }],
    ["ip:203.0.113.7", { kind: "ip", value: "203.0.113.7" }],
    ["id:user-123", { kind: "id", value: "user-123" }],
    ["4821", { kind: "lookupCode", value: "4821" }],
    ["#vip", { kind: "tag", value: "#vip" }],
    ["#churn-risk", { kind: "tag", value: "#churn-risk" }],
    ["integration_id:acmechat:1234", { kind: "integrationId", value: "acmechat:1234" }],
    ["integration_id:acmechat:a:b", { kind: "integrationId", value: "acmechat:a:b" }],
    ["pricing", { kind: "text", value: "pricing" }],
  ])("%s", (input, term) => expect(terms(input)).toEqual([term]));

  it("reads near-misses of tokens as free text", () => {
    for (const input of ["482", "48210", "#vip1", "#", "ip:", "id:", "integration_id:acmechat", "integration_id::1", "jane@example", "onlinex", "waitings"]) {
      expect(terms(input), input).toEqual([{ kind: "text", value: input }]);
    }
  });

  it("matches token names case-insensitively and keeps their values' case", () => {
    expect(terms("IP:Host-A ID:User-7 ONLINE -Online INTEGRATION_ID:AcmeChat:X9 #VIP")).toEqual([
      { kind: "ip", value: "Host-A" },
      { kind: "id", value: "User-7" },
      { kind: "online", value: true },
      { kind: "online", value: false },
      { kind: "integrationId", value: "AcmeChat:X9" },
      { kind: "tag", value: "#VIP" },
    ]);
  });

  it("lower-cases emails and free text", () => {
    expect(terms("Jane@Example.COM Pricing")).toEqual([
      { kind: "email", value: "jane@example.com" },
      { kind: "text", value: "pricing" },
    ]);
  });
});

describe("parseSearch: combinations", () => {
  it("keeps every token and free-text word, in order, each once", () => {
    expect(terms("  #vip  jane\tonline #trial  jane #vip 4821 ")).toEqual([
      { kind: "tag", value: "#vip" },
      { kind: "text", value: "jane" },
      { kind: "online", value: true },
      { kind: "tag", value: "#trial" },
      { kind: "lookupCode", value: "4821" },
    ]);
  });

  it("reads a quoted phrase as one free-text term, tokens inside included", () => {
    expect(terms('#vip "Jane   Doe" "online" "#trial"')).toEqual([
      { kind: "tag", value: "#vip" },
      { kind: "text", value: "jane doe" },
      { kind: "text", value: "online" },
      { kind: "text", value: "#trial" },
    ]);
  });

  it("ignores an unmatched quote and empty phrases", () => {
    expect(terms('"" jane "doe smith')).toEqual([
      { kind: "text", value: "jane" },
      { kind: "text", value: "doe" },
      { kind: "text", value: "smith" },
    ]);
  });

  it("treats control characters as separators (PostgreSQL text cannot hold NUL)", () => {
    expect(terms("jane\u0000doe\u0007#vip")).toEqual([
      { kind: "text", value: "jane" },
      { kind: "text", value: "doe" },
      { kind: "tag", value: "#vip" },
    ]);
  });

  it("gives no terms for an empty or blank search", () => {
    expect(terms("")).toEqual([]);
    expect(terms(" \n\t ")).toEqual([]);
  });

  it(`reads at most ${MAX_SEARCH_LENGTH} characters`, () => {
    expect(terms("abcd ".repeat(1_000) + "#vip")).toEqual([{ kind: "text", value: "abcd" }]);
    const words = Array.from({ length: 200 }, (_, i) => `w${i}`);
    const kept = terms(words.join(" ")).map((term) => term.value);
    expect(kept).toEqual(words.join(" ").slice(0, MAX_SEARCH_LENGTH).trim().split(" "));
  });

  it("drops terms whose canonical form would pass the limit (lower-casing can lengthen text)", () => {
    // "İ" lower-cases to two characters: 300 of them would print as 600.
    expect(terms("jane " + "İ".repeat(300))).toEqual([{ kind: "text", value: "jane" }]);
  });
});

describe("formatSearch", () => {
  it("prints the canonical query, quoting free text that would otherwise read differently", () => {
    expect(formatSearch(parseSearch('IP:1.2.3.4  Jane "online" "a  b" #vip -ONLINE "#x"'))).toBe('ip:1.2.3.4 jane "online" "a b" #vip -online "#x"');
    expect(formatSearch(parseSearch('WAITING online "waiting" -Waiting'))).toBe('waiting online "waiting" -waiting');
  });
});

// Every kind of input: any UTF-16 (lone surrogates too), whole graphemes, and grammar-shaped strings.
const grammarish = fc
  .array(
    fc.constantFrom(
      "online",
      "-online",
      "waiting",
      "-waiting",
      "ip:",
      "id:",
      "integration_id:",
      "#",
      "@",
      ".",
      ":",
      '"',
      " ",
      "\t",
      "\u0000",
      "a",
      "Z",
      "7",
      "İ",
      "\u212A",
      "é",
    ),
    {
      maxLength: 40,
    },
  )
  .map((parts) => parts.join(""));
const anyInput = fc.oneof(
  fc.string({ unit: "binary" }),
  fc.string({ unit: "grapheme" }),
  fc.string(),
  grammarish,
  fc.string({ unit: "binary", minLength: 490, maxLength: 700 }),
);

describe("parseSearch properties", () => {
  it("never throws and only yields non-empty terms", () => {
    fc.assert(
      fc.property(anyInput, (input) => {
        for (const term of parseSearch(input).terms) expect(term.value).not.toBe("");
      }),
      { numRuns: 2_000 },
    );
  });

  it("is idempotent through formatSearch", () => {
    fc.assert(
      fc.property(anyInput, (input) => {
        const query = parseSearch(input);
        expect(parseSearch(formatSearch(query))).toEqual(query);
      }),
      { numRuns: 2_000 },
    );
  });

  const letters = fc.string({ unit: fc.constantFrom(..."abcXYZ-"), minLength: 1, maxLength: 20 });
  const value = fc.string({ unit: fc.constantFrom(..."aB0.-_:@"), minLength: 1, maxLength: 20 });
  const kinds: Array<[string, fc.Arbitrary<string>, (word: string) => SearchTerm]> = [
    ["tag", letters.map((l) => `#${l}`), (word) => ({ kind: "tag", value: word })],
    ["ip", value.map((v) => `ip:${v}`), (word) => ({ kind: "ip", value: word.slice(3) })],
    ["id", value.map((v) => `Id:${v}`), (word) => ({ kind: "id", value: word.slice(3) })],
    ["lookupCode", fc.integer({ min: 0, max: 9999 }).map((n) => String(n).padStart(4, "0")), (word) => ({ kind: "lookupCode", value: word })],
    ["email", fc.emailAddress(), (word) => ({ kind: "email", value: word.toLowerCase() })],
    [
      "integrationId",
      fc
        .tuple(
          letters.filter((l) => !l.includes(":")),
          value,
        )
        .map(([name, id]) => `integration_id:${name}:${id}`),
      (word) => ({ kind: "integrationId", value: word.slice("integration_id:".length) }),
    ],
  ];

  it.each(kinds)("recognises every generated %s token, alone and next to free text", (_kind, arbitrary, expected) => {
    fc.assert(
      fc.property(arbitrary, (word) => {
        expect(terms(word)).toEqual([expected(word)]);
        expect(terms(`hello ${word} world`)).toEqual([{ kind: "text", value: "hello" }, expected(word), { kind: "text", value: "world" }]);
      }),
    );
  });
});
