import { drawn, filledVisitor, LAST_NAME_COUNT } from "./fill-visitors";

/** One edit in each word: neighbours swapped in the first, a letter dropped from the second. */
const typo = (first: string, last: string) => `${first.slice(0, 1)}${first.charAt(2)}${first.charAt(1)}${first.slice(3)} ${last.slice(0, 2)}${last.slice(3)}`;

/**
 * Every form of the search grammar, each asking for real visitors of bench/fill-visitors.ts's
 * population of `visitorCount`: [what the form is, the search].
 */
export function searchForms(visitorCount: number): [string, string][] {
  /** The first visitor from `from` on that `test` accepts. */
  function visitorWhere(from: number, test: (n: number) => boolean): ReturnType<typeof filledVisitor> {
    for (let n = from; n < visitorCount; n++) if (test(n)) return filledVisitor(n);
    return filledVisitor(from);
  }
  const common = filledVisitor(4242);
  const rare = visitorWhere(1000, (n) => drawn(n, 2, LAST_NAME_COUNT) > LAST_NAME_COUNT / 2 && /^[A-Za-z]{6,}$/.test(filledVisitor(n).last));
  const longRare = visitorWhere(5000, (n) => /^[A-Za-z]{9,}$/.test(filledVisitor(n).last) && drawn(n, 2, LAST_NAME_COUNT) > LAST_NAME_COUNT / 2);
  const accented = visitorWhere(2000, (n) => /[^A-Za-z]/.test(filledVisitor(n).first));
  return [
    ["name, exact", `${common.first} ${common.last}`],
    ["name, either order", `${common.last} ${common.first}`],
    ["rare name, exact", `${rare.first} ${rare.last}`],
    ["rare name, a typo in each word", typo(rare.first, rare.last)],
    ["long rare last name, two typos", `${longRare.last.slice(0, 2)}${longRare.last.charAt(3)}${longRare.last.charAt(2)}${longRare.last.slice(4, -1)}`],
    ["unfinished last name", rare.last.slice(0, 4)],
    ["accents folded", accented.first.normalize("NFD").replace(/\p{M}/gu, "")],
    ["email", common.email],
    ["id:", "id:user-4242"],
    ["ip:", "ip:198.51.16.146"],
    ["integration_id:", "integration_id:acmechat:4240"],
    ["lookup code", "0007"],
    ["tag, online", "#vip online"],
    ["-online, tag", "-online #trial"],
    ["url word", "checkout"],
    ["title word with a typo", "backpak"],
    ["name and tag", `${common.first} #vip`],
    ["name, online", `${common.first} online`],
  ];
}
