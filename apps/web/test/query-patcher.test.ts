import { QueryClient, QueryObserver } from "@tanstack/react-query";
import { afterEach, describe, expect, it } from "vitest";
import { QueryPatcher } from "../src/components/live/query-patcher";

/** A fetch the test answers when it likes, as a slow server would. */
function slowAnswers<T>() {
  const waiting: ((value: T) => void)[] = [];
  let asked = 0;
  return {
    fetch: () => {
      asked++;
      return new Promise<T>((resolve) => waiting.push(resolve));
    },
    answer: (value: T) => waiting.shift()?.(value),
    get asked() {
      return asked;
    },
  };
}

const settle = () => new Promise((r) => setTimeout(r, 0));

let client: QueryClient;
afterEach(() => client?.clear());

describe("writing into cached lists while a load is on its way", () => {
  const key = ["guilds"];

  it("a guild added while the first load of the list is in flight is there once an older answer lands", async () => {
    client = new QueryClient();
    const server = slowAnswers<string[]>();
    const loading = client.fetchQuery({ queryKey: key, queryFn: server.fetch });
    new QueryPatcher(client).add<string>(key, (list) => [...list.filter((g) => g !== "new"), "new"]);
    server.answer([]); // read before the guild existed
    await loading;
    expect(client.getQueryData(key)).toEqual(["new"]);
  });

  it("a change to loaded data is applied at once and again when a refetch read before it lands", async () => {
    client = new QueryClient();
    client.setQueryData(key, ["old"]);
    const server = slowAnswers<string[]>();
    const refetch = client.fetchQuery({ queryKey: key, queryFn: server.fetch, staleTime: 0 });
    const patcher = new QueryPatcher(client);
    patcher.patch<string[]>(key, (list) => list.map((g) => (g === "old" ? "renamed" : g)));
    expect(client.getQueryData(key)).toEqual(["renamed"]);
    server.answer(["old"]);
    await refetch;
    expect(client.getQueryData(key)).toEqual(["renamed"]);
  });

  it("seeds a list nobody has loaded, and leaves alone a list with nothing cached or coming", () => {
    client = new QueryClient();
    const patcher = new QueryPatcher(client);
    patcher.add<string>(key, (list) => [...list, "mine"]);
    expect(client.getQueryData(key)).toEqual(["mine"]);
    patcher.patch<string[]>(["never-loaded"], (list) => [...list, "x"]);
    expect(client.getQueryData(["never-loaded"])).toBeUndefined();
  });
});

describe("reloading after a live event", () => {
  it("asks again when a first load was already on its way (its answer may predate the event)", async () => {
    client = new QueryClient();
    const server = slowAnswers<string[]>();
    // A list on screen: an observer starts its first load.
    const stop = new QueryObserver(client, { queryKey: ["members"], queryFn: server.fetch }).subscribe(() => {});
    expect(server.asked).toBe(1);
    new QueryPatcher(client).reload(["members"]);
    await settle();
    // The first request was cancelled and a second one made; only its answer counts.
    expect(server.asked).toBe(2);
    server.answer(["stale"]);
    server.answer(["fresh"]);
    await settle();
    expect(client.getQueryData(["members"])).toEqual(["fresh"]);
    stop();
  });
});
