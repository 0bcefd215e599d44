CREATE TABLE "container_directory" (
	"container_guid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"identifier" text DEFAULT '' NOT NULL,
	"name" text NOT NULL,
	"image_url" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"company_name" text DEFAULT '' NOT NULL,
	"company_url" text DEFAULT '' NOT NULL,
	"company_description" text DEFAULT '' NOT NULL,
	"requirements" text DEFAULT '' NOT NULL,
	"manifest" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"platforms" text[] NOT NULL,
	"published" boolean DEFAULT false NOT NULL,
	"licensable" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid
);
--> statement-breakpoint
CREATE TABLE "container_directory_events" (
	"event_guid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"container_guid" uuid NOT NULL,
	"action" text NOT NULL,
	"user_guid" uuid,
	"email" text NOT NULL,
	"event_data" jsonb NOT NULL,
	"timestamp" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "container_directory" ADD CONSTRAINT "container_directory_updated_by_users_user_guid_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("user_guid") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "container_directory_name_idx" ON "container_directory" USING btree (lower("name") collate "C","container_guid");--> statement-breakpoint
CREATE INDEX "container_directory_events_container_idx" ON "container_directory_events" USING btree ("container_guid","timestamp");