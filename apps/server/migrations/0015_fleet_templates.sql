CREATE TABLE "fleet_alert_templates" (
	"alert_guid" uuid PRIMARY KEY NOT NULL,
	"fleet_guid" uuid NOT NULL,
	"position" integer NOT NULL,
	"type" text NOT NULL,
	"name" text NOT NULL,
	"label" text NOT NULL,
	"config" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid
);
--> statement-breakpoint
DROP INDEX "shadow_templates_name_idx";--> statement-breakpoint
ALTER TABLE "shadow_templates" ADD COLUMN "fleet_guid" uuid;--> statement-breakpoint
ALTER TABLE "fleet_alert_templates" ADD CONSTRAINT "fleet_alert_templates_fleet_guid_fleets_fleet_guid_fk" FOREIGN KEY ("fleet_guid") REFERENCES "public"."fleets"("fleet_guid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fleet_alert_templates" ADD CONSTRAINT "fleet_alert_templates_updated_by_users_user_guid_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("user_guid") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "fleet_alert_templates_fleet_idx" ON "fleet_alert_templates" USING btree ("fleet_guid","position");--> statement-breakpoint
ALTER TABLE "shadow_templates" ADD CONSTRAINT "shadow_templates_fleet_guid_fleets_fleet_guid_fk" FOREIGN KEY ("fleet_guid") REFERENCES "public"."fleets"("fleet_guid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "shadow_templates_fleet_name_idx" ON "shadow_templates" USING btree ("fleet_guid","shadow_name","template_name") WHERE "shadow_templates"."fleet_guid" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "shadow_templates_name_idx" ON "shadow_templates" USING btree ("org_guid","shadow_name","template_name") WHERE "shadow_templates"."fleet_guid" is null;