import type { Db } from "./client";

export interface BatchedOptions<In, Out> {
  /** Serves a batch in one statement (one round trip, one commit); one result per input, in order. */
  runMany: (db: Db, batch: In[]) => Promise<Out[]>;
  /** Batches under way at once on one database handle. */
  maxInFlight: number;
  /** Inputs per batch at most. */
  maxBatch: number;
}

interface Waiting<In, Out> {
  input: In;
  resolve: (out: Out) => void;
  reject: (error: unknown) => void;
}

/**
 * Batching for a hot query (group commit, for a write): calls that arrive while earlier batches
 * are under way wait, and the next batch takes them all. A lone call goes at once (on the next
 * turn of the event loop, so the calls of one turn travel together); under load, one statement
 * and one commit serve many calls. If a batch fails, its inputs go again one by one, so a failure
 * is only ever the failing call's own. The state is kept per database handle, as prepared
 * statements are.
 */
export function batched<In, Out>(options: BatchedOptions<In, Out>): (db: Db, input: In) => Promise<Out> {
  const queues = new WeakMap<Db, ReturnType<typeof createQueue>>();

  function createQueue(db: Db) {
    const waiting: Waiting<In, Out>[] = [];
    let inFlight = 0;
    let isScheduled = false;

    const runAlone = async (entry: Waiting<In, Out>) => {
      try {
        const [out] = await options.runMany(db, [entry.input]);
        if (out === undefined) throw new Error("batched: the query returned no result");
        entry.resolve(out);
      } catch (error) {
        entry.reject(error);
      }
    };

    const run = async (batch: Waiting<In, Out>[]) => {
      if (batch.length === 1) return runAlone(batch[0] as Waiting<In, Out>);
      let results: Out[];
      try {
        results = await options.runMany(
          db,
          batch.map((entry) => entry.input),
        );
        if (results.length !== batch.length) throw new Error("batched: a result is missing");
      } catch {
        // Each input again, alone. A failed statement wrote nothing; should a connection break
        // after the commit, a write runs twice, so batched writes must be safe to repeat (a chat
        // send's client id makes its second run a no-op).
        for (const entry of batch) await runAlone(entry);
        return;
      }
      batch.forEach((entry, index) => {
        entry.resolve(results[index] as Out);
      });
    };

    const pump = () => {
      isScheduled = false;
      while (inFlight < options.maxInFlight && waiting.length > 0) {
        const batch = waiting.splice(0, options.maxBatch);
        inFlight += 1;
        void run(batch).finally(() => {
          inFlight -= 1;
          schedule();
        });
      }
    };

    const schedule = () => {
      if (isScheduled || waiting.length === 0) return;
      isScheduled = true;
      setImmediate(pump);
    };

    return (input: In) =>
      new Promise<Out>((resolve, reject) => {
        waiting.push({ input, resolve, reject });
        schedule();
      });
  }

  return (db, input) => {
    let enqueue = queues.get(db);
    if (!enqueue) {
      enqueue = createQueue(db);
      queues.set(db, enqueue);
    }
    return enqueue(input);
  };
}
