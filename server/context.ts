import type { FastifyBaseLogger } from "fastify";
import type { Config } from "./config/env";
import type { Db } from "./db/client";
import type { OutboxWorker } from "./jobs/outbox";
import type { BrowseCountCache } from "./modules/items/browse.repository";
import type { Mailer } from "./plugins/mail";
import type { RateLimiter } from "./plugins/rate-limit";
import type { Storage } from "./plugins/storage";
import type { LiveBus } from "./realtime/bus";

/** What services need from the outside world, built once by buildApp. */
export interface AppContext {
  db: Db;
  config: Config;
  mailer: Mailer;
  rateLimiter: RateLimiter;
  storage: Storage;
  /** Tells every instance whose live events to deliver, after a write commits. */
  bus: LiveBus;
  /** Delivers copies to other services (the support-ticket form) with retries. */
  outbox: OutboxWorker;
  log: FastifyBaseLogger;
  /** Browse's counts of matches kept a few seconds (BROWSE_COUNT_CACHE_SECONDS); none when 0. */
  browseCounts?: BrowseCountCache;
  /**
   * Whether a user has a live socket open on any instance (this one's sockets, then the presence
   * table of the others); set once the live gateway is up.
   */
  hasLiveSocket?: (userId: string) => Promise<boolean>;
}
