import pg from "pg";

/**
 * For tests: counts the SQL statements this process sends, whichever Prisma client, service,
 * gateway or live stream sends them (every connection goes through node-postgres, to the
 * embedded database too). How tests show that the work done for one event does not grow with
 * the number of its receivers. Not loaded by the apps.
 */
export interface QueryCounter {
  /** Statements sent since the counter started. */
  readonly count: number;
  /** Resolves once no statement has been sent for `quietMs`: whatever was set off before has finished. */
  settled(quietMs?: number): Promise<void>;
  /** The statements `action` sends, counted from a quiet database until the database is quiet again. */
  during(action: () => Promise<unknown>): Promise<number>;
  /** Stops counting (the driver is as it was). */
  stop(): void;
}

type Query = (this: pg.Client, ...args: unknown[]) => unknown;

export function countQueries(): QueryCounter {
  const prototype = pg.Client.prototype as unknown as { query: Query };
  const original = prototype.query;
  let count = 0;
  let inFlight = 0;
  let lastAt = Date.now();
  const answered = () => {
    inFlight -= 1;
    lastAt = Date.now();
  };
  prototype.query = function counted(this: pg.Client, ...args: unknown[]) {
    count += 1;
    inFlight += 1;
    lastAt = Date.now();
    // Answered through a callback (the pool) or a promise (a transaction's client).
    const callback = args.at(-1);
    if (typeof callback === "function") {
      args[args.length - 1] = (...answer: unknown[]) => {
        answered();
        return callback(...answer);
      };
    }
    const result = original.apply(this, args);
    if (typeof callback !== "function") Promise.resolve(result).then(answered, answered);
    return result;
  };
  const settled = async (quietMs = 200) => {
    while (inFlight > 0 || Date.now() - lastAt < quietMs)
      await new Promise((resolve) => setTimeout(resolve, Math.max(10, quietMs - (Date.now() - lastAt))));
  };
  return {
    get count() {
      return count;
    },
    settled,
    async during(action) {
      await settled();
      const before = count;
      await action();
      await settled();
      return count - before;
    },
    stop() {
      prototype.query = original;
    },
  };
}

/**
 * The statements of one event with one receiver connected and with `many`: `measure(count)`
 * connects `count` receivers, causes the event and answers what it counted.
 */
export async function queriesWithOneAndMany(
  measure: (count: number) => Promise<number>,
  many = 20,
): Promise<{ one: number; many: number }> {
  return { one: await measure(1), many: await measure(many) };
}
