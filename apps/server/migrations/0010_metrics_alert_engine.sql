CREATE TABLE "alert_conditions" (
	"device_guid" uuid NOT NULL,
	"condition_key" text NOT NULL,
	"org_guid" uuid NOT NULL,
	"rule" jsonb NOT NULL,
	"held_since" timestamp (3) with time zone,
	"due_at" timestamp (3) with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "alert_conditions_device_guid_condition_key_pk" PRIMARY KEY("device_guid","condition_key")
);
--> statement-breakpoint
CREATE TABLE "org_alert_settings" (
	"org_guid" uuid PRIMARY KEY NOT NULL,
	"offline" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid
);
--> statement-breakpoint
CREATE TABLE "org_alert_templates" (
	"template_guid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"org_guid" uuid NOT NULL,
	"type" text NOT NULL,
	"name" text NOT NULL,
	"label" text NOT NULL,
	"config" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid
);
--> statement-breakpoint
CREATE TABLE "device_metric_hours" (
	"device_guid" uuid NOT NULL,
	"namespace" text NOT NULL,
	"metric_name" text NOT NULL,
	"hour" timestamp (0) with time zone NOT NULL,
	"sample_count" integer NOT NULL,
	"sum" double precision NOT NULL,
	"minimum" double precision NOT NULL,
	"maximum" double precision NOT NULL,
	CONSTRAINT "device_metric_hours_device_guid_namespace_metric_name_hour_pk" PRIMARY KEY("device_guid","namespace","metric_name","hour")
);
--> statement-breakpoint
CREATE TABLE "device_metric_names" (
	"device_guid" uuid NOT NULL,
	"namespace" text NOT NULL,
	"metric_name" text NOT NULL,
	"last_seen" timestamp (0) with time zone NOT NULL,
	CONSTRAINT "device_metric_names_device_guid_namespace_metric_name_pk" PRIMARY KEY("device_guid","namespace","metric_name")
);
--> statement-breakpoint
CREATE TABLE "device_metric_samples" (
	"device_guid" uuid NOT NULL,
	"namespace" text NOT NULL,
	"metric_name" text NOT NULL,
	"sampled_at" timestamp (0) with time zone NOT NULL,
	"value" double precision NOT NULL,
	CONSTRAINT "device_metric_samples_device_guid_namespace_metric_name_sampled_at_pk" PRIMARY KEY("device_guid","namespace","metric_name","sampled_at")
);
--> statement-breakpoint
ALTER TABLE "alerts" ADD COLUMN "condition_key" text;--> statement-breakpoint
ALTER TABLE "alerts" ADD COLUMN "notify" jsonb DEFAULT '{"user_list":[],"email_list":[],"notify_on_close":false}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "alerts" ADD COLUMN "closed_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "alerts" ADD COLUMN "dismissed_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "alert_conditions" ADD CONSTRAINT "alert_conditions_device_guid_devices_device_guid_fk" FOREIGN KEY ("device_guid") REFERENCES "public"."devices"("device_guid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alert_conditions" ADD CONSTRAINT "alert_conditions_org_guid_orgs_org_guid_fk" FOREIGN KEY ("org_guid") REFERENCES "public"."orgs"("org_guid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "org_alert_settings" ADD CONSTRAINT "org_alert_settings_org_guid_orgs_org_guid_fk" FOREIGN KEY ("org_guid") REFERENCES "public"."orgs"("org_guid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "org_alert_settings" ADD CONSTRAINT "org_alert_settings_updated_by_users_user_guid_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("user_guid") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "org_alert_templates" ADD CONSTRAINT "org_alert_templates_org_guid_orgs_org_guid_fk" FOREIGN KEY ("org_guid") REFERENCES "public"."orgs"("org_guid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "org_alert_templates" ADD CONSTRAINT "org_alert_templates_updated_by_users_user_guid_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("user_guid") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_metric_hours" ADD CONSTRAINT "device_metric_hours_device_guid_devices_device_guid_fk" FOREIGN KEY ("device_guid") REFERENCES "public"."devices"("device_guid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_metric_names" ADD CONSTRAINT "device_metric_names_device_guid_devices_device_guid_fk" FOREIGN KEY ("device_guid") REFERENCES "public"."devices"("device_guid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_metric_samples" ADD CONSTRAINT "device_metric_samples_device_guid_devices_device_guid_fk" FOREIGN KEY ("device_guid") REFERENCES "public"."devices"("device_guid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "alert_conditions_due_idx" ON "alert_conditions" USING btree ("due_at") WHERE "alert_conditions"."due_at" is not null;--> statement-breakpoint
CREATE INDEX "org_alert_templates_org_idx" ON "org_alert_templates" USING btree ("org_guid");--> statement-breakpoint
CREATE INDEX "device_metric_hours_age_idx" ON "device_metric_hours" USING brin ("hour");--> statement-breakpoint
CREATE INDEX "device_metric_names_seen_idx" ON "device_metric_names" USING btree ("last_seen");--> statement-breakpoint
CREATE INDEX "device_metric_samples_age_idx" ON "device_metric_samples" USING brin ("sampled_at");--> statement-breakpoint
CREATE UNIQUE INDEX "alerts_open_condition_idx" ON "alerts" USING btree ("device_guid","condition_key") WHERE "alerts"."closed_at" is null;