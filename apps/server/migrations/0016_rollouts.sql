CREATE TABLE "rollout_devices" (
	"rollout_guid" uuid NOT NULL,
	"device_guid" uuid NOT NULL,
	"position" integer NOT NULL,
	"wave" integer NOT NULL,
	"device_state" text DEFAULT 'pending' NOT NULL,
	"command_guid" uuid,
	"message" text,
	"error_code" text,
	"sent_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	CONSTRAINT "rollout_devices_rollout_guid_device_guid_pk" PRIMARY KEY("rollout_guid","device_guid")
);
--> statement-breakpoint
CREATE TABLE "rollouts" (
	"rollout_guid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"org_guid" uuid NOT NULL,
	"created_by" uuid,
	"created_by_email" text,
	"rollout_state" text NOT NULL,
	"stop_reason" text,
	"source_kind" text NOT NULL,
	"shadow_name" text NOT NULL,
	"template_guid" uuid,
	"template_name" text,
	"state" jsonb NOT NULL,
	"target_kind" text NOT NULL,
	"fleet_guid" uuid,
	"wave_size" integer NOT NULL,
	"pause_seconds" integer NOT NULL,
	"offline_policy" text NOT NULL,
	"wave_count" integer NOT NULL,
	"current_wave" integer DEFAULT 0 NOT NULL,
	"next_wave_at" timestamp with time zone,
	"locked_until" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "rollouts_wave_size" CHECK ("rollouts"."wave_size" between 1 and 1000)
);
--> statement-breakpoint
ALTER TABLE "rollout_devices" ADD CONSTRAINT "rollout_devices_rollout_guid_rollouts_rollout_guid_fk" FOREIGN KEY ("rollout_guid") REFERENCES "public"."rollouts"("rollout_guid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rollout_devices" ADD CONSTRAINT "rollout_devices_device_guid_devices_device_guid_fk" FOREIGN KEY ("device_guid") REFERENCES "public"."devices"("device_guid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rollouts" ADD CONSTRAINT "rollouts_org_guid_orgs_org_guid_fk" FOREIGN KEY ("org_guid") REFERENCES "public"."orgs"("org_guid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rollouts" ADD CONSTRAINT "rollouts_created_by_users_user_guid_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("user_guid") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "rollout_devices_wave_idx" ON "rollout_devices" USING btree ("rollout_guid","wave","position");--> statement-breakpoint
CREATE INDEX "rollout_devices_open_idx" ON "rollout_devices" USING btree ("device_guid") WHERE "rollout_devices"."device_state" in ('sent', 'queued');--> statement-breakpoint
CREATE INDEX "rollout_devices_command_idx" ON "rollout_devices" USING btree ("command_guid");--> statement-breakpoint
CREATE INDEX "rollouts_org_idx" ON "rollouts" USING btree ("org_guid","created_at");--> statement-breakpoint
CREATE INDEX "rollouts_active_idx" ON "rollouts" USING btree ("locked_until") WHERE "rollouts"."rollout_state" in ('running', 'paused');