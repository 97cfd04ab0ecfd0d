import { hydrate, QueryClient } from "@tanstack/react-query";
import { describe, expect, it } from "vitest";
import type { Visitor } from "@/lib/contract";
import { dehydratedVisitors } from "./prefetch-visitors";
import { prefetchedVisitors, visitorsKey } from "./visitors-query";

const page = [{ short_id: "ABC123" }, { short_id: "DEF456" }] as Visitor[];
const url = "/api/console/visitors?search=jane&limit=25";

describe("the Visitors list's server prefetch", () => {
  it("the page reads its rows back from the dehydrated cache, under the list's URL only", () => {
    const state = dehydratedVisitors(url, page);
    expect(prefetchedVisitors(state, url)).toEqual(page);
    expect(prefetchedVisitors(state, "/api/console/visitors?limit=25")).toBeUndefined();
  });

  it("hydrated in the browser's client, the live list's query starts from it", () => {
    const client = new QueryClient();
    hydrate(client, JSON.parse(JSON.stringify(dehydratedVisitors(url, page))));
    expect(client.getQueryData(visitorsKey(url))).toEqual(page);
  });

  it("a refused search prefetches nothing, so the live list asks again", () => {
    expect(dehydratedVisitors(url, null).queries).toEqual([]);
  });
});
