-- Live presence across instances (issue 21): which users have a live socket open on which instance,
-- so no instance pushes to a student whose tab is connected to another. Each instance writes its
-- rows when a user's first socket opens or last one closes, refreshes them on a heartbeat and
-- deletes them when it stops; a row whose heartbeat is late (a crashed instance) no longer counts.
-- No foreign key to users: the rows are ephemeral, and a deleted user must not fail a heartbeat.
CREATE TABLE "live_presence" (
  "instance_id" uuid NOT NULL,
  "user_id" uuid NOT NULL,
  "sockets" integer NOT NULL,
  "seen_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "live_presence_instance_id_user_id_pk" PRIMARY KEY ("instance_id", "user_id")
);
--> statement-breakpoint
CREATE INDEX "live_presence_user_idx" ON "live_presence" USING btree ("user_id");
