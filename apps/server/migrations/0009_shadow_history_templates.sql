CREATE TABLE "shadow_versions" (
	"device_guid" uuid NOT NULL,
	"shadow_name" text NOT NULL,
	"version" integer NOT NULL,
	"org_guid" uuid,
	"state" jsonb NOT NULL,
	"reported_at" timestamp with time zone NOT NULL,
	"command_guid" uuid,
	"caused_by_user_guid" uuid,
	"caused_by_email" text,
	CONSTRAINT "shadow_versions_device_guid_shadow_name_version_pk" PRIMARY KEY("device_guid","shadow_name","version")
);
--> statement-breakpoint
CREATE TABLE "shadow_templates" (
	"template_guid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"org_guid" uuid NOT NULL,
	"shadow_name" text NOT NULL,
	"template_name" text NOT NULL,
	"state" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid
);
--> statement-breakpoint
ALTER TABLE "shadow_versions" ADD CONSTRAINT "shadow_versions_device_guid_devices_device_guid_fk" FOREIGN KEY ("device_guid") REFERENCES "public"."devices"("device_guid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shadow_versions" ADD CONSTRAINT "shadow_versions_org_guid_orgs_org_guid_fk" FOREIGN KEY ("org_guid") REFERENCES "public"."orgs"("org_guid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shadow_templates" ADD CONSTRAINT "shadow_templates_org_guid_orgs_org_guid_fk" FOREIGN KEY ("org_guid") REFERENCES "public"."orgs"("org_guid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shadow_templates" ADD CONSTRAINT "shadow_templates_updated_by_users_user_guid_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("user_guid") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "shadow_versions_reported_at_idx" ON "shadow_versions" USING btree ("reported_at");--> statement-breakpoint
CREATE UNIQUE INDEX "shadow_templates_name_idx" ON "shadow_templates" USING btree ("org_guid","shadow_name","template_name");--> statement-breakpoint
-- The history starts with the version each shadow is at (written by hand after drizzle-kit generate).
INSERT INTO "shadow_versions" ("device_guid", "shadow_name", "version", "org_guid", "state", "reported_at")
SELECT s."device_guid", s."shadow_name", s."reported_version", d."org_guid", s."reported_state", s."reported_at"
  FROM "shadows" s JOIN "devices" d ON d."device_guid" = s."device_guid"
 WHERE s."reported_version" IS NOT NULL AND s."reported_state" IS NOT NULL AND s."reported_at" IS NOT NULL;
