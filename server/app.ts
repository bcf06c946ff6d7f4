import path from "node:path";
import { fileURLToPath } from "node:url";
import zlib from "node:zlib";
import compress from "@fastify/compress";
import cookie from "@fastify/cookie";
import swagger from "@fastify/swagger";
import type { PageSession } from "@shared/api/auth";
import { pageRequests } from "@shared/page-requests";
import Fastify, { type FastifyInstance, type FastifyRequest } from "fastify";
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from "fastify-type-provider-zod";
import type { Config } from "./config/env";
import { fastifyTrustProxy } from "./config/trust-proxy";
import type { AppContext } from "./context";
import type { Database } from "./db/client";
import { startDealDeadlines } from "./jobs/deal-deadlines";
import { startEventReminders } from "./jobs/event-reminders";
import { startHousekeeping } from "./jobs/housekeeping";
import { startListingsJob } from "./jobs/listings";
import { countOutbox, createOutboxWorker } from "./jobs/outbox";
import { createMailSender, MAIL_KIND } from "./jobs/outbox-mail";
import { AppError } from "./lib/app-error";
import { adminRoutes } from "./modules/admin/admin.routes";
import { adminContentRoutes } from "./modules/admin/admin-content.routes";
import { adminTicketsRoutes } from "./modules/admin/admin-tickets.routes";
import { adminUsersRoutes } from "./modules/admin/admin-users.routes";
import { toUserDto } from "./modules/auth/auth.mapper";
import { authRoutes } from "./modules/auth/auth.routes";
import { PASSWORD_RESET_KIND, sendPasswordResetMail } from "./modules/auth/auth.service";
import { chatsRoutes } from "./modules/chats/chats.routes";
import {
  adminCollegeAliasesRoutes,
  adminCollegeRequestsRoutes,
  collegesRoutes,
  myCollegeRequestRoutes,
} from "./modules/colleges/colleges.routes";
import { dashboardRoutes } from "./modules/dashboard/dashboard.routes";
import { adminDealsRoutes, dealsRoutes } from "./modules/deals/deals.routes";
import { eventPreviewPage } from "./modules/events/event-page";
import { eventsRoutes } from "./modules/events/events.routes";
import { healthRoutes } from "./modules/health/health.routes";
import { BrowseCountCache } from "./modules/items/browse.repository";
import { itemPreviewPage } from "./modules/items/item-preview";
import { itemsRoutes } from "./modules/items/items.routes";
import { adminMeetupSpotsRoutes, meetupsRoutes } from "./modules/meetups/meetups.routes";
import { notificationsRoutes } from "./modules/notifications/notifications.routes";
import { profilesRoutes } from "./modules/profiles/profiles.routes";
import { startDigests } from "./modules/push/digest";
import { pushRoutes } from "./modules/push/push.routes";
import { PUSH_DEADLINE_MS, PUSH_KIND, sendPush } from "./modules/push/push.service";
import { recruitmentRoutes } from "./modules/recruitment/recruitment.routes";
import { sessionsRoutes } from "./modules/settings/sessions.routes";
import { settingsRoutes } from "./modules/settings/settings.routes";
import { ticketsRoutes } from "./modules/tickets/tickets.routes";
import { createTicketMirrorSender, TICKET_MIRROR_KIND } from "./modules/tickets/tickets.service";
import { blocksRoutes } from "./modules/trust/blocks.routes";
import { privacyRoutes } from "./modules/trust/privacy.routes";
import { adminReportsRoutes, reportsRoutes } from "./modules/trust/reports.routes";
import { uploadsRoutes } from "./modules/uploads/uploads.routes";
import { adminVerificationRoutes, verificationRoutes } from "./modules/verification/verification.routes";
import { authPlugin, sessionCookieName, sessionIdleMs } from "./plugins/auth";
import { clientErrors, errorsPlugin, frameworkErrorsFor } from "./plugins/errors";
import { firstScreenDrawer } from "./plugins/first-screen";
import { loggerOptions, requestIdReader, requestLogging } from "./plugins/logging";
import { createMailer, type Mailer } from "./plugins/mail";
import { createAppMetrics, metricsPlugin } from "./plugins/metrics";
import { answerWithinPage, firstPicturesOf } from "./plugins/page-responses";
import { RateLimiter } from "./plugins/rate-limit";
import { securityPlugin } from "./plugins/security";
import { spaPlugin } from "./plugins/spa";
import { createStorage, type Storage } from "./plugins/storage";
import { liveGateway } from "./realtime/gateway";
import { hasLivePresence } from "./realtime/presence";
import { currentSeq } from "./realtime/realtime.repository";

/**
 * Slots of each outbox lane on one instance. Mail goes to one relay and pushes to many services, each
 * answering in well under a second when it is healthy; the ticket copy is rare.
 */
const MAIL_SLOTS = 4;
const PUSH_SLOTS = 8;
const FORM_SLOTS = 2;

/** Headers must arrive within this, or the request timeout when that is shorter (Node's default). */
const HEADERS_TIMEOUT_MS = 60_000;
/** Longer than the keep-alive timeout (72 s), so a connection is never closed under a load balancer. */
const IDLE_CONNECTION_TIMEOUT_MS = 80_000;

export const WEB_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../dist/web");

export interface BuildAppOptions {
  config: Config;
  database: Database;
  /** Replaces the file storage chosen by the configuration (tests). */
  storage?: Storage;
  /** Background workers (the outbox) start with the app unless false; tests drive them by hand. */
  startWorkers?: boolean;
  /** Replaces the mailer (tests capture mail). */
  mailer?: Mailer;
  /** Where the built web app lives; tests of the API alone pass a folder without one. */
  webRoot?: string;
  logger?: boolean | object;
}

/** Builds the whole app without listening, so tests can drive it in process. */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { config, database } = options;
  const app = Fastify({
    logger: options.logger ?? loggerOptions(config.LOG_LEVEL),
    // A well-formed X-Request-Id from a trusted load balancer is kept, so one id follows the request.
    genReqId: requestIdReader(config.TRUST_PROXY),
    requestIdHeader: false,
    frameworkErrors: frameworkErrorsFor(options.webRoot ?? WEB_ROOT),
    trustProxy: fastifyTrustProxy(config.TRUST_PROXY),
    bodyLimit: 1024 * 1024,
    // A request, body included, must arrive within REQUEST_TIMEOUT_SECONDS: a client trickling its
    // body a byte at a time is answered 408 and its connection closed. Node looks for late requests
    // every tenth of that time. An idle connection is closed a little after the keep-alive timeout
    // (Fastify's 72 s, longer than load balancers' idle timeouts, so they never reuse a closed one).
    // WebSocket upgrades leave Node's request tracking, so live sockets are not cut. Fastify hands
    // requestTimeout to the server it creates; the checking interval is fixed when it is created.
    requestTimeout: config.REQUEST_TIMEOUT_SECONDS * 1000,
    connectionTimeout: IDLE_CONNECTION_TIMEOUT_MS,
    http: {
      headersTimeout: Math.min(HEADERS_TIMEOUT_MS, config.REQUEST_TIMEOUT_SECONDS * 1000),
      connectionsCheckingInterval: Math.min(5000, Math.max(100, config.REQUEST_TIMEOUT_SECONDS * 100)),
    },
    clientErrorHandler: clientErrors,
    // Chat ids join two or three uuids.
    routerOptions: { maxParamLength: 300 },
    // While stopping, the refusal below answers in the API's own error shape.
    return503OnClosing: false,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const mailer =
    options.mailer ??
    createMailer({
      smtpUrl: config.SMTP_URL,
      from: config.MAIL_FROM,
      timeoutMs: config.OUTBOX_TIMEOUT_MS,
      dataDir: config.dataDir,
      log: app.log,
    });
  // Mail, pushes and the ticket copy each have their own lane and deadline: a push service that
  // never answers holds push slots only, and a student's pushes go one at a time (docs/decisions/039).
  const outboxWorker = createOutboxWorker({
    db: database.db,
    log: app.log,
    maxAttempts: config.OUTBOX_MAX_ATTEMPTS,
    retryBaseMs: config.OUTBOX_RETRY_BASE_MS,
    lanes: [
      {
        name: "mail",
        concurrency: MAIL_SLOTS,
        deadlineMs: config.OUTBOX_TIMEOUT_MS,
        senders: {
          [MAIL_KIND]: createMailSender(mailer),
          // The worker runs only once the app is built, when ctx exists.
          [PASSWORD_RESET_KIND]: (row) => sendPasswordResetMail(ctx, row),
        },
      },
      {
        name: "push",
        concurrency: PUSH_SLOTS,
        deadlineMs: PUSH_DEADLINE_MS,
        oneAtATimePer: "userId",
        senders: { [PUSH_KIND]: (row, signal) => sendPush(ctx, row, signal) },
      },
      ...(config.FORM_MIRROR_URL
        ? [
            {
              name: "forms",
              concurrency: FORM_SLOTS,
              deadlineMs: config.OUTBOX_TIMEOUT_MS,
              senders: { [TICKET_MIRROR_KIND]: createTicketMirrorSender(config.FORM_MIRROR_URL) },
            },
          ]
        : []),
    ],
  });
  const ctx: AppContext = {
    db: database.db,
    config,
    mailer,
    rateLimiter: new RateLimiter(database.db),
    storage: options.storage ?? (await createStorage(config)),
    bus: database.createBus((error) => app.log.error({ err: error }, "live bus connection failed")),
    outbox: outboxWorker,
    log: app.log,
    ...(config.BROWSE_COUNT_CACHE_SECONDS > 0
      ? {
          browseCounts: new BrowseCountCache(
            config.BROWSE_COUNT_CACHE_SECONDS,
            config.BROWSE_COUNT_CACHE_MIN_MATCHES,
          ),
        }
      : {}),
  };

  await app.register(swagger, {
    openapi: {
      info: { title: "Campus Bazaar API", version: "1.0.0" },
      components: {
        securitySchemes: {
          sessionCookie: {
            type: "apiKey",
            in: "cookie",
            name: sessionCookieName(config.isSecureCookie),
            description: "Session cookie. The scopes name the roles allowed to call the operation.",
          },
        },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(requestLogging);
  await app.register(errorsPlugin);
  // Once stopping, a request still arriving on an open connection (and /api/ready with it) is
  // refused with 503, so a load balancer sends it elsewhere; requests already running finish.
  let isStopping = false;
  app.addHook("preClose", async () => {
    isStopping = true;
  });
  app.addHook("onRequest", async (_request, reply) => {
    if (!isStopping) return;
    reply.header("connection", "close");
    throw new AppError("unavailable", "This server is stopping. Please try again.");
  });
  await app.register(securityPlugin, { publicUrl: config.publicUrl, isSecure: config.isSecureCookie });
  await app.register(cookie);
  await app.register(authPlugin, {
    db: database.db,
    isSecureCookie: config.isSecureCookie,
    idleMs: sessionIdleMs(config.SESSION_IDLE_DAYS),
  });

  let stopHousekeeping = () => {};
  let stopDealDeadlines = () => {};
  let stopListingsJob = () => {};
  let stopDigests = () => {};
  let stopEventReminders = () => {};
  if (options.startWorkers !== false) {
    app.addHook("onReady", async () => {
      outboxWorker.start();
      stopHousekeeping = startHousekeeping(database, ctx.storage, app.log);
      stopDealDeadlines = startDealDeadlines(ctx);
      stopListingsJob = await startListingsJob(ctx);
      stopDigests = startDigests(ctx, app.log);
      stopEventReminders = startEventReminders(ctx);
    });
  }
  app.addHook("onClose", async () => {
    stopHousekeeping();
    stopDealDeadlines();
    stopListingsJob();
    stopDigests();
    stopEventReminders();
    await outboxWorker.stop();
    await ctx.bus.close();
    if (!options.storage) ctx.storage.close?.();
  });
  // This instance's sockets first (no query), then every other instance's presence rows.
  ctx.hasLiveSocket = async (userId) =>
    app.hasLiveSocket(userId) || hasLivePresence(database.db, userId, config.LIVE_PRESENCE_HEARTBEAT_MS);
  const metrics = createAppMetrics();
  await app.register(liveGateway, {
    db: database.db,
    bus: ctx.bus,
    allowedOrigin: new URL(config.publicUrl).origin,
    socketsPerAddress: config.LIVE_SOCKETS_PER_ADDRESS,
    presenceHeartbeatMs: config.LIVE_PRESENCE_HEARTBEAT_MS,
    onDelivered: metrics.observeLiveDeliveryLag,
  });

  // Answers over 1 KB travel compressed to clients that accept it: JSON (a campus phone on a slow
  // network gets /api/colleges in 14 KB, not 37 KB) and the app's pages, which carry who is signed
  // in and the page's first answers (/buy's 16 KB arrive as 4 KB, a round trip sooner). Brotli at a
  // middle quality: the highest costs far more CPU than a dynamic answer is worth. Built files are
  // sent compressed already (spa.ts), images are not compressible; registered before the files'
  // plugin, as @fastify/compress asks.
  await app.register(compress, {
    threshold: 1024,
    encodings: ["br", "gzip"],
    brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } },
  });
  await app.register(
    async (api) => {
      await api.register(healthRoutes, { ctx, database });
      await api.register(authRoutes, { prefix: "/auth", ctx });
      await api.register(collegesRoutes, { prefix: "/colleges", ctx });
      await api.register(dashboardRoutes, { prefix: "/dashboard", ctx });
      await api.register(adminRoutes, { prefix: "/admin", ctx });
      await api.register(adminUsersRoutes, { prefix: "/admin", ctx });
      await api.register(adminContentRoutes, { prefix: "/admin", ctx });
      await api.register(adminTicketsRoutes, { prefix: "/admin", ctx });
      await api.register(adminReportsRoutes, { prefix: "/admin", ctx });
      await api.register(adminDealsRoutes, { prefix: "/admin", ctx });
      await api.register(uploadsRoutes, { ctx });
      await api.register(itemsRoutes, { ctx });
      await api.register(chatsRoutes, { ctx });
      await api.register(notificationsRoutes, { ctx });
      await api.register(pushRoutes, { ctx });
      await api.register(profilesRoutes, { ctx });
      await api.register(blocksRoutes, { ctx });
      await api.register(privacyRoutes, { ctx });
      await api.register(settingsRoutes, { ctx });
      await api.register(sessionsRoutes, { ctx });
      await api.register(ticketsRoutes, { ctx });
      await api.register(eventsRoutes, { ctx });
      await api.register(recruitmentRoutes, { ctx });
      await api.register(reportsRoutes, { ctx });
      await api.register(dealsRoutes, { ctx });
      await api.register(verificationRoutes, { ctx });
      await api.register(adminVerificationRoutes, { prefix: "/admin", ctx });
      await api.register(adminCollegeAliasesRoutes, { prefix: "/admin", ctx });
      await api.register(meetupsRoutes, { ctx });
      await api.register(adminMeetupSpotsRoutes, { prefix: "/admin", ctx });
      await api.register(adminCollegeRequestsRoutes, { prefix: "/admin", ctx });
      await api.register(myCollegeRequestRoutes, { ctx });
      api.get("/openapi.json", { config: { access: "public" }, schema: { hide: true } }, async () =>
        app.swagger(),
      );
    },
    { prefix: "/api" },
  );

  await app.register(metricsPlugin, {
    metrics,
    token: config.METRICS_TOKEN,
    // In production the figures (routes, traffic, backlog) are the operator's: a token, or loopback.
    isOpenWithoutToken: config.NODE_ENV !== "production",
    collectors: {
      live_sockets_open: { help: "Live sockets open on this instance", read: () => app.countLiveSockets() },
      outbox_backlog: {
        help: "Outbox messages waiting to be sent",
        read: () => countOutbox(database.db, "pending"),
      },
      outbox_failed: {
        help: "Outbox messages given up after every attempt",
        read: () => countOutbox(database.db, "failed"),
      },
      db_pool_connections: {
        help: "Database connections in the pool",
        read: () => database.poolStats().total,
      },
      db_pool_idle: { help: "Idle database connections in the pool", read: () => database.poolStats().idle },
      db_pool_waiting: {
        help: "Queries waiting for a database connection",
        read: () => database.poolStats().waiting,
      },
    },
  });
  const firstScreen = firstScreenDrawer(app.log);
  const hasSessionCookie = (request: FastifyRequest) =>
    Boolean(request.cookies[sessionCookieName(config.isSecureCookie)]);
  await app.register(spaPlugin, {
    root: options.webRoot ?? WEB_ROOT,
    pageFor: async (request, pathname) =>
      (await itemPreviewPage(ctx, pathname, !hasSessionCookie(request))) ??
      eventPreviewPage(ctx, pathname, !hasSessionCookie(request)),
    hasSessionCookie,
    sessionFor: async (request, pathname, search): Promise<PageSession> => {
      await app.loadSession(request);
      if (!request.user) return { user: null };
      // The answers are read after the live number: whatever happens in between reaches the page
      // twice (in an answer and live), never not at all.
      const liveSeq = await currentSeq(database.db, request.user.id);
      const responses = await answerWithinPage(app, request, pageRequests(pathname, search, request.user));
      return { user: toUserDto(request.user), liveSeq, responses };
    },
    picturesFor: (session) => firstPicturesOf(session.responses),
    firstScreenFor: (pathname, search, session) => firstScreen.draw(pathname, search, session),
  });
  // In production the components load as the server starts, not on the first student's page.
  if (config.NODE_ENV === "production") app.addHook("onReady", async () => firstScreen.warmUp());
  return app;
}
