import { describe, expect, it } from "vitest";
import { csvResponse, toCsv, type CsvColumn } from "./csv";

interface Row {
  name: string;
  n: number | null;
  ok: boolean;
}

const columns: CsvColumn<Row>[] = [
  { header: "name", value: (r) => r.name },
  { header: "n", value: (r) => r.n },
  { header: "ok", value: (r) => r.ok },
];

describe("toCsv", () => {
  it("writes a header row and one CRLF-terminated row per item", () => {
    expect(
      toCsv(columns, [
        { name: "Ana", n: 3, ok: true },
        { name: "Tom", n: null, ok: false },
      ]),
    ).toBe("name,n,ok\r\nAna,3,yes\r\nTom,,no\r\n");
  });

  it("quotes commas, quotes and line breaks", () => {
    const csv = toCsv(columns, [{ name: 'Ruiz, "Ana"\nDesk', n: 1, ok: true }]);
    expect(csv).toBe('name,n,ok\r\n"Ruiz, ""Ana""\nDesk",1,yes\r\n');
  });

  it("defuses text a spreadsheet would run as a formula, but not numbers", () => {
    const csv = toCsv(columns, [
      { name: '=HYPERLINK("http://evil")', n: -4, ok: true },
      { name: "@SUM(A1)", n: 0, ok: true },
      { name: "+1", n: 1, ok: true },
    ]);
    const lines = csv.trimEnd().split("\r\n");
    expect(lines[1]).toBe(`"'=HYPERLINK(""http://evil"")",-4,yes`);
    expect(lines[2]).toBe("'@SUM(A1),0,yes");
    expect(lines[3]).toBe("'+1,1,yes");
  });

  it("has only the header for no rows", () => expect(toCsv(columns, [])).toBe("name,n,ok\r\n"));
});

describe("csvResponse", () => {
  it("is a text/csv attachment with a safe file name", async () => {
    const response = csvResponse('sessions "lead@example.com"/x.csv', "a\r\n");
    expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("content-disposition")).toBe('attachment; filename="sessions-lead-example.com-x.csv"');
    expect(await response.text()).toBe("a\r\n");
  });
});
