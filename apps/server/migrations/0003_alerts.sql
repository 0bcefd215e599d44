CREATE TABLE "alerts" (
	"alert_guid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"org_guid" uuid NOT NULL,
	"device_guid" uuid,
	"alert_type" text NOT NULL,
	"type" text NOT NULL,
	"name" text NOT NULL,
	"label" text DEFAULT '' NOT NULL,
	"category" text DEFAULT '' NOT NULL,
	"alert_state" text DEFAULT '' NOT NULL,
	"config" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"timestamp" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"last_status_change" timestamp (3) with time zone,
	"resolved" boolean DEFAULT false NOT NULL,
	"silenced" boolean DEFAULT false NOT NULL,
	"silenced_toggled_by" text,
	"silenced_timestamp" timestamp (3) with time zone,
	"closed_by" text,
	"legacy" boolean DEFAULT false NOT NULL,
	CONSTRAINT "alerts_device_alert_has_device" CHECK ("alerts"."alert_type" <> 'device' or "alerts"."device_guid" is not null)
);
--> statement-breakpoint
ALTER TABLE "alerts" ADD CONSTRAINT "alerts_org_guid_orgs_org_guid_fk" FOREIGN KEY ("org_guid") REFERENCES "public"."orgs"("org_guid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alerts" ADD CONSTRAINT "alerts_device_guid_devices_device_guid_fk" FOREIGN KEY ("device_guid") REFERENCES "public"."devices"("device_guid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "alerts_org_listing_idx" ON "alerts" USING btree ("org_guid","alert_type","timestamp","alert_guid");--> statement-breakpoint
CREATE INDEX "alerts_device_idx" ON "alerts" USING btree ("device_guid");