import {
  DriverAdapterError,
  type SqlDriverAdapter,
  type SqlDriverAdapterFactory,
  type Transaction,
} from "@prisma/driver-adapter-utils";

/** The statements Prisma's transaction manager ends a transaction with (its commit, its rollback, a timeout's rollback). */
const ENDS_TRANSACTION = /^\s*(COMMIT|ROLLBACK)\s*;?\s*$/i;

/** `target` with some members replaced; the others are its own, called on it. */
function withOverrides<T extends object>(target: T, overrides: Partial<T>): T {
  return new Proxy(target, {
    get(object, key) {
      if (Object.hasOwn(overrides, key)) return overrides[key as keyof T];
      const value = Reflect.get(object, key, object);
      return typeof value === "function" ? value.bind(object) : value;
    },
  });
}

const closed = () =>
  new DriverAdapterError({
    kind: "TransactionAlreadyClosed",
    cause: "The transaction ended (committed, rolled back or timed out) before this statement was sent.",
  });

/**
 * A transaction whose connection takes no statement once its COMMIT or ROLLBACK was sent.
 * When an interactive transaction outlives its timeout, Prisma sends ROLLBACK and gives the
 * connection back to the pool while the callback's current operation goes on: the rest of that
 * operation's statements (a nested create's read-back, say) ran outside any transaction, on a
 * connection someone else may already hold. They are refused here instead (Prisma: P1018).
 */
function guardTransaction(transaction: Transaction): Transaction {
  let ended = false;
  return withOverrides(transaction, {
    queryRaw: (query) => (ended ? Promise.reject(closed()) : transaction.queryRaw(query)),
    executeRaw: (query) => {
      if (ended) return Promise.reject(closed());
      if (ENDS_TRANSACTION.test(query.sql)) ended = true;
      return transaction.executeRaw(query);
    },
    commit: () => {
      ended = true;
      return transaction.commit();
    },
    rollback: () => {
      ended = true;
      return transaction.rollback();
    },
  });
}

function guardAdapter(adapter: SqlDriverAdapter): SqlDriverAdapter {
  return withOverrides(adapter, {
    startTransaction: async (isolationLevel) => guardTransaction(await adapter.startTransaction(isolationLevel)),
  });
}

/** A driver adapter factory whose transactions refuse statements after they ended (guardTransaction). */
export function guardTransactions<F extends SqlDriverAdapterFactory>(factory: F): F {
  return withOverrides(factory, {
    connect: async () => guardAdapter(await factory.connect()),
  } as Partial<F>);
}
