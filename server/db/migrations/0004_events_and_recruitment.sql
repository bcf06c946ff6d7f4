CREATE TABLE "events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"title" text NOT NULL,
	"description" text NOT NULL,
	"organizer" text NOT NULL,
	"venue" text NOT NULL,
	"college" text NOT NULL,
	"city" text NOT NULL,
	"date" date NOT NULL,
	"time" text NOT NULL,
	"image" text NOT NULL,
	"registration_url" text,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "recruitment_posts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"recruiter_id" uuid NOT NULL,
	"purpose" text NOT NULL,
	"max_students" integer DEFAULT 1 NOT NULL,
	"event" text DEFAULT '' NOT NULL,
	"qualities" text DEFAULT '' NOT NULL,
	"years" jsonb NOT NULL,
	"description" text NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "recruitment_team_size" CHECK ("recruitment_posts"."max_students" between 1 and 20)
);
--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recruitment_posts" ADD CONSTRAINT "recruitment_posts_recruiter_id_users_id_fk" FOREIGN KEY ("recruiter_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "events_date_idx" ON "events" USING btree ("date" DESC NULLS LAST,"time" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "events_college_idx" ON "events" USING btree ("college");--> statement-breakpoint
CREATE INDEX "recruitment_active_created_idx" ON "recruitment_posts" USING btree ("created_at" DESC NULLS LAST) WHERE "recruitment_posts"."is_active";--> statement-breakpoint
CREATE INDEX "recruitment_recruiter_idx" ON "recruitment_posts" USING btree ("recruiter_id");